import type { User } from '@ai-coaching/contracts';
import { DEFAULT_USER_LOCALE, DomainError, normalizeEmail, USER_NAME_MAX } from '@ai-coaching/domain';
import { listSsoRealms, markScimResourceDeleted, scimResourceMarks, setScimExternalId } from '@ai-coaching/platform';
import { findUserByEmail } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { signedInUser, type UserCaller } from '../tenancy/scope.js';
import { changeUser, inviteUser, listUsers, readUser, removeUser } from '../users/index.js';
import { claimEmail, releaseEmail, runUserCommand } from '../users/user-commands.js';
import { userNotFound } from '../users/user-lookup.js';

/** A user as the identity provider sees it: the product's user, and the provider's own key for it. */
export type ScimUserRecord = { user: User; externalId: string | null };

/** What a provider says of a user, on creation and on each replacement (a PATCH is applied into one). */
export type ScimUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  externalId: string | null;
};

/** The organization's directory is read a page at a time, at the largest page a list answers. */
const PAGE_SIZE = 48;

const clip = (name: string) => name.trim().slice(0, USER_NAME_MAX);

/**
 * Every user of the token's organization the provider has not deleted, with its key. SCIM filters are evaluated on
 * these by the protocol library (docs/api/integrations.md, "SCIM").
 */
export const scimUsers = async (services: AppServices, origin: Origin): Promise<ScimUserRecord[]> => {
  const caller = signedInUser(origin.caller);
  const users: User[] = [];
  for (let page = 1; ; page += 1) {
    const found = await listUsers(services, origin, {
      organization_id: caller.organizationId,
      page,
      page_size: PAGE_SIZE,
      sort: 'name',
    });
    users.push(...found.items);
    if (found.items.length < PAGE_SIZE || users.length >= found.total) break;
  }
  const marks = await scimResourceMarks(services.db, caller.organizationId, 'User');
  return users
    .filter((user) => !marks.get(user.id)?.deleted)
    .map((user) => ({ user, externalId: marks.get(user.id)?.externalId ?? null }));
};

/** One user of the token's organization, unless another organization's, missing or deleted by the provider (404). */
export const scimUser = async (services: AppServices, origin: Origin, userId: string): Promise<ScimUserRecord> => {
  const caller = signedInUser(origin.caller);
  const user = await readUser(services, origin, userId);
  if (user.organization_id !== caller.organizationId) throw userNotFound();
  const mark = (await scimResourceMarks(services.db, caller.organizationId, 'User', [userId])).get(userId);
  if (mark?.deleted) throw userNotFound();
  const { groups: _groups, ...fields } = user;
  return { user: fields, externalId: mark?.externalId ?? null };
};

/**
 * Whether people of the organization sign in with a password: true unless a single sign-on realm signs them in to
 * it. Then the provider's users are invited (they choose a password from the invitation mail); otherwise they are
 * created active, and sign in through the realm.
 */
export const organizationUsesPasswordLogin = async (services: AppServices, organizationId: string): Promise<boolean> =>
  !(await listSsoRealms(services)).some((realm) => realm.organizationId === organizationId);

const keepExternalId = (services: AppServices, caller: UserCaller, userId: string, externalId: string | null) =>
  setScimExternalId(services.db, {
    organizationId: caller.organizationId,
    type: 'User',
    resourceId: userId,
    externalId,
    at: services.clock.now(),
  });

/** An active account without a password, as single sign-on provisions one: it signs in through the realm. */
const createActiveUser = async (
  services: AppServices,
  origin: Origin,
  caller: UserCaller,
  input: ScimUserInput,
): Promise<string> => {
  const userId = services.ids.newId();
  const now = nowIso(services);
  const email = normalizeEmail(input.email);
  await claimEmail(services, origin, { email, userId, now });
  await runUserCommand(services, origin, {
    type: 'CreateUser',
    data: {
      userId,
      organizationId: caller.organizationId,
      email,
      firstName: clip(input.firstName),
      lastName: clip(input.lastName),
      role: 'user',
      passwordHash: null,
      locale: origin.locale ?? DEFAULT_USER_LOCALE,
      createdBy: caller.userId,
    },
    metadata: { now },
  }).catch(async (error: unknown) => {
    if (error instanceof DomainError) await releaseEmail(services, origin, email, userId);
    throw error;
  });
  return userId;
};

/**
 * A user the provider creates: always with the `user` role (no administrator over SCIM). Invited, with the
 * invitation mail, where the organization signs in with passwords; active at once where single sign-on does.
 */
export const provisionScimUser = async (
  services: AppServices,
  origin: Origin,
  input: ScimUserInput,
): Promise<ScimUserRecord> => {
  const caller = signedInUser(origin.caller);
  const userId = (await organizationUsesPasswordLogin(services, caller.organizationId))
    ? (
        await inviteUser(services, origin, {
          email: normalizeEmail(input.email),
          first_name: clip(input.firstName),
          last_name: clip(input.lastName),
          organization_id: caller.organizationId,
          organization_role: 'user',
        })
      ).id
    : await createActiveUser(services, origin, caller, input);
  await keepExternalId(services, caller, userId, input.externalId);
  if (!input.active) await changeUser(services, origin, userId, { status: 'disabled' });
  return scimUser(services, origin, userId);
};

/** The address a provider names is the account's login: it cannot change (the product has no change of address). */
export const scimUserNameChanged = (record: ScimUserRecord, email: string): boolean =>
  normalizeEmail(email) !== record.user.email;

/**
 * Applies what the provider says of a user now: names, access (`active: false` disables the account and ends its
 * sessions at once; `true` enables it), its key. What did not change is not written again, so the provider's
 * periodic `active: true` changes nothing.
 */
export const replaceScimUser = async (
  services: AppServices,
  origin: Origin,
  userId: string,
  input: ScimUserInput,
): Promise<ScimUserRecord> => {
  const caller = signedInUser(origin.caller);
  const current = await scimUser(services, origin, userId);
  const { user } = current;
  const firstName = clip(input.firstName);
  const lastName = clip(input.lastName);
  const status = input.active ? (user.status === 'disabled' ? 'active' : undefined) : 'disabled';
  const renamed = firstName !== user.first_name || lastName !== user.last_name;
  if (status === 'active') await changeUser(services, origin, userId, { status });
  if (renamed) await changeUser(services, origin, userId, { first_name: firstName, last_name: lastName });
  if (status === 'disabled' && user.status !== 'disabled') await changeUser(services, origin, userId, { status });
  if (input.externalId !== current.externalId) await keepExternalId(services, caller, userId, input.externalId);
  return scimUser(services, origin, userId);
};

/**
 * Deletes a user for the provider: an invitation is cancelled; an account that was used is disabled, its sessions
 * end and its history stays, and the provider no longer sees it (404).
 */
export const deleteScimUser = async (services: AppServices, origin: Origin, userId: string): Promise<void> => {
  const caller = signedInUser(origin.caller);
  await scimUser(services, origin, userId);
  await removeUser(services, origin, userId);
  await markScimResourceDeleted(services.db, {
    organizationId: caller.organizationId,
    type: 'User',
    resourceId: userId,
    at: services.clock.now(),
  });
};

/** The user of that address in the token's organization (the fast path of `userName eq "…"`). */
export const scimUserByEmail = async (
  services: AppServices,
  origin: Origin,
  email: string,
): Promise<ScimUserRecord | undefined> => {
  const caller = signedInUser(origin.caller);
  const found = await findUserByEmail(services.db, normalizeEmail(email));
  if (!found || found.organizationId !== caller.organizationId) return undefined;
  return scimUser(services, origin, found.userId).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) return undefined;
    throw error;
  });
};
