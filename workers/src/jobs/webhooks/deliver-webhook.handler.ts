import { attemptWebhookDelivery, type AppServices, type deliverWebhookJob } from '@ai-coaching/application';
import type { JobHandler, JobPayload } from '@ai-coaching/platform';

/**
 * `webhooks.deliver`: one signed attempt of one delivery round; a failure to try again later is thrown as
 * `RetryLaterError`, naming when (docs/api/integrations.md, "Webhooks").
 */
export const createDeliverWebhookHandler =
  (services: AppServices): JobHandler<JobPayload<typeof deliverWebhookJob>> =>
  (payload, context) =>
    attemptWebhookDelivery(services, payload, context);
