import type { Application } from '@ai-coaching/contracts';
import {
  APPLICATIONS,
  ConflictError,
  isApplicationId,
  organizationApplicationsDecider,
  organizationApplicationsStreamId,
  applicationNotFound,
  type ApplicationCommand,
} from '@ai-coaching/domain';
import { listOrganizationApplications, type OrganizationApplicationView } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { signedInUser, visibleOrganization } from '../tenancy/scope.js';

// The applications catalogue and each organization's installs (docs/applications.md). Who may install and remove is
// the route's permission (super-admins only, by the role matrix); which organization is the tenancy scope's.

const answerOf = (
  origin: Origin,
  entry: (typeof APPLICATIONS)[number],
  install: OrganizationApplicationView | undefined,
): Application => {
  const locale = origin.locale ?? 'en-GB';
  return {
    id: entry.id,
    name: entry.name[locale],
    description: entry.description[locale],
    icon: entry.icon,
    entry_path: entry.entryPath,
    installed: install !== undefined,
    installed_at: install?.installedAt ?? null,
  };
};

const catalogueOf = async (services: AppServices, origin: Origin, organizationId: string) => {
  const installs = await listOrganizationApplications(services.db, organizationId);
  return APPLICATIONS.map((entry) =>
    answerOf(
      origin,
      entry,
      installs.find((install) => install.applicationId === entry.id),
    ),
  );
};

export const listOrganizationApplicationsCatalogue = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
): Promise<{ items: Application[] }> => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, organizationId);
  return { items: await catalogueOf(services, origin, organization.organizationId) };
};

const change = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  applicationId: string,
  type: ApplicationCommand['type'],
) => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, organizationId);
  // Checked before the organization's state so that an unknown id is a 404 whatever the organization.
  if (!isApplicationId(applicationId)) throw applicationNotFound();
  if (type === 'InstallApplication' && organization.status === 'archived') {
    throw new ConflictError('organization_archived', 'This organization is archived and can no longer be changed.');
  }
  await runCommand(services, origin, {
    streamId: organizationApplicationsStreamId(organization.organizationId),
    decider: organizationApplicationsDecider,
    command: {
      type,
      data: { organizationId: organization.organizationId, applicationId, userId: caller.userId },
      metadata: { now: nowIso(services) },
    },
  });
  return { organizationId: organization.organizationId, applicationId };
};

export const installApplication = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  applicationId: string,
): Promise<Application> => {
  const installed = await change(services, origin, organizationId, applicationId, 'InstallApplication');
  const items = await catalogueOf(services, origin, installed.organizationId);
  return items.find((item) => item.id === installed.applicationId)!;
};

export const removeApplication = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  applicationId: string,
): Promise<void> => {
  await change(services, origin, organizationId, applicationId, 'RemoveApplication');
};
