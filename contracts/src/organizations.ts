import {
  ORGANIZATION_DESCRIPTION_MAX,
  ORGANIZATION_METADATA_KEY_MAX,
  ORGANIZATION_METADATA_MAX_KEYS,
  ORGANIZATION_METADATA_VALUE_MAX,
  ORGANIZATION_NAME_MAX,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, patchOf } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { walletFieldsShape } from './wallets.js';

// The domain checks these rules too; checking them in the request first means a PATCH that runs
// several commands cannot fail on its input after an earlier command was applied, and each 400
// names the field.
const name = z.string().trim().min(1).max(ORGANIZATION_NAME_MAX);
const description = z.string().trim().max(ORGANIZATION_DESCRIPTION_MAX);

/** One kind of metadata: flat keys and values. */
export const organizationMetadataSchema = z
  .record(
    z.string().regex(/\S/, { error: 'A metadata key is not blank.' }).max(ORGANIZATION_METADATA_KEY_MAX),
    z.union([z.string().max(ORGANIZATION_METADATA_VALUE_MAX), z.number(), z.boolean(), z.null()]),
  )
  .refine((metadata) => Object.keys(metadata).length <= ORGANIZATION_METADATA_MAX_KEYS, {
    error: `Metadata holds at most ${ORGANIZATION_METADATA_MAX_KEYS} keys.`,
  });
export type OrganizationMetadataRecord = z.infer<typeof organizationMetadataSchema>;

export const organizationSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['platform', 'customer']),
  status: z.enum(['active', 'archived']),
  metadata: z.strictObject({
    organization: organizationMetadataSchema,
    product: organizationMetadataSchema,
    custom: organizationMetadataSchema,
  }),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  ...walletFieldsShape,
});
export type Organization = z.infer<typeof organizationSchema>;

const notFound = { description: '`organization_not_found`: it does not exist or is another organization.' };

export const organizationOperations = defineOperations(
  { name: 'organizations', tag: 'Organizations' },
  {
    list: {
      method: 'GET',
      path: '/v1/organizations',
      summary:
        'Organizations. Super-admins list every one (archived ones with `include_archived=true`); others get their own.',
      query: listQuery({
        include_archived: z
          .enum(['true', 'false'])
          .transform((value) => value === 'true')
          .optional(),
      }),
      responses: { 200: { description: 'A page of organizations.', schema: pageOf(organizationSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/organizations',
      summary: 'Create a customer organization.',
      idempotent: true,
      body: closed(z.object({ name, description: description.optional() })),
      responses: { 201: { description: 'The organization.', schema: organizationSchema } },
    },
    read: {
      method: 'GET',
      path: '/v1/organizations/:id',
      summary: 'One organization: the caller’s own, or any for a super-admin.',
      params: idParams,
      responses: { 200: { description: 'The organization.', schema: organizationSchema }, 404: notFound },
    },
    update: {
      method: 'PATCH',
      path: '/v1/organizations/:id',
      summary:
        'Change the name, description or metadata. Every field is checked against its permission before anything changes.',
      params: idParams,
      body: patchOf(
        z.object({
          name: name.optional(),
          description: description.optional(),
          metadata_organization: organizationMetadataSchema.optional(),
          metadata_product: organizationMetadataSchema.optional(),
          metadata_custom: organizationMetadataSchema.optional(),
        }),
      ),
      responses: {
        200: { description: 'The organization.', schema: organizationSchema },
        403: { description: '`forbidden` with `details.fields`: the fields the caller may not change.' },
        404: notFound,
        409: { description: '`organization_archived`.' },
      },
    },
    archive: {
      method: 'DELETE',
      path: '/v1/organizations/:id',
      summary: 'Archive an organization (it is never erased). Archiving again changes nothing.',
      params: idParams,
      responses: {
        204: { description: 'Archived.' },
        403: { description: '`platform_organization_protected`: the platform organization stays.' },
        404: { description: '`organization_not_found`.' },
      },
    },
  },
);
