import { webhookEndpointDecider, webhookEndpointStreamId } from '@ai-coaching/domain';
import {
  createWebhookSender,
  findWebhookDelivery,
  recordWebhookAttempt,
  RetryLaterError,
  webhookEndpointSucceededSince,
  type JobContext,
  type WebhookAttemptOutcome,
  type WebhookDeliveryRow,
} from '@ai-coaching/platform';
import { findUser, findWebhookEndpoint, type WebhookEndpointView } from '@ai-coaching/projections';
import { SYSTEM, type AppServices } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { mailGreetingOf, mailRecipientOf, sendMailJob } from '../jobs/mail/send-mail.job.js';
import { signingSecrets } from './webhook-secrets.js';

/** The longest a `Retry-After` may put the next attempt off. */
const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before attempt `attempt + 1` of a round: the gap between the schedule's times (they count from the first
 * attempt), ±10 % jitter drawn from the delivery's id so receivers coming back are not hit by every delivery at once,
 * and never sooner than the receiver's `Retry-After`. Undefined once the schedule is spent.
 */
export const nextWebhookRetryDelay = (
  schedule: readonly number[],
  attempt: number,
  deliveryId: string,
  retryAfterMs: number | null,
): number | undefined => {
  if (attempt > schedule.length) return undefined;
  const gap = schedule[attempt - 1]! - (schedule[attempt - 2] ?? 0);
  let hash = attempt;
  for (const char of deliveryId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const jittered = Math.round(gap * (0.9 + (hash % 1000) / 5000));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, RETRY_AFTER_MAX_MS));
};

const endpointOrigin = (url: string) => (URL.canParse(url) ? new URL(url).origin : url).slice(0, 300);

/**
 * Turns the endpoint off (24 hours of failures, or a 410) and, the first time only, mails whoever created it. The
 * command's id comes from the delivery, so a job run again neither disables twice nor mails twice.
 */
const disableEndpoint = async (
  services: AppServices,
  endpoint: WebhookEndpointView,
  delivery: WebhookDeliveryRow,
  reason: 'failing' | 'gone',
  now: Date,
): Promise<void> => {
  const result = await runCommand(
    services,
    { ...SYSTEM, readYourWrites: false },
    {
      streamId: webhookEndpointStreamId(endpoint.endpointId),
      decider: webhookEndpointDecider,
      command: {
        type: 'DisableWebhookEndpoint',
        data: { endpointId: endpoint.endpointId, reason },
        metadata: { now: now.toISOString() },
      },
    },
    { commandId: `webhook-disable-${delivery.deliveryId}-${delivery.round}` },
  );
  if (result.events.length === 0) return;
  services.logger.warn({ endpointId: endpoint.endpointId, reason }, 'webhook endpoint disabled');
  const creator = await findUser(services.db, endpoint.createdBy);
  if (!creator || creator.status !== 'active') return;
  await services.queue.enqueue(
    sendMailJob,
    {
      template: 'webhook-disabled',
      ...mailRecipientOf(creator),
      organizationId: endpoint.organizationId,
      params: {
        firstName: mailGreetingOf(creator),
        endpointOrigin: endpointOrigin(endpoint.url),
        webhooksUrl: `${services.config.publicUrl}/settings/webhooks`,
        disabledAt: now.toISOString(),
      },
    },
    { jobId: `webhook-disabled-${endpoint.endpointId}-${delivery.round}-${now.getTime()}` },
  );
};

const send = async (services: AppServices, endpoint: WebhookEndpointView, delivery: WebhookDeliveryRow, now: Date) => {
  const sender = createWebhookSender({ allowPrivateNetwork: services.config.WEBHOOK_ALLOW_PRIVATE_NETWORK });
  try {
    return await sender.send({
      url: endpoint.url,
      messageId: delivery.messageId,
      body: delivery.body,
      secrets: await signingSecrets(services, endpoint, now),
      at: now,
    });
  } finally {
    await sender.close();
  }
};

const failedWithout = (error: string): WebhookAttemptOutcome => ({
  outcome: 'failed',
  responseCode: null,
  durationMs: 0,
  error,
  retryAfterMs: null,
});

/**
 * One attempt of one round of a delivery (`webhooks.deliver`): signed and sent, logged, and then done (2xx), the
 * endpoint disabled (410), tried again at the schedule's next time (`RetryLaterError`), or, the schedule spent, failed
 * for good, which disables the endpoint unless another delivery to it succeeded meanwhile. A round superseded by a
 * redelivery, or a delivery already finished (a job run again), sends nothing.
 */
export const attemptWebhookDelivery = async (
  services: AppServices,
  payload: { deliveryId: string; round: number },
  context: Pick<JobContext, 'attempt'>,
): Promise<void> => {
  const delivery = await findWebhookDelivery(services.db, payload.deliveryId);
  if (delivery?.round !== payload.round || delivery.status !== 'pending') return;
  const endpoint = await findWebhookEndpoint(services.db, delivery.endpointId);
  const now = services.clock.now();
  const isTest = delivery.eventType === 'webhook.test';
  const outcome =
    endpoint === undefined
      ? failedWithout('endpoint_deleted')
      : !endpoint.enabled && !isTest
        ? failedWithout('endpoint_disabled')
        : await send(services, endpoint, delivery, now);
  const final = endpoint === undefined || outcome.error?.startsWith('endpoint_') === true;
  const delay =
    final || outcome.outcome !== 'failed'
      ? undefined
      : nextWebhookRetryDelay(
          services.config.WEBHOOK_RETRY_SCHEDULE_MS,
          context.attempt,
          delivery.deliveryId,
          outcome.retryAfterMs,
        );
  const status = outcome.outcome === 'succeeded' ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
  await recordWebhookAttempt(services.db, delivery.deliveryId, {
    at: now.toISOString(),
    responseCode: outcome.responseCode,
    durationMs: outcome.durationMs,
    error: outcome.error,
    status,
    nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay).toISOString(),
  });
  if (status === 'pending') {
    throw new RetryLaterError(`webhook attempt failed (${outcome.responseCode ?? outcome.error})`, delay!);
  }
  if (!endpoint || isTest || final || outcome.outcome === 'succeeded') return;
  if (outcome.outcome === 'gone') {
    await disableEndpoint(services, endpoint, delivery, 'gone', now);
    return;
  }
  if (!(await webhookEndpointSucceededSince(services.db, endpoint.endpointId, delivery.createdAt))) {
    await disableEndpoint(services, endpoint, delivery, 'failing', now);
  }
};
