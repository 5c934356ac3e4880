import { ConflictError, ValidationError } from '../shared/errors.js';
import type {
  ChangePassword,
  ChangeUserAvatar,
  ChangeUserRole,
  CompletePasswordReset,
  DisableUser,
  EnableUser,
  LinkIdentity,
  RequestPasswordReset,
  UpdateUserProfile,
} from './commands.js';
import type { UserEvent } from './events.js';
import { GRANTABLE_ROLES, isExpired, validExpiry, validIdentity, validLocale, validName, validRole } from './rules.js';
import { enabled, existing, type UserState } from './state.js';

/** What happens to an account once it exists: its profile, role, status, password and identities. */

export const updateUserProfile = ({ data, metadata }: UpdateUserProfile, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const firstName = validName(data.firstName, 'firstName');
  const lastName = validName(data.lastName, 'lastName');
  const locale = validLocale(data.locale);
  if (firstName === user.firstName && lastName === user.lastName && locale === user.locale) return [];
  return [
    { type: 'UserProfileUpdated', data: { userId: user.userId, firstName, lastName, locale, updatedAt: metadata.now } },
  ];
};

export const changeUserAvatar = ({ data, metadata }: ChangeUserAvatar, state: UserState): UserEvent[] => {
  const user = enabled(state);
  if (data.avatarImageId === user.avatarImageId) return [];
  return [
    {
      type: 'UserAvatarChanged',
      data: { userId: user.userId, avatarImageId: data.avatarImageId, changedAt: metadata.now },
    },
  ];
};

export const changeUserRole = ({ data, metadata }: ChangeUserRole, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const role = validRole(data.role, GRANTABLE_ROLES);
  if (role === user.role) return [];
  return [{ type: 'UserRoleChanged', data: { userId: user.userId, role, changedAt: metadata.now } }];
};

export const disableUser = ({ metadata }: DisableUser, state: UserState): UserEvent[] => {
  const user = existing(state);
  if (user.status === 'disabled') return [];
  return [{ type: 'UserDisabled', data: { userId: user.userId, disabledAt: metadata.now } }];
};

export const enableUser = ({ metadata }: EnableUser, state: UserState): UserEvent[] => {
  const user = existing(state);
  if (user.status !== 'disabled') return [];
  return [{ type: 'UserEnabled', data: { userId: user.userId, enabledAt: metadata.now } }];
};

/** A new password, set by its user (no reset code) or with the reset code mailed to them. */
const passwordChanged = (
  userId: string,
  passwordHash: string,
  resetCodeHash: string | null,
  changedAt: string,
): UserEvent => ({
  type: 'PasswordChanged',
  data: { userId, passwordHash, reason: resetCodeHash === null ? 'change' : 'reset', resetCodeHash, changedAt },
});

export const changePassword = ({ data, metadata }: ChangePassword, state: UserState): UserEvent[] => {
  const user = enabled(state);
  if (user.status !== 'active') {
    throw new ConflictError('user_not_active', 'This account is not activated yet; use the invitation first.');
  }
  return [passwordChanged(user.userId, data.passwordHash, null, metadata.now)];
};

/** Decides nothing for an account that is not active: the API answers the same either way, so nobody learns which emails exist. */
export const requestPasswordReset = ({ data, metadata }: RequestPasswordReset, state: UserState): UserEvent[] => {
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

export const completePasswordReset = ({ data, metadata }: CompletePasswordReset, state: UserState): UserEvent[] => {
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
  return [passwordChanged(user.userId, data.passwordHash, data.resetCodeHash, metadata.now)];
};

export const linkIdentity = ({ data, metadata }: LinkIdentity, state: UserState): UserEvent[] => {
  const user = enabled(state);
  const { issuer, subject } = validIdentity(data.issuer, data.subject);
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
