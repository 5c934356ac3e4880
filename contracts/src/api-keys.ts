import { API_KEY_GRACE_MAX_SECONDS, API_KEY_NAME_MAX, PERMISSIONS } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

const instant = z.iso.datetime({ offset: true });

export const API_KEY_STATUSES = ['active', 'expiring', 'expired', 'revoked'] as const;

export const apiKeySchema = z.strictObject({
  id: text(),
  organization_id: text(),
  name: text(),
  prefix: text().describe('`aic_` and the first characters of the key: enough to recognise it, never to use it.'),
  permissions: z.array(z.enum(PERMISSIONS)),
  status: z
    .enum(API_KEY_STATUSES)
    .describe('`expiring`: replaced by a rotation and still working until `expires_at` (the grace period).'),
  created_by: text(),
  created_by_name: text().nullable(),
  created_at: text(),
  expires_at: text().nullable(),
  revoked_at: text().nullable(),
  rotated_from: text().nullable().describe('The key this one replaced.'),
  replaced_by: text().nullable().describe('The key that replaced this one.'),
  last_used_at: text().nullable().describe('At most a minute stale.'),
  last_used_address: text().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer that carries the key itself: the only one that ever does. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: text().describe('The key, shown this once: store it now. Send it as `Authorization: Bearer aic_…`.'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const notFound = { description: '`api_key_not_found`: it does not exist or is another organization’s.' };
const oneShot =
  ' Not idempotent on purpose: an answer kept for a retry would keep the key, which is stored nowhere else; a retry makes another key, and the unused one can be revoked.';

export const apiKeyOperations = defineOperations(
  { name: 'apiKeys', tag: 'Integrations' },
  {
    list: {
      method: 'GET',
      path: '/v1/api_keys',
      summary:
        'API keys of the caller’s organization (super-admins: all, or one organization’s with `organization_id`), revoked and expired ones included.',
      query: listQuery({ organization_id: idSchema.optional() }),
      responses: {
        200: { description: 'A page of keys, never the keys themselves.', schema: pageOf(apiKeySchema) },
        404: { description: '`organization_not_found`.' },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/api_keys',
      summary: `Create a key for the caller’s organization, holding some of the caller’s permissions (never those that manage keys). It acts for its creator: it stops when they lose a permission it holds, leave or are disabled.${oneShot}`,
      body: closed(
        z.object({
          name: text().trim().min(1).max(API_KEY_NAME_MAX),
          permissions: z.array(z.enum(PERMISSIONS)).min(1).max(PERMISSIONS.length),
          expires_at: instant.optional(),
        }),
      ),
      responses: {
        201: { description: 'The key, with the key itself shown this once.', schema: createdApiKeySchema },
        400: {
          description:
            '`api_key_permission_not_held` (`details.permissions` names them), `api_key_expiry_past`, `invalid_api_key_name`.',
        },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/api_keys/:id',
      summary: 'One key, never the key itself.',
      params: idParams,
      responses: { 200: { description: 'The key.', schema: apiKeySchema }, 404: notFound },
    },
    rotate: {
      method: 'POST',
      path: '/v1/api_keys/:id/rotate',
      summary: `Replace a key by a new one with the same name and permissions; the old one keeps working for the grace period (0 to 168 hours, default 24), then stops.${oneShot}`,
      params: idParams,
      body: closed(
        z.object({
          grace_period_hours: z
            .number()
            .int()
            .min(0)
            .max(API_KEY_GRACE_MAX_SECONDS / 3600)
            .optional(),
        }),
      ),
      responses: {
        201: { description: 'The new key, with the key itself shown this once.', schema: createdApiKeySchema },
        404: notFound,
        409: { description: '`api_key_revoked`, `api_key_expired`, `api_key_rotated` (rotate its replacement).' },
      },
    },
    revoke: {
      method: 'DELETE',
      path: '/v1/api_keys/:id',
      summary:
        'Revoke a key: the next request with it is refused, whichever process answers it. Revoking again changes nothing.',
      params: idParams,
      responses: { 204: { description: 'Revoked.' }, 404: notFound },
    },
  },
);
