import { ROLES, type Role } from '../permissions/roles.js';
import { ValidationError } from '../shared/errors.js';
import type { ActivateAccount, CancelInvitation, CreateUser, InviteUser, ResendInvitation } from './commands.js';
import { DEFAULT_USER_LOCALE, type UserAccountFields, type UserEvent } from './events.js';
import { GRANTABLE_ROLES, isExpired, validEmail, validExpiry, validLocale, validName, validRole } from './rules.js';
import { invited, refuseExisting, type UserState } from './state.js';

/** How an account comes to be: created active, or invited and then activated (or cancelled). */

/** Who the new account is, checked: the email and names as kept, and a role among those this way may give. */
const validAccount = (data: UserAccountFields, roles: readonly Role[]): UserAccountFields => ({
  userId: data.userId,
  organizationId: data.organizationId,
  email: validEmail(data.email),
  firstName: validName(data.firstName, 'firstName'),
  lastName: validName(data.lastName, 'lastName'),
  role: validRole(data.role, roles),
});

export const createUser = ({ data, metadata }: CreateUser, state: UserState): UserEvent[] => {
  refuseExisting(state);
  return [
    {
      type: 'UserCreated',
      data: {
        ...validAccount(data, ROLES),
        passwordHash: data.passwordHash,
        locale: validLocale(data.locale ?? DEFAULT_USER_LOCALE),
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

export const inviteUser = ({ data, metadata }: InviteUser, state: UserState): UserEvent[] => {
  refuseExisting(state);
  return [
    {
      type: 'UserInvited',
      data: {
        ...validAccount(data, GRANTABLE_ROLES),
        locale: validLocale(data.locale),
        inviteCodeHash: data.inviteCodeHash,
        inviteExpiresAt: validExpiry(data.inviteExpiresAt, metadata.now, 'inviteExpiresAt'),
        invitedBy: data.invitedBy,
        invitedAt: metadata.now,
      },
    },
  ];
};

export const resendInvitation = ({ data, metadata }: ResendInvitation, state: UserState): UserEvent[] => {
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

export const cancelInvitation = ({ metadata }: CancelInvitation, state: UserState): UserEvent[] => {
  const user = invited(state);
  return [{ type: 'InvitationCancelled', data: { userId: user.userId, email: user.email, cancelledAt: metadata.now } }];
};

export const activateAccount = ({ data, metadata }: ActivateAccount, state: UserState): UserEvent[] => {
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
