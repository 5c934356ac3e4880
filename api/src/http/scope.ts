import { NotFoundError } from '@ai-coaching/domain';
import type { Caller } from '@ai-coaching/platform';
import { findOrganization, type OrganizationView } from '@ai-coaching/projections';
import { ApiError } from './api-error.js';
import type { ApiServices } from './context.js';

// One definition of "whose data is this", shared by every tenancy route.

export type UserCaller = Extract<Caller, { kind: 'user' }>;

/** Permission routes admit signed-in users only (`checkAccess`); this narrows the type accordingly. */
export const signedInUser = (caller: Caller | undefined): UserCaller => {
  if (caller?.kind !== 'user') throw new ApiError(403, 'forbidden', 'You do not have permission to do this.');
  return caller;
};

/** Super-admins are recognised by role (spec section 6) and see every organization. */
export const isSuperAdmin = (caller: UserCaller): boolean => caller.role === 'super-admin';

export const organizationNotFound = () =>
  new NotFoundError('organization_not_found', 'This organization does not exist.');

/**
 * The organization if the caller may see it: their own, or any for a super-admin. Another
 * organization answers exactly as a missing one, so its existence does not leak.
 */
export const visibleOrganization = async (
  services: ApiServices,
  caller: UserCaller,
  organizationId: string,
): Promise<OrganizationView> => {
  const organization =
    isSuperAdmin(caller) || caller.organizationId === organizationId
      ? await findOrganization(services.db, organizationId)
      : undefined;
  if (!organization) throw organizationNotFound();
  return organization;
};
