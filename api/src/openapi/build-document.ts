import { APP_NAME, APP_VERSION } from '@ai-coaching/domain';
import { WEBHOOK_EVENT_PAYLOADS, webhookEnvelopeOf, type WebhookPayloadType } from '@ai-coaching/contracts';
import { z } from 'zod';
import type { RouteAccess, RouteDefinition } from '../http/route.js';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const describeAccess = (access: RouteAccess): string => {
  switch (access.kind) {
    case 'public':
      return 'Public.';
    case 'authenticated':
      return 'Any valid token, a guest’s included; not an API key.';
    case 'signed-in':
      return 'Any signed-in user; not an API key.';
    case 'permission':
      return `Needs any of: ${access.anyOf.join(', ')} (a person’s role, or an API key holding it).`;
    case 'shared-session':
      return `A guest of the shared session in \`${access.param}\`, or a user with any of: ${access.anyOf.join(', ')}.`;
  }
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const objectParameters = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
};

const signatureHeader = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * OpenAPI 3.1's `webhooks`: what the API sends to an organization's endpoints (docs/api/integrations.md,
 * "Webhooks"), one entry per event type with its payload's schema from the contracts.
 */
const webhookDocuments = () =>
  Object.fromEntries(
    (Object.keys(WEBHOOK_EVENT_PAYLOADS) as WebhookPayloadType[]).map((type) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: WEBHOOK_EVENT_PAYLOADS[type].summary,
          description: `Payload version ${WEBHOOK_EVENT_PAYLOADS[type].version}. Signed per the Standard Webhooks specification: verify the raw body with the endpoint's \`whsec_\` secret before parsing it.`,
          tags: ['Webhooks'],
          parameters: [
            signatureHeader('webhook-id', 'The message id: the same on every attempt; deduplicate on it.'),
            signatureHeader('webhook-timestamp', 'Unix seconds of this attempt; refuse one more than 5 minutes off.'),
            signatureHeader(
              'webhook-signature',
              'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}`: two during a secret rotation.',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(webhookEnvelopeOf(type), 'output') } },
          },
          responses: {
            '2XX': { description: 'Received. Anything else (a redirect, a timeout after 10 s) is tried again.' },
            '410': { description: 'Gone: the endpoint is turned off and nothing more is sent to it.' },
          },
        },
      },
    ]),
  );

/**
 * Who may call: a person's token on every protected operation, an API key on those a permission guards (either
 * scheme suffices, hence two alternatives); `x-permissions` lists the permissions, any of which admits the caller.
 */
const securityOf = (access: RouteAccess) => {
  if (access.kind === 'public') return {};
  if (access.kind !== 'permission' && access.kind !== 'shared-session') return { security: [{ bearer: [] }] };
  return { security: [{ bearer: [] }, { apiKey: [] }], 'x-permissions': access.anyOf };
};

/**
 * The OpenAPI 3.1 document, generated from the route table so it cannot drift from what the
 * API serves: paths, access rules, parameters and bodies come from each route's definition, and
 * each operation's contract id (`organizations.list`) is its operationId, as generated clients name it.
 */
export const buildOpenApiDocument = (routes: readonly RouteDefinition[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } },
          }
        : { description: response.description };
    }
    if (route.params || route.query || route.body) responses['400'] ??= { $ref: '#/components/responses/BadRequest' };
    if (route.access.kind !== 'public') {
      responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
      responses['403'] ??= { $ref: '#/components/responses/Forbidden' };
    }
    // Any operation meets a store restarting or failing over (docs/deployment.md, "When a store is down").
    responses['503'] ??= { $ref: '#/components/responses/StoreUnavailable' };
    const mediaType = route.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    const requestSchema = route.bodyEncoding === 'multipart' ? route.multipart : route.body;
    const requestType = route.bodyEncoding === 'multipart' ? 'multipart/form-data' : mediaType;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      description: describeAccess(route.access),
      tags: [route.tag],
      ...securityOf(route.access),
      parameters: [
        ...objectParameters(route.params, 'path'),
        ...objectParameters(route.query, 'query'),
        ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ],
      ...(requestSchema
        ? {
            requestBody: {
              required: true,
              content: { [requestType]: { schema: jsonSchema(requestSchema, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${APP_NAME} API`,
      version: APP_VERSION,
      description: [
        'Every error is answered as `{code, message, details?}`: `code` is stable and machine-readable, `message` is for people.',
        'Messages (and field issues in `details.issues`) are in the language of `Accept-Language`: `en-GB` or `fr-FR`, `en-GB` when it names neither; `Content-Language` says which.',
        'Lists take `page` (from 1), `page_size` (12, 24 or 48; default 12), `sort` (`updated_at`, `-updated_at`, `name`; default `-updated_at`) and a text `q`, and answer `{items, total, page, page_size}`; any other query parameter is a 400 naming it.',
        'Commands answer once the read models show their effect (read-your-writes); `X-Projection-Wait: timed-out` says when they did not within the bound.',
      ].join('\n\n'),
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A person’s access token.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'aic_…',
          description:
            'An organization’s API key (`POST /v1/api_keys`), sent as `Authorization: Bearer aic_…`: limited to its permissions and organization, with its own rate limit (docs/api/integrations.md).',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', examples: ['not_found'] },
            message: { type: 'string' },
            details: { type: 'object', additionalProperties: true },
          },
        },
        ListPage: {
          type: 'object',
          required: ['items', 'total', 'page', 'page_size'],
          properties: {
            items: { type: 'array', items: {} },
            total: { type: 'integer', minimum: 0 },
            page: { type: 'integer', minimum: 1 },
            page_size: { enum: [12, 24, 48] },
          },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the same key and body replay the first answer (with `Idempotent-Replayed: true`) for 24 hours; the same key with another body is a 409 `idempotency_key_reused`. An answer that held a coaching session’s personal data is erased with the session: a retry then gets 404 `idempotent_answer_erased`.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      responses: {
        BadRequest: errorResponse('Malformed input; `details.issues` names each field.'),
        Unauthorized: errorResponse('No valid token, or its session has ended.'),
        Forbidden: errorResponse('The caller lacks the permission.'),
        NotFound: errorResponse('Nothing exists at this address, or it belongs to another organization.'),
        StoreUnavailable: errorResponse(
          '`store_unavailable`: PostgreSQL or Redis cannot be reached for a moment (a restart, a failover). Nothing was applied, or a retry with the same `Idempotency-Key` replays it: send the request again after `Retry-After` seconds.',
        ),
      },
    },
    paths,
    webhooks: webhookDocuments(),
  };
};
