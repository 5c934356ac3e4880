import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  readWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  testWebhook,
  updateWebhookEndpoint,
} from '@ai-coaching/application';
import { webhookOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

/** Outbound webhooks (docs/api/integrations.md, "Webhooks"): endpoints, their deliveries, a test, a rotation. */
export const webhookRoutes = [
  defineRoute(op.list, { access: permission('webhook-list'), handler: listHandler(listWebhookEndpoints) }),
  defineRoute(op.create, { access: permission('webhook-create'), handler: createHandler(createWebhookEndpoint) }),
  defineRoute(op.read, { access: permission('webhook-read'), handler: readHandler(readWebhookEndpoint) }),
  defineRoute(op.update, { access: permission('webhook-update'), handler: updateHandler(updateWebhookEndpoint) }),
  defineRoute(op.delete, { access: permission('webhook-delete'), handler: deleteHandler(deleteWebhookEndpoint) }),
  defineRoute(op.rotateSecret, {
    access: permission('webhook-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await rotateWebhookSecret(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.test, {
    access: permission('webhook-update'),
    handler: async ({ params, origin, services }) => ({
      status: 202 as const,
      body: await testWebhook(services, origin, params.id),
    }),
  }),
  defineRoute(op.deliveries, {
    access: permission('webhook-read'),
    handler: async ({ params, query, origin, services }) => ({
      body: await listWebhookDeliveries(services, origin, params.id, query),
    }),
  }),
  defineRoute(op.redeliver, {
    access: permission('webhook-update'),
    handler: async ({ params, origin, services }) => ({
      status: 202 as const,
      body: await redeliverWebhook(services, origin, params.id, params.delivery_id),
    }),
  }),
];
