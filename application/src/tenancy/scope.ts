import { ForbiddenError, NotFoundError } from '@ai-coaching/domain';
import type { Caller } from '@ai-coaching/platform';
import { findOrganization, type OrganizationView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';

// One definition of "whose data is this", shared by every use case: a caller sees their own
// organization's data, a super-admin every organization's, and anything else answers exactly as
// if it did not exist, so another tenant's ids leak nothing.

export type UserCaller = Extract<Caller, { kind: 'user' }>;
export type GuestCaller = Extract<Caller, { kind: 'guest' }>;

/** Permission routes admit signed-in users only; this narrows the type accordingly (guests are refused). */
export const signedInUser = (caller: Caller | undefined): UserCaller => {
  if (caller?.kind !== 'user') throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  return caller;
};

/** Super-admins are recognised by role (spec section 6) and see every organization. */
export const isSuperAdmin = (caller: UserCaller): boolean => caller.role === 'super-admin';

export const organizationNotFound = () =>
  new NotFoundError('organization_not_found', 'This organization does not exist.');

/** Whether the caller may see data of this organization. */
export const mayAccess = (caller: UserCaller, organizationId: string): boolean =>
  isSuperAdmin(caller) || caller.organizationId === organizationId;

/** The organization if the caller may see it; another organization answers exactly as a missing one. */
export const visibleOrganization = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  organizationId: string,
): Promise<OrganizationView> => {
  const organization = mayAccess(caller, organizationId)
    ? await findOrganization(services.db, organizationId)
    : undefined;
  if (!organization) throw organizationNotFound();
  return organization;
};

/**
 * An entity of some organization, if the caller may see it; otherwise `notFound()`, thrown the
 * same way whether it is missing or another organization's.
 */
export const visibleTo = <Entity extends { organizationId: string }>(
  caller: UserCaller,
  entity: Entity | undefined,
  notFound: () => Error,
): Entity => {
  if (!entity || !mayAccess(caller, entity.organizationId)) throw notFound();
  return entity;
};

/**
 * Which organization a list shows: the one asked for (404 if the caller may not see it), else
 * every organization for a super-admin (undefined), else the caller's own.
 */
export const listScope = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  requestedOrganizationId: string | undefined,
): Promise<string | undefined> => {
  if (requestedOrganizationId !== undefined) {
    return (await visibleOrganization(services, caller, requestedOrganizationId)).organizationId;
  }
  return isSuperAdmin(caller) ? undefined : caller.organizationId;
};
