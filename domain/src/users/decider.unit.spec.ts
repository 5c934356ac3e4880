import { describe, it } from 'vitest';
import type { Role } from '../permissions/roles.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import {
  USER_NAME_MAX,
  userDecider,
  type ActivateAccount,
  type CancelInvitation,
  type ChangePassword,
  type ChangeUserRole,
  type CompletePasswordReset,
  type CreateUser,
  type DisableUser,
  type EnableUser,
  type InviteUser,
  type LinkIdentity,
  type RequestPasswordReset,
  type ResendInvitation,
  type UpdateUserProfile,
} from './decider.js';
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

const given = DeciderSpecification.for(userDecider);
const isCode = (code: string) => (error: { code: string }) => error.code === code;

const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';
const t2 = '2026-11-23T10:00:00.000Z';
const inOneWeek = '2026-11-28T10:00:00.000Z';
const afterExpiry = '2026-12-01T10:00:00.000Z';
const at = (now: string) => ({ metadata: { now } });

const create: CreateUser = {
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
const created: UserCreated = {
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
const createdBeforeLocales: UserCreated = {
  type: 'UserCreated',
  data: {
    userId: 'user-1',
    organizationId: 'org-1',
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'super-admin',
    passwordHash: '$argon2id$hash',
    createdBy: null,
    createdAt: t0,
  },
};

const invite: InviteUser = {
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
const invited: UserInvited = {
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

const resend: ResendInvitation = {
  type: 'ResendInvitation',
  data: { userId: 'user-1', inviteCodeHash: 'invite-2', inviteExpiresAt: afterExpiry },
  ...at(t1),
};
const resent: InvitationResent = {
  type: 'InvitationResent',
  data: { userId: 'user-1', inviteCodeHash: 'invite-2', inviteExpiresAt: afterExpiry, resentAt: t1 },
};

const cancel: CancelInvitation = { type: 'CancelInvitation', data: { userId: 'user-1' }, ...at(t1) };
const cancelled: InvitationCancelled = {
  type: 'InvitationCancelled',
  data: { userId: 'user-1', email: 'grace@example.com', cancelledAt: t1 },
};

const activate = (inviteCodeHash = 'invite-1', now = t1): ActivateAccount => ({
  type: 'ActivateAccount',
  data: { userId: 'user-1', inviteCodeHash, passwordHash: '$argon2id$grace' },
  ...at(now),
});
const activated: UserActivated = {
  type: 'UserActivated',
  data: { userId: 'user-1', inviteCodeHash: 'invite-1', passwordHash: '$argon2id$grace', activatedAt: t1 },
};

const updateProfile = (locale: UserLocale = 'en-GB'): UpdateUserProfile => ({
  type: 'UpdateUserProfile',
  data: { userId: 'user-1', firstName: ' Grace ', lastName: ' Brewster Hopper ', locale },
  ...at(t2),
});
const profileUpdated: UserProfileUpdated = {
  type: 'UserProfileUpdated',
  data: { userId: 'user-1', firstName: 'Grace', lastName: 'Brewster Hopper', locale: 'en-GB', updatedAt: t2 },
};

const changeRole = (role: Role): ChangeUserRole => ({
  type: 'ChangeUserRole',
  data: { userId: 'user-1', role },
  ...at(t2),
});
const roleChanged: UserRoleChanged = {
  type: 'UserRoleChanged',
  data: { userId: 'user-1', role: 'operator', changedAt: t2 },
};

const disable: DisableUser = { type: 'DisableUser', data: { userId: 'user-1' }, ...at(t2) };
const disabled: UserDisabled = { type: 'UserDisabled', data: { userId: 'user-1', disabledAt: t2 } };
const enable: EnableUser = { type: 'EnableUser', data: { userId: 'user-1' }, ...at(t2) };
const enabled: UserEnabled = { type: 'UserEnabled', data: { userId: 'user-1', enabledAt: t2 } };

const changePassword: ChangePassword = {
  type: 'ChangePassword',
  data: { userId: 'user-1', passwordHash: '$argon2id$new' },
  ...at(t2),
};
const passwordChanged: PasswordChanged = {
  type: 'PasswordChanged',
  data: { userId: 'user-1', passwordHash: '$argon2id$new', reason: 'change', resetCodeHash: null, changedAt: t2 },
};

const requestReset = (resetCodeHash = 'reset-1', resetExpiresAt = inOneWeek): RequestPasswordReset => ({
  type: 'RequestPasswordReset',
  data: { userId: 'user-1', resetCodeHash, resetExpiresAt },
  ...at(t1),
});
const resetRequested = (resetCodeHash = 'reset-1', resetExpiresAt = inOneWeek): PasswordResetRequested => ({
  type: 'PasswordResetRequested',
  data: { userId: 'user-1', resetCodeHash, resetExpiresAt, requestedAt: t1 },
});
const completeReset = (resetCodeHash = 'reset-1', now = t2): CompletePasswordReset => ({
  type: 'CompletePasswordReset',
  data: { userId: 'user-1', resetCodeHash, passwordHash: '$argon2id$reset' },
  ...at(now),
});
const passwordReset: PasswordChanged = {
  type: 'PasswordChanged',
  data: { userId: 'user-1', passwordHash: '$argon2id$reset', reason: 'reset', resetCodeHash: 'reset-1', changedAt: t2 },
};

const link = (subject = 'sub-1', issuer = 'https://idp.example.com/realms/acme'): LinkIdentity => ({
  type: 'LinkIdentity',
  data: { userId: 'user-1', issuer, subject },
  ...at(t1),
});
const linked: IdentityLinked = {
  type: 'IdentityLinked',
  data: { userId: 'user-1', issuer: 'https://idp.example.com/realms/acme', subject: 'sub-1', linkedAt: t1 },
};

describe('Users', () => {
  describe('CreateUser', () => {
    it('should create an active user with the email normalised and the default locale', () => {
      given([]).when(create).then([created]);
    });

    it('should create an account without a password for single sign-on', () => {
      given([])
        .when({ ...create, data: { ...create.data, passwordHash: null, locale: 'fr-FR' } })
        .then([{ ...created, data: { ...created.data, passwordHash: null, locale: 'fr-FR' } }]);
    });

    it.each(['', 'no-at-sign', 'two@@signs', `${'a'.repeat(250)}@x.io`])('should refuse the email %j', (email) => {
      given([])
        .when({ ...create, data: { ...create.data, email } })
        .thenThrows(ValidationError, isCode('invalid_email'));
    });

    it('should refuse an unknown role', () => {
      given([])
        .when({ ...create, data: { ...create.data, role: 'owner' as Role } })
        .thenThrows(ValidationError, isCode('invalid_role'));
    });

    it('should refuse a name that is too long', () => {
      given([])
        .when({ ...create, data: { ...create.data, lastName: 'x'.repeat(USER_NAME_MAX + 1) } })
        .thenThrows(ValidationError, isCode('invalid_last_name'));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('user_exists'));
    });
  });

  describe('InviteUser', () => {
    it('should record an invited user with a trimmed profile and the code hash', () => {
      given([]).when(invite).then([invited]);
    });

    it('should refuse the guest role', () => {
      given([])
        .when({ ...invite, data: { ...invite.data, role: 'guest' } })
        .thenThrows(ValidationError, isCode('invalid_role'));
    });

    it('should refuse an unknown locale', () => {
      given([])
        .when({ ...invite, data: { ...invite.data, locale: 'de-DE' as UserLocale } })
        .thenThrows(ValidationError, isCode('invalid_locale'));
    });

    it('should refuse an invalid email', () => {
      given([])
        .when({ ...invite, data: { ...invite.data, email: 'grace' } })
        .thenThrows(ValidationError, isCode('invalid_email'));
    });

    it('should refuse a first name that is too long', () => {
      given([])
        .when({ ...invite, data: { ...invite.data, firstName: 'x'.repeat(USER_NAME_MAX + 1) } })
        .thenThrows(ValidationError, isCode('invalid_first_name'));
    });

    it.each([t0, '2026-01-01T00:00:00.000Z', 'not a date'])('should refuse the expiry %j', (inviteExpiresAt) => {
      given([])
        .when({ ...invite, data: { ...invite.data, inviteExpiresAt } })
        .thenThrows(ValidationError, isCode('invalid_expiry'));
    });

    it('should refuse a user id already taken', () => {
      given([created]).when(invite).thenThrows(ConflictError, isCode('user_exists'));
    });

    it('should refuse a user id whose invitation was cancelled', () => {
      given([invited, cancelled]).when(invite).thenThrows(ConflictError, isCode('user_exists'));
    });
  });

  describe('ResendInvitation', () => {
    it('should record the new code', () => {
      given([invited]).when(resend).then([resent]);
    });

    it('should refuse an active user', () => {
      given([invited, activated]).when(resend).thenThrows(ConflictError, isCode('user_not_invited'));
    });

    it('should refuse a disabled user', () => {
      given([invited, disabled]).when(resend).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should refuse an expiry in the past', () => {
      given([invited])
        .when({ ...resend, data: { ...resend.data, inviteExpiresAt: t0 } })
        .thenThrows(ValidationError, isCode('invalid_expiry'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(resend).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('CancelInvitation', () => {
    it('should remove the invited user, naming the email to release', () => {
      given([invited]).when(cancel).then([cancelled]);
    });

    it('should refuse an activated user', () => {
      given([invited, activated]).when(cancel).thenThrows(ConflictError, isCode('user_not_invited'));
    });

    it('should refuse a user already removed', () => {
      given([invited, cancelled]).when(cancel).thenThrows(NotFoundError, isCode('user_not_found'));
    });

    it('should leave a removed user unable to do anything', () => {
      given([invited, cancelled]).when(activate()).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('ActivateAccount', () => {
    it('should activate with the current code before it expires', () => {
      given([invited]).when(activate()).then([activated]);
    });

    it('should activate with the code sent last', () => {
      given([invited, resent])
        .when(activate('invite-2', inOneWeek))
        .then([{ ...activated, data: { ...activated.data, inviteCodeHash: 'invite-2', activatedAt: inOneWeek } }]);
    });

    it('should refuse a code that was superseded', () => {
      given([invited, resent]).when(activate('invite-1')).thenThrows(ValidationError, isCode('invite_code_invalid'));
    });

    it('should refuse an unknown code', () => {
      given([invited]).when(activate('guess')).thenThrows(ValidationError, isCode('invite_code_invalid'));
    });

    it.each([inOneWeek, afterExpiry])('should refuse the code at %s, once it has expired', (now) => {
      given([invited]).when(activate('invite-1', now)).thenThrows(ValidationError, isCode('invite_code_expired'));
    });

    it('should refuse an account that is already active', () => {
      given([invited, activated]).when(activate()).thenThrows(ConflictError, isCode('user_not_invited'));
    });

    it('should refuse an account created active', () => {
      given([created]).when(activate()).thenThrows(ConflictError, isCode('user_not_invited'));
    });

    it('should refuse a disabled invitation', () => {
      given([invited, disabled]).when(activate()).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(activate()).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('UpdateUserProfile', () => {
    it('should record the trimmed names and the locale', () => {
      given([invited, activated]).when(updateProfile()).then([profileUpdated]);
    });

    it('should update a user recorded before locales existed', () => {
      given([createdBeforeLocales])
        .when(updateProfile('fr-FR'))
        .then([{ ...profileUpdated, data: { ...profileUpdated.data, locale: 'fr-FR' } }]);
    });

    it('should decide nothing when nothing changes', () => {
      given([invited, profileUpdated]).when(updateProfile()).thenNothing();
    });

    it('should refuse an unknown locale', () => {
      given([invited])
        .when(updateProfile('xx' as UserLocale))
        .thenThrows(ValidationError, isCode('invalid_locale'));
    });

    it('should refuse a disabled user', () => {
      given([created, disabled]).when(updateProfile()).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(updateProfile()).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('ChangeUserRole', () => {
    it('should record the new role', () => {
      given([invited]).when(changeRole('operator')).then([roleChanged]);
    });

    it('should decide nothing for the role the user already has', () => {
      given([invited]).when(changeRole('editor')).thenNothing();
    });

    it.each(['guest', 'owner'])('should refuse the role %s', (role) => {
      given([invited])
        .when(changeRole(role as Role))
        .thenThrows(ValidationError, isCode('invalid_role'));
    });

    it('should refuse a disabled user', () => {
      given([created, disabled]).when(changeRole('user')).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(changeRole('user')).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('DisableUser and EnableUser', () => {
    it('should disable an active user', () => {
      given([created]).when(disable).then([disabled]);
    });

    it('should disable an invited user', () => {
      given([invited]).when(disable).then([disabled]);
    });

    it('should decide nothing when the user is already disabled', () => {
      given([created, disabled]).when(disable).thenNothing();
    });

    it('should enable a disabled user', () => {
      given([created, disabled]).when(enable).then([enabled]);
    });

    it('should decide nothing when the user is not disabled', () => {
      given([created]).when(enable).thenNothing();
    });

    it('should give an enabled active user back the right to change the password', () => {
      given([created, disabled, enabled]).when(changePassword).then([passwordChanged]);
    });

    it('should give an enabled invited user back the invitation', () => {
      given([invited, disabled, enabled]).when(activate()).then([activated]);
    });

    it('should refuse an unknown user', () => {
      given([]).when(disable).thenThrows(NotFoundError, isCode('user_not_found'));
      given([]).when(enable).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('ChangePassword', () => {
    it('should record the new hash as a change', () => {
      given([created]).when(changePassword).then([passwordChanged]);
    });

    it('should let an account without a password set one', () => {
      given([{ ...created, data: { ...created.data, passwordHash: null } }])
        .when(changePassword)
        .then([passwordChanged]);
    });

    it('should refuse an account not yet activated', () => {
      given([invited]).when(changePassword).thenThrows(ConflictError, isCode('user_not_active'));
    });

    it('should refuse a disabled user', () => {
      given([created, disabled]).when(changePassword).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should make a pending reset code stop working', () => {
      given([created, resetRequested(), passwordChanged])
        .when(completeReset())
        .thenThrows(ValidationError, isCode('reset_code_invalid'));
    });
  });

  describe('RequestPasswordReset', () => {
    it('should record the code of an active user', () => {
      given([created]).when(requestReset()).then([resetRequested()]);
    });

    it.each([
      ['an unknown user', []],
      ['an invited user', [invited]],
      ['a disabled user', [created, disabled]],
      ['a removed user', [invited, cancelled]],
    ])('should decide nothing for %s', (_who, history) => {
      given(history).when(requestReset()).thenNothing();
    });

    it('should refuse an expiry in the past', () => {
      given([created]).when(requestReset('reset-1', t0)).thenThrows(ValidationError, isCode('invalid_expiry'));
    });
  });

  describe('CompletePasswordReset', () => {
    it('should record the new hash as a reset with the code used', () => {
      given([created, resetRequested()]).when(completeReset()).then([passwordReset]);
    });

    it('should refuse a code superseded by a newer request', () => {
      given([created, resetRequested(), resetRequested('reset-2')])
        .when(completeReset('reset-1'))
        .thenThrows(ValidationError, isCode('reset_code_invalid'));
    });

    it('should refuse an unknown code', () => {
      given([created, resetRequested()])
        .when(completeReset('guess'))
        .thenThrows(ValidationError, isCode('reset_code_invalid'));
    });

    it('should refuse a code when no reset is pending', () => {
      given([created]).when(completeReset()).thenThrows(ValidationError, isCode('reset_code_invalid'));
    });

    it.each([inOneWeek, afterExpiry])('should refuse the code at %s, once it has expired', (now) => {
      given([created, resetRequested()])
        .when(completeReset('reset-1', now))
        .thenThrows(ValidationError, isCode('reset_code_expired'));
    });

    it('should refuse a code used already', () => {
      given([created, resetRequested(), passwordReset])
        .when(completeReset())
        .thenThrows(ValidationError, isCode('reset_code_used'));
    });

    it('should refuse a disabled user, whose pending code then stays void', () => {
      given([created, resetRequested(), disabled])
        .when(completeReset())
        .thenThrows(ConflictError, isCode('user_disabled'));
      given([created, resetRequested(), disabled, enabled])
        .when(completeReset())
        .thenThrows(ValidationError, isCode('reset_code_invalid'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(completeReset()).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });

  describe('LinkIdentity', () => {
    it('should link an identity', () => {
      given([created]).when(link()).then([linked]);
    });

    it('should link identities of several providers', () => {
      given([created, linked])
        .when(link('sub-9', 'https://other.example.com'))
        .then([{ ...linked, data: { ...linked.data, issuer: 'https://other.example.com', subject: 'sub-9' } }]);
    });

    it('should decide nothing for the identity already linked', () => {
      given([created, linked]).when(link()).thenNothing();
    });

    it('should refuse another subject of the same provider', () => {
      given([created, linked]).when(link('sub-2')).thenThrows(ConflictError, isCode('identity_already_linked'));
    });

    it.each([
      ['an empty subject', ''],
      ['a subject that is too long', 's'.repeat(256)],
    ])('should refuse %s', (_what, subject) => {
      given([created]).when(link(subject)).thenThrows(ValidationError, isCode('invalid_identity'));
    });

    it('should refuse a disabled user', () => {
      given([created, disabled]).when(link()).thenThrows(ConflictError, isCode('user_disabled'));
    });

    it('should refuse an unknown user', () => {
      given([]).when(link()).thenThrows(NotFoundError, isCode('user_not_found'));
    });
  });
});
