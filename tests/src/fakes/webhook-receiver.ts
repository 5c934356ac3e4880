import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got: its headers, the raw body, and what it answered. */
export type ReceivedWebhook = {
  id: string;
  /** The status the URL's `?fail=` asks for, if any: an endpoint registered to fail. */
  failWith: number | undefined;
  timestamp: string;
  signature: string;
  body: string;
  status: number;
};

/**
 * A webhook receiver on 127.0.0.1 that checks every delivery as a customer's would, with `standardwebhooks`'
 * `Webhook.verify` on the raw body (an unverifiable request is answered 401 and kept aside), and answers what the
 * test says: `answer(request, count)` gets how many requests of that `webhook-id` came before it.
 */
export const startWebhookReceiver = async (options: {
  secrets: () => readonly string[];
  answer?: (request: Omit<ReceivedWebhook, 'status'>, earlier: number) => number;
}) => {
  const received: ReceivedWebhook[] = [];
  const unverified: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      const verified = options.secrets().some((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      if (!verified) {
        unverified.push({ headers: request.headers, body });
        response.writeHead(401).end();
        return;
      }
      const fail = new URL(request.url ?? '/', 'http://receiver').searchParams.get('fail');
      const entry = {
        id: headers['webhook-id'],
        failWith: fail === null ? undefined : Number(fail),
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
      };
      const earlier = received.filter((other) => other.id === entry.id).length;
      const status = options.answer?.(entry, earlier) ?? 204;
      received.push({ ...entry, status });
      response.writeHead(status).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    unverified,
    /** Resolves once `check` holds of what was received, or rejects after `timeoutMs`. */
    async until(check: (received: readonly ReceivedWebhook[]) => boolean, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check(received)) {
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${received.length} requests, not what was awaited`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
