import { ConflictError, NotFoundError } from '../shared/errors.js';
import { DEFAULT_USER_LOCALE, type UserAccountFields, type UserEvent, type UserLocale } from './events.js';

type Code = { codeHash: string; expiresAt: string };

export type ExistingUser = UserAccountFields & {
  status: 'invited' | 'active' | 'disabled';
  locale: UserLocale;
  /** An uploaded image's id (only a reference: the image is public by its random id), null for none. */
  avatarImageId: string | null;
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

export const initialUserState = (): UserState => ({ status: 'none' });

export const existing = (state: UserState): ExistingUser => {
  if (state.status === 'none' || state.status === 'removed') {
    throw new NotFoundError('user_not_found', 'This user does not exist.');
  }
  return state;
};

/** Disabled accounts refuse every change but EnableUser. */
export const enabled = (state: UserState): ExistingUser => {
  const user = existing(state);
  if (user.status === 'disabled') {
    throw new ConflictError('user_disabled', 'This account is disabled; enable it first.');
  }
  return user;
};

export const invited = (state: UserState): ExistingUser & { invitation: Code } => {
  const user = enabled(state);
  if (user.status !== 'invited' || !user.invitation) {
    throw new ConflictError('user_not_invited', 'This account has no pending invitation.');
  }
  return { ...user, invitation: user.invitation };
};

export const refuseExisting = (state: UserState): void => {
  if (state.status !== 'none') throw new ConflictError('user_exists', 'This user already exists.');
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
    case 'UserAvatarChanged':
      return { ...user, avatarImageId: event.data.avatarImageId };
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
  data: UserAccountFields & { locale: UserLocale },
): Omit<ExistingUser, 'status' | 'activated' | 'invitation'> => ({
  userId: data.userId,
  organizationId: data.organizationId,
  email: data.email,
  firstName: data.firstName,
  lastName: data.lastName,
  role: data.role,
  locale: data.locale,
  avatarImageId: null,
  passwordReset: null,
  usedResetCodeHash: null,
  identities: {},
});

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
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
};
