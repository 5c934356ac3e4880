import { ConflictError, ForbiddenError, normalizeEmail, USER_NAME_MAX } from '@ai-coaching/domain';
import { deterministicId, type IdpIdentity, type SsoRealm } from '@ai-coaching/platform';
import {
  findOrganization,
  findUser,
  findUserByEmail,
  findUserByIdentity,
  type UserView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { claimEmail, runUserCommand } from '../users/user-commands.js';
import { accountDisabled, AuthenticationError } from './authentication-error.js';

const requireActive = (user: UserView): UserView => {
  if (user.status === 'disabled') throw accountDisabled();
  if (user.status !== 'active') {
    throw new ForbiddenError(
      'sso_account_not_activated',
      'This account has a pending invitation. Accept the invitation first, then sign in with single sign-on.',
    );
  }
  return user;
};

const readModelsBehind = () =>
  new AuthenticationError(503, 'read_models_behind', 'Your account is being set up. Sign in again in a moment.');

/** The losing side of two first logins racing: the account it wanted to create exists, which is what it needed. */
const ignoreUserExists = async (create: () => Promise<unknown>) => {
  try {
    await create();
  } catch (error) {
    if (!(error instanceof ConflictError && error.code === 'user_exists')) throw error;
  }
};

const namesOf = (identity: IdpIdentity): { firstName: string; lastName: string } => {
  const clip = (value: string) => value.slice(0, USER_NAME_MAX);
  if (identity.givenName || identity.familyName) {
    return { firstName: clip(identity.givenName ?? ''), lastName: clip(identity.familyName ?? '') };
  }
  const [first = '', ...rest] = (identity.name ?? '').split(/\s+/);
  return { firstName: clip(first), lastName: clip(rest.join(' ')) };
};

/** The account of this user id once the read models show it; an active one only. */
const activeAccount = async (services: AppServices, userId: string): Promise<UserView> => {
  const user = await findUser(services.db, userId);
  if (!user) throw readModelsBehind();
  return requireActive(user);
};

/**
 * Which account this identity signs in to:
 * 1. an identity linked before: that account, whatever its email has become;
 * 2. else, with an email the provider has VERIFIED: the active account of that email, provided it
 *    belongs to the realm's organization (a provider vouches for its own tenant only, so it cannot
 *    claim an account of another organization, a super-admin's included), which gets the identity linked;
 * 3. else a new active account in the realm's organization, with the realm's default role.
 * An unverified email never links nor provisions: anyone can type any address at a provider.
 */
export const resolveSsoAccount = async (
  services: AppServices,
  origin: Origin,
  realm: SsoRealm,
  identity: IdpIdentity,
): Promise<UserView> => {
  const { db } = services;
  const linked = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (linked) return activeAccount(services, linked.userId);

  if (!identity.email) {
    throw new ForbiddenError(
      'sso_email_missing',
      'The identity provider did not share your email address, which is needed to sign you in. Contact your administrator.',
    );
  }
  if (!identity.emailVerified) {
    throw new ForbiddenError(
      'sso_email_not_verified',
      'The identity provider has not verified your email address. Verify it there, then sign in again.',
    );
  }
  const email = normalizeEmail(identity.email);
  const now = nowIso(services);
  const link = (userId: string) =>
    runUserCommand(
      services,
      origin,
      { type: 'LinkIdentity', data: { userId, issuer: identity.issuer, subject: identity.subject }, metadata: { now } },
      { commandId: deterministicId('sso-link', userId, identity.issuer, identity.subject) },
    );

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.organizationId !== realm.organizationId) {
      throw new ForbiddenError(
        'sso_organization_mismatch',
        'An account with this email address belongs to another organization, so this realm cannot sign it in.',
      );
    }
    requireActive(existing);
    await link(existing.userId);
    return existing;
  }

  const organization = await findOrganization(db, realm.organizationId);
  if (organization?.status !== 'active') {
    throw new ForbiddenError(
      'sso_organization_unavailable',
      'The organization this realm signs users in to does not exist or is archived. Contact your administrator.',
    );
  }
  // Derived from the identity: two first logins racing create one account, not two.
  const userId = deterministicId('sso-user', identity.issuer, identity.subject);
  await claimEmail(services, origin, { email, userId, now }, { commandId: deterministicId('sso-claim', userId) });
  await ignoreUserExists(() =>
    runUserCommand(
      services,
      origin,
      {
        type: 'CreateUser',
        data: {
          userId,
          organizationId: realm.organizationId,
          email,
          ...namesOf(identity),
          role: realm.defaultRole,
          passwordHash: null,
          createdBy: null,
        },
        metadata: { now },
      },
      { commandId: deterministicId('sso-create', userId) },
    ),
  );
  await link(userId);
  return activeAccount(services, userId);
};
