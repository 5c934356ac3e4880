import { ROLES, type Role } from '../permissions/roles.js';
import type { Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DEFAULT_USER_LOCALE, USER_LOCALES, type UserEvent, type UserLocale } from './events.js';

/** Lower-cased and trimmed: the form in which emails are compared, stored and hashed into claim keys. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const EMAIL_MAX = 254;
export const USER_NAME_MAX = 100;
export const IDENTITY_PART_MAX = 255;

export const isValidEmail = (email: string): boolean => EMAIL.test(email) && email.length <= EMAIL_MAX;

type Command<Type extends string, Data> = { type: Type; data: Data & { userId: string }; metadata: { now: string } };

/** An active account: the seed's super-admin, or one provisioned by single sign-on (`passwordHash: null`). */
export type CreateUser = Command<
  'CreateUser',
  {
    organizationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    passwordHash: string | null;
    locale?: UserLocale;
    createdBy: string | null;
  }
>;
export type InviteUser = Command<
  'InviteUser',
  {
    organizationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    locale: UserLocale;
    inviteCodeHash: string;
    inviteExpiresAt: string;
    invitedBy: string | null;
  }
>;
export type ResendInvitation = Command<'ResendInvitation', { inviteCodeHash: string; inviteExpiresAt: string }>;
export type CancelInvitation = Command<'CancelInvitation', object>;
export type ActivateAccount = Command<'ActivateAccount', { inviteCodeHash: string; passwordHash: string }>;
export type UpdateUserProfile = Command<
  'UpdateUserProfile',
  { firstName: string; lastName: string; locale: UserLocale }
>;
export type ChangeUserRole = Command<'ChangeUserRole', { role: Role }>;
export type DisableUser = Command<'DisableUser', object>;
export type EnableUser = Command<'EnableUser', object>;
export type ChangePassword = Command<'ChangePassword', { passwordHash: string }>;
export type RequestPasswordReset = Command<'RequestPasswordReset', { resetCodeHash: string; resetExpiresAt: string }>;
export type CompletePasswordReset = Command<'CompletePasswordReset', { resetCodeHash: string; passwordHash: string }>;
export type LinkIdentity = Command<'LinkIdentity', { issuer: string; subject: string }>;

export type UserCommand =
  | CreateUser
  | InviteUser
  | ResendInvitation
  | CancelInvitation
  | ActivateAccount
  | UpdateUserProfile
  | ChangeUserRole
  | DisableUser
  | EnableUser
  | ChangePassword
  | RequestPasswordReset
  | CompletePasswordReset
  | LinkIdentity;

type Code = { codeHash: string; expiresAt: string };

export type ExistingUser = {
  status: 'invited' | 'active' | 'disabled';
  userId: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  locale: UserLocale;
  /** Where EnableUser returns to: 'active' once activated, else 'invited'. */
  activated: boolean;
  /** The one invite code that works, while invited. */
  invitation: Code | null;
  /** The one reset code that works, while a reset is pending. */
  passwordReset: Code | null;
  /** Told apart from an unknown code, so a second use of a mailed link gets a clearer answer. */
  usedResetCodeHash: string | null;
  /** issuer → subject */
  identities: Readonly<Record<string, string>>;
};

/** 'removed': the invitation was cancelled; the id stays taken. */
export type UserState = { status: 'none' } | { status: 'removed'; userId: string } | ExistingUser;

const validEmail = (raw: string): string => {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email))
    throw new ValidationError('invalid_email', 'Enter a valid email address.', { field: 'email' });
  return email;
};

/** A guest is a shared-session token, never an account that is invited or promoted. */
const GRANTABLE_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'guest');

const validRole = (role: Role, allowed: readonly Role[]): Role => {
  if (!allowed.includes(role)) {
    throw new ValidationError('invalid_role', `The role must be one of ${allowed.join(', ')}.`, { field: 'role' });
  }
  return role;
};

const validName = (raw: string, field: 'firstName' | 'lastName'): string => {
  const name = raw.trim();
  if (name.length > USER_NAME_MAX) {
    const code = field === 'firstName' ? 'invalid_first_name' : 'invalid_last_name';
    throw new ValidationError(code, `A name has at most ${USER_NAME_MAX} characters.`, { field });
  }
  return name;
};

const validLocale = (locale: UserLocale): UserLocale => {
  if (!USER_LOCALES.includes(locale)) {
    throw new ValidationError('invalid_locale', `The language must be one of ${USER_LOCALES.join(', ')}.`, {
      field: 'locale',
    });
  }
  return locale;
};

const isExpired = (expiresAt: string, now: string): boolean => Date.parse(now) >= Date.parse(expiresAt);

const validExpiry = (expiresAt: string, now: string, field: string): string => {
  if (Number.isNaN(Date.parse(expiresAt)) || isExpired(expiresAt, now)) {
    throw new ValidationError('invalid_expiry', 'A code must expire after it is issued.', { field });
  }
  return expiresAt;
};

const existing = (state: UserState): ExistingUser => {
  if (state.status === 'none' || state.status === 'removed') {
    throw new NotFoundError('user_not_found', 'This user does not exist.');
  }
  return state;
};

/** Disabled accounts refuse every change but EnableUser. */
const enabled = (state: UserState): ExistingUser => {
  const user = existing(state);
  if (user.status === 'disabled') {
    throw new ConflictError('user_disabled', 'This account is disabled; enable it first.');
  }
  return user;
};

const invited = (state: UserState): ExistingUser & { invitation: Code } => {
  const user = enabled(state);
  if (user.status !== 'invited' || !user.invitation) {
    throw new ConflictError('user_not_invited', 'This account has no pending invitation.');
  }
  return { ...user, invitation: user.invitation };
};

const refuseExisting = (state: UserState) => {
  if (state.status !== 'none') throw new ConflictError('user_exists', 'This user already exists.');
};

const createUser = ({ data, metadata }: CreateUser, state: UserState): UserEvent[] => {
  refuseExisting(state);
  return [
    {
      type: 'UserCreated',
      data: {
        userId: data.userId,
        organizationId: data.organizationId,
        email: validEmail(data.email),
        firstName: validName(data.firstName, 'firstName'),
        lastName: validName(data.lastName, 'lastName'),
        role: validRole(data.role, ROLES),
        passwordHash: data.passwordHash,
        locale: validLocale(data.locale ?? DEFAULT_USER_LOCALE),
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

const inviteUser = ({ data, metadata }: InviteUser, state: UserState): UserEvent[] => {
  refuseExisting(state);
  return [
    {
      type: 'UserInvited',
      data: {
        userId: data.userId,
        organizationId: data.organizationId,
        email: validEmail(data.email),
        firstName: validName(data.firstName, 'firstName'),
        lastName: validName(data.lastName, 'lastName'),
        role: validRole(data.role, GRANTABLE_ROLES),
        locale: validLocale(data.locale),
        inviteCodeHash: data.inviteCodeHash,
        inviteExpiresAt: validExpiry(data.inviteExpiresAt, metadata.now, 'inviteExpiresAt'),
        invitedBy: data.invitedBy,
        invitedAt: metadata.now,
      },
    },
  ];
};

const resendInvitation = ({ data, metadata }: ResendInvitation, state: UserState): UserEvent[] => {
  const user = invited(state);
  return [
    {
      type: 'InvitationResent',
      data: {
        userId: user.userId,
        inviteCodeHash: data.inviteCodeHash,
        inviteExpiresAt: validExpiry(data.inviteExpiresAt, metadata.now, 'inviteExpiresAt'),
        resentAt: metadata.now,
      },
    },
  ];
};

const cancelInvitation = ({ metadata }: CancelInvitation, state: UserState): UserEvent[] => {
  const user = invited(state);
  return [{ type: 'InvitationCancelled', data: { userId: user.userId, email: user.email, cancelledAt: metadata.now } }];
};

const activateAccount = ({ data, metadata }: ActivateAccount, state: UserState): UserEvent[] => {
  const user = invited(state);
  if (data.inviteCodeHash !== user.invitation.codeHash) {
    throw new ValidationError('invite_code_invalid', 'This invitation link is not valid; ask for a new one.');
  }
  if (isExpired(user.invitation.expiresAt, metadata.now)) {
    throw new ValidationError('invite_code_expired', 'This invitation has expired; ask for a new one.');
  }
  return [
    {
      type: 'UserActivated',
      data: {
        userId: user.userId,
        inviteCodeHash: data.inviteCodeHash,
        passwordHash: data.passwordHash,
        activatedAt: metadata.now,
      },
    },
  ];
};

const updateUserProfile = ({ data, metadata }: UpdateUserProfile, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const firstName = validName(data.firstName, 'firstName');
  const lastName = validName(data.lastName, 'lastName');
  const locale = validLocale(data.locale);
  if (firstName === user.firstName && lastName === user.lastName && locale === user.locale) return [];
  return [
    { type: 'UserProfileUpdated', data: { userId: user.userId, firstName, lastName, locale, updatedAt: metadata.now } },
  ];
};

const changeUserRole = ({ data, metadata }: ChangeUserRole, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const role = validRole(data.role, GRANTABLE_ROLES);
  if (role === user.role) return [];
  return [{ type: 'UserRoleChanged', data: { userId: user.userId, role, changedAt: metadata.now } }];
};

const disableUser = ({ metadata }: DisableUser, state: UserState): UserEvent[] => {
  const user = existing(state);
  if (user.status === 'disabled') return [];
  return [{ type: 'UserDisabled', data: { userId: user.userId, disabledAt: metadata.now } }];
};

const enableUser = ({ metadata }: EnableUser, state: UserState): UserEvent[] => {
  const user = existing(state);
  if (user.status !== 'disabled') return [];
  return [{ type: 'UserEnabled', data: { userId: user.userId, enabledAt: metadata.now } }];
};

const changePassword = ({ data, metadata }: ChangePassword, state: UserState): UserEvent[] => {
  const user = enabled(state);
  if (user.status !== 'active') {
    throw new ConflictError('user_not_active', 'This account is not activated yet; use the invitation first.');
  }
  return [
    {
      type: 'PasswordChanged',
      data: {
        userId: user.userId,
        passwordHash: data.passwordHash,
        reason: 'change',
        resetCodeHash: null,
        changedAt: metadata.now,
      },
    },
  ];
};

/** Decides nothing for an account that is not active: the API answers the same either way, so nobody learns which emails exist. */
const requestPasswordReset = ({ data, metadata }: RequestPasswordReset, state: UserState): UserEvent[] => {
  if (state.status !== 'active') return [];
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: state.userId,
        resetCodeHash: data.resetCodeHash,
        resetExpiresAt: validExpiry(data.resetExpiresAt, metadata.now, 'resetExpiresAt'),
        requestedAt: metadata.now,
      },
    },
  ];
};

const completePasswordReset = ({ data, metadata }: CompletePasswordReset, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const pending = user.passwordReset;
  if (!pending || pending.codeHash !== data.resetCodeHash) {
    if (data.resetCodeHash === user.usedResetCodeHash) {
      throw new ValidationError('reset_code_used', 'This reset link has already been used; ask for a new one.');
    }
    throw new ValidationError('reset_code_invalid', 'This reset link is not valid; ask for a new one.');
  }
  if (isExpired(pending.expiresAt, metadata.now)) {
    throw new ValidationError('reset_code_expired', 'This reset link has expired; ask for a new one.');
  }
  return [
    {
      type: 'PasswordChanged',
      data: {
        userId: user.userId,
        passwordHash: data.passwordHash,
        reason: 'reset',
        resetCodeHash: data.resetCodeHash,
        changedAt: metadata.now,
      },
    },
  ];
};

const linkIdentity = ({ data, metadata }: LinkIdentity, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const { issuer, subject } = data;
  for (const [field, value] of [
    ['issuer', issuer],
    ['subject', subject],
  ] as const) {
    if (value.length === 0 || value.length > IDENTITY_PART_MAX) {
      throw new ValidationError('invalid_identity', `An identity ${field} has 1 to ${IDENTITY_PART_MAX} characters.`, {
        field,
      });
    }
  }
  const linked = user.identities[issuer];
  if (linked === subject) return [];
  if (linked !== undefined) {
    throw new ConflictError(
      'identity_already_linked',
      'This account is already linked to another identity of this provider.',
      { issuer },
    );
  }
  return [{ type: 'IdentityLinked', data: { userId: user.userId, issuer, subject, linkedAt: metadata.now } }];
};

const evolveExisting = (user: ExistingUser, event: UserEvent): UserState => {
  switch (event.type) {
    case 'UserCreated':
    case 'UserInvited':
      return user;
    case 'InvitationResent':
      return { ...user, invitation: { codeHash: event.data.inviteCodeHash, expiresAt: event.data.inviteExpiresAt } };
    case 'InvitationCancelled':
      return { status: 'removed', userId: user.userId };
    case 'UserActivated':
      return { ...user, status: 'active', activated: true, invitation: null };
    case 'UserProfileUpdated':
      return { ...user, firstName: event.data.firstName, lastName: event.data.lastName, locale: event.data.locale };
    case 'UserRoleChanged':
      return { ...user, role: event.data.role };
    case 'UserDisabled':
      // A reset link mailed before the account was disabled must not outlive it.
      return { ...user, status: 'disabled', passwordReset: null };
    case 'UserEnabled':
      return { ...user, status: user.activated ? 'active' : 'invited' };
    case 'PasswordResetRequested':
      return {
        ...user,
        passwordReset: { codeHash: event.data.resetCodeHash, expiresAt: event.data.resetExpiresAt },
      };
    case 'PasswordChanged':
      return {
        ...user,
        passwordReset: null,
        usedResetCodeHash: event.data.resetCodeHash ?? user.usedResetCodeHash,
      };
    case 'IdentityLinked':
      return { ...user, identities: { ...user.identities, [event.data.issuer]: event.data.subject } };
  }
};

const newUser = (
  data: Pick<ExistingUser, 'userId' | 'organizationId' | 'email' | 'firstName' | 'lastName' | 'role' | 'locale'>,
): Omit<ExistingUser, 'status' | 'activated' | 'invitation'> => ({
  userId: data.userId,
  organizationId: data.organizationId,
  email: data.email,
  firstName: data.firstName,
  lastName: data.lastName,
  role: data.role,
  locale: data.locale,
  passwordReset: null,
  usedResetCodeHash: null,
  identities: {},
});

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide(command, state) {
    switch (command.type) {
      case 'CreateUser':
        return createUser(command, state);
      case 'InviteUser':
        return inviteUser(command, state);
      case 'ResendInvitation':
        return resendInvitation(command, state);
      case 'CancelInvitation':
        return cancelInvitation(command, state);
      case 'ActivateAccount':
        return activateAccount(command, state);
      case 'UpdateUserProfile':
        return updateUserProfile(command, state);
      case 'ChangeUserRole':
        return changeUserRole(command, state);
      case 'DisableUser':
        return disableUser(command, state);
      case 'EnableUser':
        return enableUser(command, state);
      case 'ChangePassword':
        return changePassword(command, state);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state);
      case 'CompletePasswordReset':
        return completePasswordReset(command, state);
      case 'LinkIdentity':
        return linkIdentity(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type?: unknown }).type)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return {
          ...newUser({ ...event.data, locale: event.data.locale ?? DEFAULT_USER_LOCALE }),
          status: 'active',
          activated: true,
          invitation: null,
        };
      case 'UserInvited':
        return {
          ...newUser(event.data),
          status: 'invited',
          activated: false,
          invitation: { codeHash: event.data.inviteCodeHash, expiresAt: event.data.inviteExpiresAt },
        };
      default:
        return state.status === 'none' || state.status === 'removed' ? state : evolveExisting(state, event);
    }
  },
  initialState: () => ({ status: 'none' }),
};
