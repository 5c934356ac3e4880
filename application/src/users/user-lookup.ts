import { ConflictError, NotFoundError } from '@ai-coaching/domain';
import { findUser, type OrganizationView, type UserView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { visibleOrganization, visibleTo, type UserCaller } from '../tenancy/scope.js';

export const userNotFound = () => new NotFoundError('user_not_found', 'There is no user with this id.');

/** Another organization's user answers exactly like a missing one, so ids of other tenants leak nothing. */
export const visibleUser = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  userId: string,
): Promise<UserView> => visibleTo(caller, await findUser(services.db, userId), userNotFound);

/** The organization an invitation goes to: visible to the caller (else 404) and not archived (else 409). */
export const invitingOrganization = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  organizationId: string,
): Promise<OrganizationView> => {
  const organization = await visibleOrganization(services, caller, organizationId);
  if (organization.status === 'archived') {
    throw new ConflictError('organization_archived', 'This organization is archived; nobody can be invited into it.');
  }
  return organization;
};
