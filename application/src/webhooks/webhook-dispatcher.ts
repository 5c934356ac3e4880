import { onChange, readModelTopic, recordWebhookDelivery } from '@ai-coaching/platform';
import { undispatchedWebhookOutbox } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { enqueueWebhookDelivery } from './webhook-deliveries.js';

/** Rows handed to the queue per pass. */
const DISPATCH_BATCH = 100;
/** The backstop of the outbox's commit notifications. */
const DISPATCH_POLL_MS = 2000;

/**
 * Hands the outbox's new rows to the queue: each becomes a delivery (`webhook_deliveries`, recorded once whichever
 * dispatcher gets there first) and its first round's job, `{endpointId}.{messageId}`. Answers how many it handed.
 */
export const dispatchWebhookOutbox = async (services: Pick<AppServices, 'db' | 'queue' | 'clock'>): Promise<number> => {
  let handed = 0;
  for (;;) {
    const rows = await undispatchedWebhookOutbox(services.db, DISPATCH_BATCH);
    for (const row of rows) {
      const recorded = await recordWebhookDelivery(services.db, {
        ...row,
        createdAt: services.clock.now().toISOString(),
      });
      if (!recorded) continue;
      await enqueueWebhookDelivery(services, { deliveryId: row.deliveryId, round: 1 });
      handed += 1;
    }
    if (rows.length < DISPATCH_BATCH) return handed;
  }
};

/**
 * Enqueues again every delivery still pending, when its next attempt falls: a stop between recording a delivery and
 * enqueuing it, or the in-process queue's jobs lost with its process. Job ids make it add nothing that is queued.
 */
export const resumeWebhookDeliveries = async (services: Pick<AppServices, 'db' | 'queue' | 'clock'>): Promise<void> => {
  const { rows } = await services.db.query<{
    delivery_id: string;
    round: number;
    next_attempt_at: Date | string | null;
  }>(`SELECT delivery_id, round, next_attempt_at FROM webhook_deliveries WHERE status = 'pending'`);
  const now = services.clock.now().getTime();
  for (const row of rows) {
    const due = row.next_attempt_at === null ? now : new Date(row.next_attempt_at).getTime();
    await enqueueWebhookDelivery(services, { deliveryId: row.delivery_id, round: row.round }, Math.max(0, due - now));
  }
};

export type WebhookDispatcher = { stop(): Promise<void> };

/**
 * The dispatcher of a runtime that runs jobs: a pass at each commit of the outbox read model (at once in this
 * process, by NOTIFY from the projections' process) and every 2 s regardless, one pass at a time. Several runtimes may
 * each run one: a row is recorded as a delivery once, and only its recorder enqueues it.
 */
export const startWebhookDispatcher = async (
  services: Pick<AppServices, 'db' | 'queue' | 'clock' | 'logger'>,
): Promise<WebhookDispatcher> => {
  await resumeWebhookDeliveries(services).catch((error: unknown) =>
    services.logger.warn({ err: error }, 'webhook deliveries could not be resumed; the next start tries again'),
  );
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatchWebhookOutbox(services)
      .then(() => undefined)
      .catch((error: unknown) => services.logger.warn({ err: error }, 'webhook dispatch failed; it runs again soon'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const unsubscribe = onChange(services.db, [readModelTopic('webhook-outbox')], pass);
  const timer = setInterval(pass, DISPATCH_POLL_MS);
  timer.unref();
  pass();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
};
