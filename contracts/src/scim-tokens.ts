import { API_KEY_NAME_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { apiKeySchema } from './api-keys.js';
import { closed, idParams, idSchema, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

/**
 * A SCIM token: an API key scoped to `/scim/v2`, holding the management of users and user groups
 * (docs/api/integrations.md, "SCIM"). Listed apart from the API keys, never with them.
 */
export const scimTokenSchema = apiKeySchema.pick({
  id: true,
  organization_id: true,
  name: true,
  prefix: true,
  status: true,
  created_by: true,
  created_by_name: true,
  created_at: true,
  expires_at: true,
  revoked_at: true,
  last_used_at: true,
  last_used_address: true,
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** The answer that carries the token itself, and where the identity provider sends its requests. */
export const createdScimTokenSchema = scimTokenSchema.extend({
  token: text().describe('The token, shown this once: paste it into the identity provider now.'),
  base_url: text().describe('The SCIM base URL of the organization: `{PUBLIC_URL}/scim/v2`.'),
});
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;

const notFound = { description: '`scim_token_not_found`: it does not exist or is another organization’s.' };

export const scimTokenOperations = defineOperations(
  { name: 'scimTokens', tag: 'Integrations' },
  {
    list: {
      method: 'GET',
      path: '/v1/scim_tokens',
      summary:
        'SCIM tokens of the caller’s organization (super-admins: all, or one organization’s with `organization_id`), revoked and expired ones included.',
      query: listQuery({ organization_id: idSchema.optional() }),
      responses: {
        200: { description: 'A page of tokens, never the tokens themselves.', schema: pageOf(scimTokenSchema) },
        404: { description: '`organization_not_found`.' },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/scim_tokens',
      summary:
        'Create a SCIM token for the caller’s organization: an identity provider provisions its users and groups with it at `base_url`, and it works nowhere else. It acts for its creator, who must manage users and user groups. Not idempotent on purpose: an answer kept for a retry would keep the token; a retry makes another one, and the unused one can be revoked.',
      body: closed(
        z.object({
          name: text().trim().min(1).max(API_KEY_NAME_MAX).optional(),
          expires_at: z.iso.datetime({ offset: true }).optional(),
        }),
      ),
      responses: {
        201: { description: 'The token, shown this once, and the SCIM base URL.', schema: createdScimTokenSchema },
        400: {
          description:
            '`api_key_permission_not_held` (the caller does not manage users and user groups), `api_key_expiry_past`.',
        },
      },
    },
    revoke: {
      method: 'DELETE',
      path: '/v1/scim_tokens/:id',
      summary:
        'Revoke a SCIM token: the identity provider’s next request with it is refused, whichever process answers it.',
      params: idParams,
      responses: { 204: { description: 'Revoked.' }, 404: notFound },
    },
  },
);
