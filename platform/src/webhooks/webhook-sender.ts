import { randomBytes } from 'node:crypto';
import { AiCallError } from '@ai-coaching/domain';
import { Webhook } from 'standardwebhooks';
import { createGuardedFetch, type Resolver } from '../ai/outbound-guard.js';
import { retryAfterMsOf } from '../ai/provider-call.js';

/**
 * Sending one webhook attempt per the Standard Webhooks specification: the body signed with HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{body}` by every secret that signs (the current one, and the previous one during
 * a rotation's grace period: space-separated `v1,` signatures), through the outbound guard of AI calls (an endpoint's
 * URL is chosen by people, so the server must not become a way into its own network), within a timeout, following no
 * redirect. Neither the secrets nor the answer's body are ever logged or kept.
 */

/** How long an attempt may take, connection and answer included (the specification suggests 15–30 s at most). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A new endpoint secret: 32 random bytes, base64, with the `whsec_` prefix receivers' libraries strip. */
export const createWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export type WebhookAttemptRequest = {
  url: string;
  /** The `webhook-id`: the message's, the same on every attempt and every redelivery. */
  messageId: string;
  body: string;
  /** `whsec_…` secrets, each adding a signature. */
  secrets: readonly string[];
  at: Date;
};

export type WebhookAttemptOutcome = {
  /** `succeeded`: 2xx; `gone`: 410 (the endpoint is disabled); `failed`: anything else, tried again. */
  outcome: 'succeeded' | 'failed' | 'gone';
  responseCode: number | null;
  durationMs: number;
  /** Why no answer came: `timeout`, `address_refused`, `redirect` or `network`. */
  error: string | null;
  /** The answer's `Retry-After`, in milliseconds from now. */
  retryAfterMs: number | null;
};

export type WebhookSender = {
  send(request: WebhookAttemptRequest): Promise<WebhookAttemptOutcome>;
  close(): Promise<void>;
};

/** The signature header's value: one `v1,<base64>` per secret. */
export const signWebhook = (request: Omit<WebhookAttemptRequest, 'url'>): string =>
  request.secrets.map((secret) => new Webhook(secret).sign(request.messageId, request.at, request.body)).join(' ');

const errorKind = (error: unknown, timedOut: boolean): string => {
  if (timedOut) return 'timeout';
  if (error instanceof AiCallError) return error.code === 'address_refused' ? 'address_refused' : 'redirect';
  return 'network';
};

export const createWebhookSender = (options: {
  allowPrivateNetwork: boolean;
  timeoutMs?: number;
  resolver?: Resolver;
}): WebhookSender => {
  const guarded = createGuardedFetch({
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    async send(request) {
      const started = performance.now();
      const timeout = AbortSignal.timeout(timeoutMs);
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const response = await guarded(request.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'AI-Coaching-Webhooks/1',
            'webhook-id': request.messageId,
            'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
            'webhook-signature': signWebhook(request),
          },
          body: request.body,
          signal: timeout,
        });
        // The answer's body is read (so the connection can be reused) and dropped: it is the receiver's.
        await response.arrayBuffer().catch(() => undefined);
        const status = response.status;
        return {
          outcome: status >= 200 && status < 300 ? 'succeeded' : status === 410 ? 'gone' : 'failed',
          responseCode: status,
          durationMs: elapsed(),
          error: null,
          retryAfterMs: retryAfterMsOf(response.headers as unknown as Headers) ?? null,
        };
      } catch (error) {
        return {
          outcome: 'failed',
          responseCode: null,
          durationMs: elapsed(),
          error: errorKind(error, timeout.aborted),
          retryAfterMs: null,
        };
      }
    },
    close: () => guarded.close(),
  };
};
