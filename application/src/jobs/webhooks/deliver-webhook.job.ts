import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

/**
 * One round of a webhook delivery (docs/api/integrations.md, "Webhooks"): the queue job `{endpointId}.{messageId}`
 * (then `….redelivery-{round}` for a manual redelivery), whose handler sends one attempt and, on a failure, names
 * when the next falls (`WEBHOOK_RETRY_SCHEDULE_MS`, or a later `Retry-After`). The handler ends the round itself
 * once the schedule is spent, so the queue's attempts are only a bound; a failure of the handler itself (a store
 * down) backs off exponentially from 5 s.
 */
export const deliverWebhookJob = defineJob({
  id: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.string().min(1).max(300), round: z.number().int().min(1) }),
  attempts: 25,
  backoffMs: 5000,
  backoff: 'handler',
});
