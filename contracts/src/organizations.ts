import {
  OPERATOR_NAME_MAX,
  ORGANIZATION_DESCRIPTION_MAX,
  ORGANIZATION_METADATA_KEY_MAX,
  ORGANIZATION_METADATA_MAX_KEYS,
  ORGANIZATION_METADATA_VALUE_MAX,
  ORGANIZATION_NAME_MAX,
  SESSION_RETENTION_DAYS_MAX,
  SESSION_RETENTION_DAYS_MIN,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { walletFieldsShape } from './wallets.js';
import { rule } from './i18n/messages.js';

// The domain checks these rules too; checking them in the request first means a PATCH that runs
// several commands cannot fail on its input after an earlier command was applied, and each 400
// names the field.
const name = text().trim().min(1).max(ORGANIZATION_NAME_MAX);
const description = text().trim().max(ORGANIZATION_DESCRIPTION_MAX);
/** An uploaded image (`POST /api/image/uploads`, category `organizations`); null: no logo. */
const logoImageId = idSchema.nullable();
/** Whole days; null: sessions are kept until someone deletes them (the default). The client's form checks it too. */
export const sessionRetentionDaysSchema = z
  .number()
  .int()
  .min(SESSION_RETENTION_DAYS_MIN)
  .max(SESSION_RETENTION_DAYS_MAX)
  .nullable();

/** One kind of metadata: flat keys and values. */
export const organizationMetadataSchema = z
  .record(
    text()
      .refine((key) => /\S/.test(key), rule('metadata_key_blank'))
      .max(ORGANIZATION_METADATA_KEY_MAX),
    z.union([text().max(ORGANIZATION_METADATA_VALUE_MAX), z.number(), z.boolean(), z.null()]),
  )
  .refine(
    (metadata) => Object.keys(metadata).length <= ORGANIZATION_METADATA_MAX_KEYS,
    rule('metadata_too_many_keys', { max: ORGANIZATION_METADATA_MAX_KEYS }),
  );
export type OrganizationMetadataRecord = z.infer<typeof organizationMetadataSchema>;

export const organizationSchema = z.strictObject({
  id: text(),
  name: text(),
  description: text(),
  kind: z.enum(['platform', 'customer']),
  status: z.enum(['active', 'archived']),
  metadata: z.strictObject({
    organization: organizationMetadataSchema,
    product: organizationMetadataSchema,
    custom: organizationMetadataSchema,
  }),
  operator_name: text().describe(
    'The name under which the organization’s administrators appear to its users (inviter and sender of its mails); empty when none is set.',
  ),
  logo_image_id: text()
    .nullable()
    .describe('The organization’s logo, served at `/api/image/uploads/{logo_image_id}`; null when none is set.'),
  session_retention_days: z
    .number()
    .int()
    .nullable()
    .describe(
      'Coaching sessions ended more than this many days ago are deleted, their transcripts shredded, by a job that runs every hour; null (the default) keeps them until someone deletes them.',
    ),
  record_voice_sessions: z
    .boolean()
    .describe(
      'Whether both sides’ audio of voice sessions is kept for replay on their result page, sealed with each session’s key and deleted with it; false (the default) keeps transcripts only.',
    ),
  leaderboards_enabled: z
    .boolean()
    .describe(
      'Whether the organization’s members see leaderboards (`GET /v1/coaching/leaderboard`); false (the default) answers them 403 `leaderboards_disabled`.',
    ),
  user_count: z.number().int(),
  created_at: text(),
  updated_at: text(),
  ...walletFieldsShape,
});
export type Organization = z.infer<typeof organizationSchema>;

const notFound = { description: '`organization_not_found`: it does not exist or is another organization.' };

/** A display name that ends up in mail headers: one line, no control characters. */
export const oneLineName = (max: number) =>
  text()
    .trim()
    .max(max)
    .refine((value) => !/\p{Cc}/u.test(value), rule('one_line'));

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
      body: closed(z.object({ name, description: description.optional(), logo_image_id: logoImageId.optional() })),
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
        'Change the name, description, logo (`logo_image_id`, null for none), how long coaching sessions are kept (`session_retention_days`, null to keep them until deleted), whether voice sessions are recorded (`record_voice_sessions`), whether leaderboards are shown (`leaderboards_enabled`) or metadata. Every field is checked against its permission before anything changes.',
      params: idParams,
      body: patchOf(
        z.object({
          name: name.optional(),
          description: description.optional(),
          logo_image_id: logoImageId.optional(),
          session_retention_days: sessionRetentionDaysSchema.optional(),
          record_voice_sessions: z.boolean().optional(),
          leaderboards_enabled: z.boolean().optional(),
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
    changeOperatorName: {
      method: 'PUT',
      path: '/v1/organizations/:id/operator_name',
      summary:
        'Set the operator display name: the name under which the organization’s administrators appear to its users (the inviter of its invitation mails, and its mails’ sender name unless the mail settings name one). An empty name clears it.',
      params: idParams,
      body: closed(z.object({ operator_name: oneLineName(OPERATOR_NAME_MAX) })),
      responses: {
        200: { description: 'The organization.', schema: organizationSchema },
        404: notFound,
        409: { description: '`organization_archived`.' },
      },
    },
  },
);
