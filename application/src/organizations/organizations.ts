import {
  checkOrganizationFieldsEditable,
  ForbiddenError,
  ORGANIZATION_FIELDS,
  ORGANIZATION_METADATA_KINDS,
  organizationAccount,
  organizationDecider,
  organizationStreamId,
  type OrganizationCommand,
} from '@ai-coaching/domain';
import type { Organization, organizationOperations, Page, ParsedRequest, WalletFields } from '@ai-coaching/contracts';
import {
  countUsersByOrganization,
  findOrganization,
  listOrganizations as queryOrganizations,
  type OrganizationView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { walletOf, walletsOf } from '../credits/wallets.js';
import { isSuperAdmin, organizationNotFound, signedInUser, visibleOrganization } from '../tenancy/scope.js';

type Operations = typeof organizationOperations;

const toOrganization = (organization: OrganizationView, userCount: number, wallet: WalletFields): Organization => ({
  id: organization.organizationId,
  name: organization.name,
  description: organization.description,
  kind: organization.kind,
  status: organization.status,
  metadata: organization.metadata,
  operator_name: organization.operatorName,
  logo_image_id: organization.logoImageId,
  session_retention_days: organization.sessionRetentionDays,
  record_voice_sessions: organization.recordVoiceSessions,
  leaderboards_enabled: organization.leaderboardsEnabled,
  user_count: userCount,
  created_at: organization.createdAt,
  updated_at: organization.updatedAt,
  ...wallet,
});

/** The organization as the read model has it now (after a command waited for it). */
const currentOrganization = async (services: AppServices, organizationId: string): Promise<Organization> => {
  const organization = await findOrganization(services.db, organizationId);
  if (!organization) throw organizationNotFound();
  const counts = await countUsersByOrganization(services.db, [organizationId]);
  return toOrganization(
    organization,
    counts[organizationId] ?? 0,
    await walletOf(services, organizationAccount(organizationId)),
  );
};

const run = (services: AppServices, origin: Origin, command: OrganizationCommand) =>
  runCommand(services, origin, {
    streamId: organizationStreamId(command.data.organizationId),
    decider: organizationDecider,
    command,
  });

/** Super-admins list every organization (archived ones on request); anyone else gets a page of their own. */
export const listOrganizations = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<Organization>> => {
  const me = signedInUser(origin.caller);
  const superAdmin = isSuperAdmin(me);
  if (query.include_archived && !superAdmin) {
    throw new ForbiddenError('forbidden', 'Only super-admins may list archived organizations.', {
      fields: ['include_archived'],
    });
  }
  const page = await queryOrganizations(services.db, {
    page: query.page,
    page_size: query.page_size,
    sort: query.sort,
    ...(query.q !== undefined ? { q: query.q } : {}),
    ...(superAdmin ? { includeArchived: query.include_archived ?? false } : { organizationIds: [me.organizationId] }),
  });
  const counts = await countUsersByOrganization(
    services.db,
    page.items.map((organization) => organization.organizationId),
  );
  const walletOfOrganization = await walletsOf(services, page.items, (organization) =>
    organizationAccount(organization.organizationId),
  );
  return {
    ...page,
    items: page.items.map((organization) =>
      toOrganization(organization, counts[organization.organizationId] ?? 0, walletOfOrganization(organization)),
    ),
  };
};

export const readOrganization = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
): Promise<Organization> => {
  const organization = await visibleOrganization(services, signedInUser(origin.caller), organizationId);
  return currentOrganization(services, organization.organizationId);
};

/** A customer organization; the platform organization is created once, at the first start. */
export const createOrganization = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<Organization> => {
  const me = signedInUser(origin.caller);
  const organizationId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateOrganization',
    data: {
      organizationId,
      name: body.name,
      kind: 'customer',
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.logo_image_id !== undefined ? { logoImageId: body.logo_image_id } : {}),
      createdBy: me.userId,
    },
    metadata: { now: nowIso(services) },
  });
  return currentOrganization(services, organizationId);
};

/**
 * Changes the name, description, logo, session retention, voice recording, leaderboards or metadata kinds sent. Every field is checked against its
 * permission first, so a change the caller may not make in full changes nothing.
 */
export const updateOrganization = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<Organization> => {
  const me = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, me, organizationId);
  checkOrganizationFieldsEditable(
    me,
    organization.organizationId,
    ORGANIZATION_FIELDS.filter((field) => body[field] !== undefined),
  );
  const now = nowIso(services);
  if (body.name !== undefined || body.description !== undefined) {
    // The command sets both; a field left out keeps its current value.
    await run(services, origin, {
      type: 'UpdateOrganization',
      data: {
        organizationId: organization.organizationId,
        name: body.name ?? organization.name,
        description: body.description ?? organization.description,
      },
      metadata: { now },
    });
  }
  if (body.logo_image_id !== undefined) {
    await run(services, origin, {
      type: 'ChangeOrganizationLogo',
      data: { organizationId: organization.organizationId, logoImageId: body.logo_image_id },
      metadata: { now },
    });
  }
  if (body.session_retention_days !== undefined) {
    await run(services, origin, {
      type: 'ChangeSessionRetention',
      data: { organizationId: organization.organizationId, retentionDays: body.session_retention_days },
      metadata: { now },
    });
  }
  if (body.record_voice_sessions !== undefined) {
    await run(services, origin, {
      type: 'ChangeVoiceRecording',
      data: { organizationId: organization.organizationId, enabled: body.record_voice_sessions },
      metadata: { now },
    });
  }
  if (body.leaderboards_enabled !== undefined) {
    await run(services, origin, {
      type: 'ChangeLeaderboards',
      data: { organizationId: organization.organizationId, enabled: body.leaderboards_enabled },
      metadata: { now },
    });
  }
  for (const kind of ORGANIZATION_METADATA_KINDS) {
    const metadata = body[`metadata_${kind}`];
    if (metadata === undefined) continue;
    await run(services, origin, {
      type: 'UpdateOrganizationMetadata',
      data: { organizationId: organization.organizationId, kind, metadata },
      metadata: { now },
    });
  }
  return currentOrganization(services, organization.organizationId);
};

/** Archives (never erases) an organization; the decider protects the platform organization. */
export const archiveOrganization = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
): Promise<void> => {
  const organization = await visibleOrganization(services, signedInUser(origin.caller), organizationId);
  await run(services, origin, {
    type: 'ArchiveOrganization',
    data: { organizationId: organization.organizationId },
    metadata: { now: nowIso(services) },
  });
};

/**
 * Names (or, with '', clears) the operator display name: the name under which the organization's
 * administrators appear to its users. Its own organization for an operator, any for a super-admin.
 */
export const changeOperatorName = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  body: ParsedRequest<Operations['changeOperatorName']>['body'],
): Promise<Organization> => {
  const organization = await visibleOrganization(services, signedInUser(origin.caller), organizationId);
  await run(services, origin, {
    type: 'ChangeOperatorName',
    data: { organizationId: organization.organizationId, operatorName: body.operator_name },
    metadata: { now: nowIso(services) },
  });
  return currentOrganization(services, organization.organizationId);
};
