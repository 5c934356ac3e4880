import type { Page, ParsedRequest, SuperAdmin, superAdminOperations } from '@ai-coaching/contracts';
import { ConflictError, NotFoundError } from '@ai-coaching/domain';
import { findPlatformOrganization, findUser, listUsers, type UserView } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser } from '../tenancy/scope.js';
import { changeUser } from '../users/change-user.js';
import { inviteUser } from '../users/invite-user.js';
import { removeUser } from '../users/remove-user.js';
import { toUserProfile, type UserFields } from '../users/user-view.js';

// The platform's super-admins. Each use case reuses the users area's own (invitation, change,
// removal), which checks who may do what and announces on the platform stream any change that
// takes a super-admin away, so the last active one always stays (super-admin-guard.ts).

type Operations = typeof superAdminOperations;

const toSuperAdmin = (user: UserFields): SuperAdmin => toUserProfile(user);

const superAdminNotFound = () => new NotFoundError('super_admin_not_found', 'There is no super-admin with this id.');

/** A super-admin's account; anyone else (a demoted one included) answers as missing. */
const superAdminById = async (services: Pick<AppServices, 'db'>, userId: string): Promise<UserView> => {
  const user = await findUser(services.db, userId);
  if (user?.role !== 'super-admin') throw superAdminNotFound();
  return user;
};

export const listSuperAdmins = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<SuperAdmin>> => {
  signedInUser(origin.caller);
  const page = await listUsers(services.db, { ...query, role: 'super-admin' });
  return { ...page, items: page.items.map(toSuperAdmin) };
};

/** An invitation into the platform organization with the super-admin role. */
export const inviteSuperAdmin = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['invite']>['body'],
): Promise<SuperAdmin> => {
  const platform = await findPlatformOrganization(services.db);
  if (!platform) {
    throw new ConflictError('platform_not_initialized', 'The platform is not initialised yet; try again shortly.');
  }
  const user = await inviteUser(services, origin, {
    ...body,
    organization_id: platform.organizationId,
    organization_role: 'super-admin',
  });
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    organization_id: user.organization_id,
    organization_role: user.organization_role,
    status: user.status,
    locale: user.locale,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
};

/** Demotes, disables or enables a super-admin (never the last active one, never oneself). */
export const changeSuperAdmin = async (
  services: AppServices,
  origin: Origin,
  userId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<SuperAdmin> => {
  const target = await superAdminById(services, userId);
  await changeUser(services, origin, target.userId, body);
  const changed = await findUser(services.db, target.userId);
  if (!changed) throw superAdminNotFound();
  return toSuperAdmin(changed);
};

/** Cancels a super-admin's invitation, or disables an activated one (never the last active one, never oneself). */
export const removeSuperAdmin = async (services: AppServices, origin: Origin, userId: string): Promise<void> => {
  const target = await superAdminById(services, userId);
  await removeUser(services, origin, target.userId);
};
