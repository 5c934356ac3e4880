import { decideByType, type Decider } from '../shared/decider.js';
import { NotFoundError } from '../shared/errors.js';
import { APPLICATIONS_INSTALLED_AT_CREATION, isApplicationId, type ApplicationId } from './catalogue.js';
import type { ApplicationCommand } from './commands.js';
import type { ApplicationEvent } from './events.js';

/** The applications an organization has installed now. */
export type OrganizationApplicationsState = { installed: ReadonlySet<ApplicationId> };

export const applicationNotFound = () =>
  new NotFoundError('application_not_found', 'There is no such application.', { field: 'application_id' });

const known = (applicationId: string): ApplicationId => {
  if (!isApplicationId(applicationId)) throw applicationNotFound();
  return applicationId;
};

const withApplication = (installed: ReadonlySet<ApplicationId>, id: ApplicationId, present: boolean) => {
  const next = new Set(installed);
  if (present) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * Installs and removes applications of one organization. Both are idempotent in effect: installing what is installed,
 * or removing what is not, finds its work done and records nothing (a retried request, two super-admins at once).
 */
export const organizationApplicationsDecider: Decider<
  ApplicationCommand,
  ApplicationEvent,
  OrganizationApplicationsState
> = {
  decide: decideByType({
    InstallApplication: ({ data: { organizationId, userId, ...data }, metadata }, state) => {
      const applicationId = known(data.applicationId);
      if (state.installed.has(applicationId)) return [];
      return [
        {
          type: 'ApplicationInstalled',
          data: { organizationId, applicationId, installedBy: userId, installedAt: metadata.now },
        },
      ];
    },
    RemoveApplication: ({ data: { organizationId, userId, ...data }, metadata }, state) => {
      const applicationId = known(data.applicationId);
      if (!state.installed.has(applicationId)) return [];
      return [
        {
          type: 'ApplicationRemoved',
          data: { organizationId, applicationId, removedBy: userId, removedAt: metadata.now },
        },
      ];
    },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'ApplicationInstalled':
        return { installed: withApplication(state.installed, event.data.applicationId, true) };
      case 'ApplicationRemoved':
        return { installed: withApplication(state.installed, event.data.applicationId, false) };
    }
  },
  // An organization starts with the applications installed at creation: its stream records only changes.
  initialState: () => ({ installed: new Set(APPLICATIONS_INSTALLED_AT_CREATION) }),
};
