import {
  can,
  ORGANIZATION_DESCRIPTION_MAX,
  ORGANIZATION_METADATA_KEY_MAX,
  ORGANIZATION_METADATA_KINDS,
  ORGANIZATION_METADATA_MAX_KEYS,
  ORGANIZATION_METADATA_VALUE_MAX,
  ORGANIZATION_NAME_MAX,
  organizationAccount,
  organizationDecider,
  organizationStreamId,
  type OrganizationCommand,
  type OrganizationMetadataKind,
  type Permission,
} from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import {
  countUsersByOrganization,
  findOrganization,
  listOrganizations,
  type OrganizationView,
} from '@ai-coaching/projections';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.js';
import { walletFieldsSchema, walletOf, walletsOf, type WalletFields } from '../credits/wallet-fields.js';
import { ApiError } from '../http/api-error.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { defineLegacyRoute, permission } from '../http/route.js';
import { closed, idSchema, listQuery, pageOf } from '../http/schemas.js';
import {
  isSuperAdmin,
  organizationNotFound,
  signedInUser,
  visibleOrganization,
  type UserCaller,
} from '../http/scope.js';

// The domain checks these rules too; checking them here first means a PATCH that runs several
// commands cannot fail on its input after an earlier command was applied, and each 400 names the field.
const nameSchema = z.string().trim().min(1).max(ORGANIZATION_NAME_MAX);
const descriptionSchema = z.string().trim().max(ORGANIZATION_DESCRIPTION_MAX);
const metadataSchema = z
  .record(
    z.string().regex(/\S/, { error: 'A metadata key is not blank.' }).max(ORGANIZATION_METADATA_KEY_MAX),
    z.union([z.string().max(ORGANIZATION_METADATA_VALUE_MAX), z.number(), z.boolean(), z.null()]),
  )
  .refine((metadata) => Object.keys(metadata).length <= ORGANIZATION_METADATA_MAX_KEYS, {
    error: `Metadata holds at most ${ORGANIZATION_METADATA_MAX_KEYS} keys.`,
  });

const organizationResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['platform', 'customer']),
  status: z.enum(['active', 'archived']),
  metadata: z.object({ organization: metadataSchema, product: metadataSchema, custom: metadataSchema }),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  ...walletFieldsSchema,
});

const toResponse = (
  organization: OrganizationView,
  userCount: number,
  wallet: WalletFields,
): z.infer<typeof organizationResponse> => ({
  id: organization.organizationId,
  name: organization.name,
  description: organization.description,
  kind: organization.kind,
  status: organization.status,
  metadata: organization.metadata,
  user_count: userCount,
  created_at: organization.createdAt,
  updated_at: organization.updatedAt,
  ...wallet,
});

/** The organization as the read model has it now (after `runCommand` waited for it). */
const answer = async (services: ApiServices, organizationId: string) => {
  const organization = await findOrganization(services.db, organizationId);
  if (!organization) throw organizationNotFound();
  const counts = await countUsersByOrganization(services.db, [organizationId]);
  return toResponse(
    organization,
    counts[organizationId] ?? 0,
    await walletOf(services, organizationAccount(organizationId)),
  );
};

const run = (ctx: ApiContext, services: ApiServices, organizationId: string, command: OrganizationCommand) =>
  runCommand(ctx, services, organizationStreamId(organizationId), organizationDecider, command, { commandId: newId() });

const metadataField = (kind: OrganizationMetadataKind) => `metadata_${kind}` as const;

const patchBody = closed(
  z.object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    metadata_organization: metadataSchema.optional(),
    metadata_product: metadataSchema.optional(),
    metadata_custom: metadataSchema.optional(),
  }),
).refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change.' });

type PatchBody = z.infer<typeof patchBody>;

/**
 * The fields of a PATCH the caller may not change on this organization. Name and description:
 * `organization-update` on any organization, or `organization-self-edit` on their own. Each
 * metadata kind: its own permission, on their own organization unless super-admin.
 */
const forbiddenFields = (caller: UserCaller, organizationId: string, body: PatchBody): string[] => {
  const own = caller.organizationId === organizationId;
  const held = (needed: Permission) => can(caller.permissions, needed);
  const forbidden: string[] = [];
  const mayEdit = held('organization-update') || (own && held('organization-self-edit'));
  for (const field of ['name', 'description'] as const) {
    if (body[field] !== undefined && !mayEdit) forbidden.push(field);
  }
  for (const kind of ORGANIZATION_METADATA_KINDS) {
    const mayEditKind = held(`organization-metadata-${kind}-update`) && (own || isSuperAdmin(caller));
    if (body[metadataField(kind)] !== undefined && !mayEditKind) forbidden.push(metadataField(kind));
  }
  return forbidden;
};

const idParams = z.object({ id: idSchema });

export const organizationRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/organizations',
    summary:
      'Organizations. Super-admins list every one (archived ones with `include_archived=true`); others get their own.',
    tag: 'Organizations',
    access: permission('organization-list', 'organization-read'),
    query: listQuery({
      include_archived: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional(),
    }),
    responses: { 200: { description: 'A page of organizations.', schema: pageOf(organizationResponse) } },
    handler: async ({ query, caller, services }) => {
      const me = signedInUser(caller);
      const superAdmin = isSuperAdmin(me);
      if (query.include_archived && !superAdmin) {
        throw new ApiError(403, 'forbidden', 'Only super-admins may list archived organizations.', {
          fields: ['include_archived'],
        });
      }
      const page = await listOrganizations(services.db, {
        page: query.page,
        page_size: query.page_size,
        sort: query.sort,
        ...(query.q !== undefined ? { q: query.q } : {}),
        ...(superAdmin
          ? { includeArchived: query.include_archived ?? false }
          : { organizationIds: [me.organizationId] }),
      });
      const counts = await countUsersByOrganization(
        services.db,
        page.items.map((organization) => organization.organizationId),
      );
      const walletOfOrganization = await walletsOf(services, page.items, (organization) =>
        organizationAccount(organization.organizationId),
      );
      return {
        body: {
          ...page,
          items: page.items.map((organization) =>
            toResponse(organization, counts[organization.organizationId] ?? 0, walletOfOrganization(organization)),
          ),
        },
      };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/organizations',
    summary: 'Create a customer organization.',
    tag: 'Organizations',
    access: permission('organization-create'),
    idempotent: true,
    body: closed(z.object({ name: nameSchema, description: descriptionSchema.optional() })),
    responses: { 201: { description: 'The organization.', schema: organizationResponse } },
    handler: async ({ body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const organizationId = newId();
      await run(ctx, services, organizationId, {
        type: 'CreateOrganization',
        data: {
          organizationId,
          name: body.name,
          kind: 'customer',
          ...(body.description !== undefined ? { description: body.description } : {}),
          createdBy: me.userId,
        },
        metadata: { now: new Date().toISOString() },
      });
      return { status: 201, body: await answer(services, organizationId) };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/organizations/:id',
    summary: 'One organization: the caller’s own, or any for a super-admin.',
    tag: 'Organizations',
    access: permission('organization-detail-read', 'organization-read'),
    params: idParams,
    responses: {
      200: { description: 'The organization.', schema: organizationResponse },
      404: { description: '`organization_not_found`: it does not exist or is another organization.' },
    },
    handler: async ({ params, caller, services }) => {
      await visibleOrganization(services, signedInUser(caller), params.id);
      return { body: await answer(services, params.id) };
    },
  }),
  defineLegacyRoute({
    method: 'PATCH',
    path: '/v1/organizations/:id',
    summary:
      'Change the name, description or metadata. Every field is checked against its permission before anything changes.',
    tag: 'Organizations',
    access: permission(
      'organization-update',
      'organization-self-edit',
      'organization-metadata-organization-update',
      'organization-metadata-product-update',
      'organization-metadata-custom-update',
    ),
    params: idParams,
    body: patchBody,
    responses: {
      200: { description: 'The organization.', schema: organizationResponse },
      403: { description: '`forbidden` with `details.fields`: the fields the caller may not change.' },
      404: { description: '`organization_not_found`: it does not exist or is another organization.' },
      409: { description: '`organization_archived`.' },
    },
    handler: async ({ params, body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const organization = await visibleOrganization(services, me, params.id);
      const fields = forbiddenFields(me, organization.organizationId, body);
      if (fields.length > 0) {
        throw new ApiError(403, 'forbidden', `You do not have permission to change: ${fields.join(', ')}.`, { fields });
      }
      const at = new Date().toISOString();
      if (body.name !== undefined || body.description !== undefined) {
        // The command sets both; a field left out keeps its current value.
        await run(ctx, services, organization.organizationId, {
          type: 'UpdateOrganization',
          data: {
            organizationId: organization.organizationId,
            name: body.name ?? organization.name,
            description: body.description ?? organization.description,
          },
          metadata: { now: at },
        });
      }
      for (const kind of ORGANIZATION_METADATA_KINDS) {
        const metadata = body[metadataField(kind)];
        if (metadata === undefined) continue;
        await run(ctx, services, organization.organizationId, {
          type: 'UpdateOrganizationMetadata',
          data: { organizationId: organization.organizationId, kind, metadata },
          metadata: { now: at },
        });
      }
      return { body: await answer(services, organization.organizationId) };
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    path: '/v1/organizations/:id',
    summary: 'Archive an organization (it is never erased). Archiving again changes nothing.',
    tag: 'Organizations',
    access: permission('organization-delete'),
    params: idParams,
    responses: {
      204: { description: 'Archived.' },
      403: { description: '`platform_organization_protected`: the platform organization stays.' },
      404: { description: '`organization_not_found`.' },
    },
    handler: async ({ params, caller, services, ctx }) => {
      const organization = await visibleOrganization(services, signedInUser(caller), params.id);
      await run(ctx, services, organization.organizationId, {
        type: 'ArchiveOrganization',
        data: { organizationId: organization.organizationId },
        metadata: { now: new Date().toISOString() },
      });
    },
  }),
];
