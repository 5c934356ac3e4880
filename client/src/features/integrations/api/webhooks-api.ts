import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@ai-coaching/contracts';

// Outbound webhooks (docs/api/integrations.md, "Webhooks"): the endpoints, their secrets shown once, their log.

const endpointKeys = queryKeys('webhooks');
const deliveryKeys = queryKeys('webhook-deliveries');

export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: endpointKeys.list({}),
    queryFn: () => api.call(op.list, { query: { page_size: 48 } }),
  });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());

export type WebhookBody = RequestOf<typeof op.create>['body'];
export type WebhookPatch = RequestOf<typeof op.update>['body'];

export const useCreateWebhook = () =>
  useInvalidatingMutation([endpointKeys], (body: WebhookBody) => api.call(op.create, { body }));

export const useUpdateWebhook = () =>
  useInvalidatingMutation([endpointKeys], ({ id, patch }: { id: string; patch: WebhookPatch }) =>
    api.call(op.update, { params: { id }, body: patch }),
  );

export const useDeleteWebhook = () =>
  useInvalidatingMutation([endpointKeys], (id: string) => api.call(op.delete, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useInvalidatingMutation([endpointKeys], ({ id, seconds }: { id: string; seconds: number }) =>
    api.call(op.rotateSecret, { params: { id }, body: { grace_period_seconds: seconds } }),
  );

/** A delivery still being tried: its log is asked again every two seconds until none is. */
const pending = (page: { items: { status: string }[] } | undefined) =>
  page?.items.some((delivery) => delivery.status === 'pending') ?? false;

export const getWebhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deliveryKeys.detail(id),
    queryFn: () => api.call(op.deliveries, { params: { id }, query: { page_size: 24 } }),
    refetchInterval: (query) => (pending(query.state.data) ? 2000 : false),
  });

export const useWebhookDeliveries = (id: string) => useQuery(getWebhookDeliveriesQueryOptions(id));

export const useTestWebhook = () =>
  useInvalidatingMutation([deliveryKeys], (id: string) => api.call(op.test, { params: { id } }));

export const useRedeliverWebhook = () =>
  useInvalidatingMutation([deliveryKeys], (params: { id: string; delivery_id: string }) =>
    api.call(op.redeliver, { params }),
  );
