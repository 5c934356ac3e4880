import {
  WEBHOOK_CREDIT_THRESHOLD_MAX,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_GRACE_PERIOD_MAX_SECONDS,
  WEBHOOK_URL_MAX,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// Outbound webhooks (docs/api/integrations.md, "Webhooks"): the endpoints an organization registers, the log of what
// was sent to them, and the payload of every event, versioned, which the OpenAPI document's `webhooks` section shows.

const url = text().trim().min(1).max(WEBHOOK_URL_MAX);
const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length);
const description = text().trim().max(WEBHOOK_DESCRIPTION_MAX);
const creditLowThreshold = z.number().int().min(1).max(WEBHOOK_CREDIT_THRESHOLD_MAX).nullable();

export const webhookEndpointSchema = z.strictObject({
  id: text(),
  organization_id: text(),
  url: text(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: text(),
  credit_low_threshold: creditLowThreshold.describe(
    '`credits.wallet.low` fires when a wallet of the organization falls below this many credits; null: never.',
  ),
  enabled: z.boolean(),
  disabled_reason: z
    .enum(['manual', 'failing', 'gone'])
    .nullable()
    .describe('Why it is off: `manual`, `failing` (24 hours of failed deliveries) or `gone` (it answered 410).'),
  created_by: text(),
  created_at: text(),
  updated_at: text(),
  secret_rotated_at: text().nullable(),
  previous_secret_expires_at: text()
    .nullable()
    .describe('Until then the previous secret signs too (a second `v1,` signature); null when none does.'),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: text().describe('`whsec_…`: shown at creation and rotation only; keep it where the receiver runs.'),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliveryAttemptSchema = z.strictObject({
  attempt: z.number().int().min(1),
  at: text(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int().min(0),
  error: text().nullable().describe('Why it failed without an answer: `timeout`, `address_refused`, `network`.'),
});

export const webhookDeliverySchema = z.strictObject({
  id: text(),
  endpoint_id: text(),
  message_id: text().describe('The `webhook-id` header: the same on every attempt, the receiver’s idempotency key.'),
  event_type: text(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  last_response_code: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_attempt_at: text().nullable(),
  next_attempt_at: text().nullable(),
  created_at: text(),
  body: text().describe('The JSON body sent, byte for byte as signed.'),
  attempt_log: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const notFound = { description: '`webhook_not_found`: it does not exist or is another organization’s.' };
const urlRefused = {
  description:
    '`webhook_url_refused`: the URL is on a private network (or loopback, link-local, the cloud metadata service); `invalid_webhook_url`, `invalid_webhook_events`, `invalid_webhook_description`, `invalid_webhook_credit_threshold`.',
};
const deliveryParams = z.object({ id: idSchema, delivery_id: text().min(1).max(250) });

export const webhookOperations = defineOperations(
  { name: 'webhooks', tag: 'Webhooks' },
  {
    list: {
      method: 'GET',
      path: '/v1/webhooks',
      summary: 'The webhook endpoints of the caller’s organization; super-admins see all, or one organization’s.',
      query: listQuery({ organization_id: idSchema.optional() }),
      responses: {
        200: { description: 'A page of endpoints (never their secrets).', schema: pageOf(webhookEndpointSchema) },
        404: { description: '`organization_not_found`.' },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/webhooks',
      summary:
        'Register an endpoint that receives the events listed, signed per the Standard Webhooks specification. The answer holds its secret, shown this once (so no `Idempotency-Key`: a kept answer would keep the secret).',
      body: closed(
        z.object({
          url,
          events,
          description: description.optional(),
          credit_low_threshold: creditLowThreshold.optional(),
          organization_id: idSchema
            .optional()
            .describe('Super-admins only: whose endpoint; the caller’s own otherwise.'),
        }),
      ),
      responses: {
        201: { description: 'The endpoint with its secret.', schema: webhookEndpointWithSecretSchema },
        400: urlRefused,
        404: { description: '`organization_not_found`.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/webhooks/:id',
      summary: 'One webhook endpoint (never its secret).',
      params: idParams,
      responses: { 200: { description: 'The endpoint.', schema: webhookEndpointSchema }, 404: notFound },
    },
    update: {
      method: 'PATCH',
      path: '/v1/webhooks/:id',
      summary: 'Change its URL, events, description or low-credit threshold, or turn it on or off (`enabled`).',
      params: idParams,
      body: patchOf(
        z.object({
          url: url.optional(),
          events: events.optional(),
          description: description.optional(),
          credit_low_threshold: creditLowThreshold.optional(),
          enabled: z.boolean().optional(),
        }),
      ),
      responses: {
        200: { description: 'The endpoint.', schema: webhookEndpointSchema },
        400: urlRefused,
        404: notFound,
      },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/webhooks/:id',
      summary: 'Delete an endpoint: nothing more is sent to it. Deleting again changes nothing.',
      params: idParams,
      responses: { 204: { description: 'Deleted.' }, 404: notFound },
    },
    rotateSecret: {
      method: 'POST',
      path: '/v1/webhooks/:id/rotate_secret',
      summary:
        'A new secret signs from now on; the previous one signs too (two `v1,` signatures) until the grace period ends (24 hours unless given).',
      params: idParams,
      body: closed(
        z.object({ grace_period_seconds: z.number().int().min(0).max(WEBHOOK_GRACE_PERIOD_MAX_SECONDS).optional() }),
      ),
      responses: {
        200: {
          description: 'The endpoint with its new secret, shown this once.',
          schema: webhookEndpointWithSecretSchema,
        },
        404: notFound,
      },
    },
    test: {
      method: 'POST',
      path: '/v1/webhooks/:id/test',
      summary: 'Send a `webhook.test` event to the endpoint now (even when it is off); follow it in its deliveries.',
      params: idParams,
      responses: { 202: { description: 'The delivery, queued.', schema: webhookDeliverySchema }, 404: notFound },
    },
    deliveries: {
      method: 'GET',
      path: '/v1/webhooks/:id/deliveries',
      summary: 'What was sent to the endpoint, newest first: each delivery’s status, attempts, answers and body.',
      params: idParams,
      query: listQuery({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() }),
      responses: {
        200: { description: 'A page of deliveries.', schema: pageOf(webhookDeliverySchema) },
        404: notFound,
      },
    },
    redeliver: {
      method: 'POST',
      path: '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
      summary: 'Send a delivery again now, under the same `webhook-id`, with a fresh schedule of retries.',
      params: deliveryParams,
      responses: {
        202: { description: 'The delivery, queued again.', schema: webhookDeliverySchema },
        404: { description: '`webhook_not_found`, or `webhook_delivery_not_found`.' },
        409: { description: '`webhook_delivery_in_progress`: it is still being tried.' },
      },
    },
  },
);

// The events' payloads. Each body is `{type, timestamp, version, data}`; `data` holds ids and outcomes, never a
// transcript or a report's text: a receiver reads details through the API. A change that is not an addition makes a
// new version.

const instant = text().describe('ISO 8601, UTC.');
const sessionPlayer = text().nullable().describe('The learner who played it; null for a guest of a shared link.');

export const WEBHOOK_EVENT_PAYLOADS = {
  'coaching.session.ended': {
    version: 1,
    summary: 'A coaching session ended (the learner, the persona, the time limit or an abandon).',
    data: z.strictObject({
      session_id: text(),
      organization_id: text(),
      user_id: sessionPlayer,
      status: text().describe('Its final status: `completed`, `won`, `lost`, `abandoned`…'),
      reason: text(),
      used_seconds: z.number().int(),
      ended_at: instant,
    }),
  },
  'coaching.analysis.completed': {
    version: 1,
    summary: 'Every observer of a session’s analysis version answered (a report, or a failure).',
    data: z.strictObject({
      session_id: text(),
      organization_id: text(),
      user_id: sessionPlayer,
      version: z.number().int(),
      observers: z.array(
        z.strictObject({
          observer_id: text(),
          outcome: z.enum(['recorded', 'failed']),
          score: z.number().nullable(),
        }),
      ),
      completed_at: instant,
    }),
  },
  'coaching.assignment.passed': {
    version: 1,
    summary: 'A learner passed every item of an assigned program.',
    data: z.strictObject({
      assignment_id: text(),
      organization_id: text(),
      program_id: text(),
      user_id: text(),
      certificate_id: text(),
      score: z.number().nullable(),
      passed_at: instant,
    }),
  },
  'coaching.assignment.overdue': {
    version: 1,
    summary: 'An assignment’s due date passed with a learner who had not passed it (sent with the overdue notice).',
    data: z.strictObject({
      assignment_id: text(),
      organization_id: text(),
      program_id: text(),
      user_id: text(),
      due_at: instant,
    }),
  },
  'credits.wallet.low': {
    version: 1,
    summary: 'A wallet’s balance fell below the endpoint’s `credit_low_threshold`.',
    data: z.strictObject({
      organization_id: text(),
      wallet: z.strictObject({ kind: z.enum(['organization', 'group', 'user']), id: text() }),
      balance: z.number().int(),
      threshold: z.number().int(),
      at: instant,
    }),
  },
  'user.activated': {
    version: 1,
    summary: 'An invited user activated their account.',
    data: z.strictObject({ user_id: text(), organization_id: text(), activated_at: instant }),
  },
  'webhook.test': {
    version: 1,
    summary: 'Sent by `POST /v1/webhooks/{id}/test` only.',
    data: z.strictObject({ endpoint_id: text(), organization_id: text(), sent_at: instant }),
  },
} as const;

export type WebhookPayloadType = keyof typeof WEBHOOK_EVENT_PAYLOADS;

/** A body as sent: the Standard Webhooks envelope around one event's data. */
export const webhookEnvelopeOf = <Type extends WebhookPayloadType>(type: Type) =>
  z.strictObject({
    type: z.literal(type),
    timestamp: instant,
    version: z.literal(WEBHOOK_EVENT_PAYLOADS[type].version),
    data: WEBHOOK_EVENT_PAYLOADS[type].data,
  });

export type WebhookPayloadData<Type extends WebhookPayloadType> = z.infer<
  (typeof WEBHOOK_EVENT_PAYLOADS)[Type]['data']
>;
