import type { Role } from '../permissions/roles.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import type {
  ActivateAccount,
  CancelInvitation,
  ChangePassword,
  ChangeUserRole,
  CompletePasswordReset,
  CreateUser,
  DisableUser,
  EnableUser,
  InviteUser,
  LinkIdentity,
  RequestPasswordReset,
  ResendInvitation,
  UpdateUserProfile,
} from './commands.js';
import { userDecider } from './decider.js';
import type {
  IdentityLinked,
  InvitationCancelled,
  InvitationResent,
  PasswordChanged,
  PasswordResetRequested,
  UserActivated,
  UserCreated,
  UserDisabled,
  UserEnabled,
  UserInvited,
  UserLocale,
  UserProfileUpdated,
  UserRoleChanged,
} from './events.js';

export { isCode } from '../testing/decider-specification.js';

/** The commands and events of one user's life, shared by the examples of the user decider. */

export const given = DeciderSpecification.for(userDecider);

export const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';
const t2 = '2026-11-23T10:00:00.000Z';
export const inOneWeek = '2026-11-28T10:00:00.000Z';
export const afterExpiry = '2026-12-01T10:00:00.000Z';
const at = (now: string) => ({ metadata: { now } });

export const create: CreateUser = {
  type: 'CreateUser',
  data: {
    userId: 'user-1',
    organizationId: 'org-1',
    email: '  Admin@Example.COM ',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'super-admin',
    passwordHash: '$argon2id$hash',
    createdBy: null,
  },
  ...at(t0),
};
export const created: UserCreated = {
  type: 'UserCreated',
  data: {
    userId: 'user-1',
    organizationId: 'org-1',
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'super-admin',
    passwordHash: '$argon2id$hash',
    locale: 'en-GB',
    createdBy: null,
    createdAt: t0,
  },
};
/** As stored before locales and single sign-on existed: such events must still fold. */
const { locale: _locale, ...withoutLocale } = created.data;
export const createdBeforeLocales: UserCreated = { type: 'UserCreated', data: withoutLocale };

export const invite: InviteUser = {
  type: 'InviteUser',
  data: {
    userId: 'user-1',
    organizationId: 'org-1',
    email: ' Grace@Example.com',
    firstName: ' Grace ',
    lastName: 'Hopper ',
    role: 'editor',
    locale: 'fr-FR',
    inviteCodeHash: 'invite-1',
    inviteExpiresAt: inOneWeek,
    invitedBy: 'admin-1',
  },
  ...at(t0),
};
export const invited: UserInvited = {
  type: 'UserInvited',
  data: {
    userId: 'user-1',
    organizationId: 'org-1',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'editor',
    locale: 'fr-FR',
    inviteCodeHash: 'invite-1',
    inviteExpiresAt: inOneWeek,
    invitedBy: 'admin-1',
    invitedAt: t0,
  },
};

export const resend: ResendInvitation = {
  type: 'ResendInvitation',
  data: { userId: 'user-1', inviteCodeHash: 'invite-2', inviteExpiresAt: afterExpiry },
  ...at(t1),
};
export const resent: InvitationResent = {
  type: 'InvitationResent',
  data: { userId: 'user-1', inviteCodeHash: 'invite-2', inviteExpiresAt: afterExpiry, resentAt: t1 },
};

export const cancel: CancelInvitation = { type: 'CancelInvitation', data: { userId: 'user-1' }, ...at(t1) };
export const cancelled: InvitationCancelled = {
  type: 'InvitationCancelled',
  data: { userId: 'user-1', email: 'grace@example.com', cancelledAt: t1 },
};

export const activate = (inviteCodeHash = 'invite-1', now = t1): ActivateAccount => ({
  type: 'ActivateAccount',
  data: { userId: 'user-1', inviteCodeHash, passwordHash: '$argon2id$grace' },
  ...at(now),
});
export const activated: UserActivated = {
  type: 'UserActivated',
  data: { userId: 'user-1', inviteCodeHash: 'invite-1', passwordHash: '$argon2id$grace', activatedAt: t1 },
};

export const updateProfile = (locale: UserLocale = 'en-GB'): UpdateUserProfile => ({
  type: 'UpdateUserProfile',
  data: { userId: 'user-1', firstName: ' Grace ', lastName: ' Brewster Hopper ', locale },
  ...at(t2),
});
export const profileUpdated: UserProfileUpdated = {
  type: 'UserProfileUpdated',
  data: { userId: 'user-1', firstName: 'Grace', lastName: 'Brewster Hopper', locale: 'en-GB', updatedAt: t2 },
};

export const changeRole = (role: Role): ChangeUserRole => ({
  type: 'ChangeUserRole',
  data: { userId: 'user-1', role },
  ...at(t2),
});
export const roleChanged: UserRoleChanged = {
  type: 'UserRoleChanged',
  data: { userId: 'user-1', role: 'operator', changedAt: t2 },
};

export const disable: DisableUser = { type: 'DisableUser', data: { userId: 'user-1' }, ...at(t2) };
export const disabled: UserDisabled = { type: 'UserDisabled', data: { userId: 'user-1', disabledAt: t2 } };
export const enable: EnableUser = { type: 'EnableUser', data: { userId: 'user-1' }, ...at(t2) };
export const enabled: UserEnabled = { type: 'UserEnabled', data: { userId: 'user-1', enabledAt: t2 } };

export const changePassword: ChangePassword = {
  type: 'ChangePassword',
  data: { userId: 'user-1', passwordHash: '$argon2id$new' },
  ...at(t2),
};
export const passwordChanged: PasswordChanged = {
  type: 'PasswordChanged',
  data: { userId: 'user-1', passwordHash: '$argon2id$new', reason: 'change', resetCodeHash: null, changedAt: t2 },
};

export const requestReset = (resetCodeHash = 'reset-1', resetExpiresAt = inOneWeek): RequestPasswordReset => ({
  type: 'RequestPasswordReset',
  data: { userId: 'user-1', resetCodeHash, resetExpiresAt },
  ...at(t1),
});
export const resetRequested = (resetCodeHash = 'reset-1', resetExpiresAt = inOneWeek): PasswordResetRequested => ({
  type: 'PasswordResetRequested',
  data: { userId: 'user-1', resetCodeHash, resetExpiresAt, requestedAt: t1 },
});
export const completeReset = (resetCodeHash = 'reset-1', now = t2): CompletePasswordReset => ({
  type: 'CompletePasswordReset',
  data: { userId: 'user-1', resetCodeHash, passwordHash: '$argon2id$reset' },
  ...at(now),
});
export const passwordReset: PasswordChanged = {
  type: 'PasswordChanged',
  data: { userId: 'user-1', passwordHash: '$argon2id$reset', reason: 'reset', resetCodeHash: 'reset-1', changedAt: t2 },
};

export const link = (subject = 'sub-1', issuer = 'https://idp.example.com/realms/acme'): LinkIdentity => ({
  type: 'LinkIdentity',
  data: { userId: 'user-1', issuer, subject },
  ...at(t1),
});
export const linked: IdentityLinked = {
  type: 'IdentityLinked',
  data: { userId: 'user-1', issuer: 'https://idp.example.com/realms/acme', subject: 'sub-1', linkedAt: t1 },
};
