import { ConflictError, NotFoundError } from '@ai-coaching/domain';
import type { Page, ParsedRequest, WebhookDelivery, webhookOperations } from '@ai-coaching/contracts';
import {
  findWebhookDelivery,
  listWebhookDeliveries as queryWebhookDeliveries,
  recordWebhookDelivery,
  startWebhookRedelivery,
  webhookDeliveryAttempts,
  webhookDeliveryId,
  webhookDeliveryJobId,
  type WebhookDeliveryRow,
} from '@ai-coaching/platform';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { deliverWebhookJob } from '../jobs/webhooks/deliver-webhook.job.js';
import { signedInUser } from '../tenancy/scope.js';
import { visibleWebhookEndpoint } from './webhook-endpoints.js';

type Operations = typeof webhookOperations;

const deliveryNotFound = () => new NotFoundError('webhook_delivery_not_found', 'This delivery does not exist.');

const toWebhookDeliveries = async (
  services: Pick<AppServices, 'db'>,
  deliveries: WebhookDeliveryRow[],
): Promise<WebhookDelivery[]> => {
  const attempts = await webhookDeliveryAttempts(
    services.db,
    deliveries.map((delivery) => delivery.deliveryId),
  );
  return deliveries.map((delivery) => ({
    id: delivery.deliveryId,
    endpoint_id: delivery.endpointId,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_response_code: delivery.lastResponseCode,
    last_duration_ms: delivery.lastDurationMs,
    last_attempt_at: delivery.lastAttemptAt,
    next_attempt_at: delivery.nextAttemptAt,
    created_at: delivery.createdAt,
    body: delivery.body,
    attempt_log: (attempts.get(delivery.deliveryId) ?? []).map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      response_code: attempt.responseCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  }));
};

const deliveryAnswer = async (services: AppServices, deliveryId: string): Promise<WebhookDelivery> => {
  const delivery = await findWebhookDelivery(services.db, deliveryId);
  if (!delivery) throw deliveryNotFound();
  return (await toWebhookDeliveries(services, [delivery]))[0]!;
};

/** Hands one round of a delivery to the queue, under its idempotent job id. */
export const enqueueWebhookDelivery = async (
  services: Pick<AppServices, 'queue'>,
  delivery: { deliveryId: string; round: number },
  delayMs = 0,
): Promise<void> => {
  await services.queue.enqueue(
    deliverWebhookJob,
    { deliveryId: delivery.deliveryId, round: delivery.round },
    { jobId: webhookDeliveryJobId(delivery.deliveryId, delivery.round), ...(delayMs > 0 ? { delayMs } : {}) },
  );
};

export const listWebhookDeliveries = async (
  services: AppServices,
  origin: Origin,
  endpointId: string,
  query: ParsedRequest<Operations['deliveries']>['query'],
): Promise<Page<WebhookDelivery>> => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  const page = await queryWebhookDeliveries(services.db, {
    endpointId: endpoint.endpointId,
    ...(query.status === undefined ? {} : { status: query.status }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    items: await toWebhookDeliveries(services, page.items),
    total: page.total,
    page: query.page,
    page_size: query.page_size,
  };
};

/** A finished delivery sent again now, under its `webhook-id`, with the whole schedule of retries before it. */
export const redeliverWebhook = async (
  services: AppServices,
  origin: Origin,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  const delivery = await findWebhookDelivery(services.db, deliveryId);
  if (delivery?.endpointId !== endpoint.endpointId) throw deliveryNotFound();
  const round = await startWebhookRedelivery(services.db, delivery.deliveryId, nowIso(services));
  if (round === undefined) {
    throw new ConflictError(
      'webhook_delivery_in_progress',
      'This delivery is still being tried; redeliver it once it has succeeded or failed.',
    );
  }
  await enqueueWebhookDelivery(services, { deliveryId: delivery.deliveryId, round });
  return deliveryAnswer(services, delivery.deliveryId);
};

/** A `webhook.test` event sent to the endpoint at once, whether it is on or off, logged with its deliveries. */
export const testWebhook = async (services: AppServices, origin: Origin, endpointId: string) => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  const now = nowIso(services);
  const messageId = `msg_test_${services.ids.newId()}`;
  const deliveryId = webhookDeliveryId(endpoint.endpointId, messageId);
  const data = { endpoint_id: endpoint.endpointId, organization_id: endpoint.organizationId, sent_at: now };
  await recordWebhookDelivery(services.db, {
    deliveryId,
    endpointId: endpoint.endpointId,
    organizationId: endpoint.organizationId,
    messageId,
    eventType: 'webhook.test',
    body: JSON.stringify({ type: 'webhook.test', timestamp: now, version: 1, data }),
    createdAt: now,
  });
  await enqueueWebhookDelivery(services, { deliveryId, round: 1 });
  return deliveryAnswer(services, deliveryId);
};
