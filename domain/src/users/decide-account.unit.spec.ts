import { describe, it } from 'vitest';
import type { Role } from '../permissions/roles.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import type { ChangeUserAvatar } from './commands.js';
import type { UserAvatarChanged } from './events.js';
import {
  activate,
  activated,
  afterExpiry,
  cancelled,
  changePassword,
  changeRole,
  completeReset,
  created,
  createdBeforeLocales,
  disable,
  disabled,
  enable,
  enabled,
  given,
  inOneWeek,
  invited,
  isCode,
  link,
  linked,
  passwordChanged,
  passwordReset,
  profileUpdated,
  requestReset,
  resetRequested,
  roleChanged,
  t0,
  updateProfile,
} from './user-fixtures.js';

const changeAvatar = (avatarImageId: string | null): ChangeUserAvatar => ({
  type: 'ChangeUserAvatar',
  data: { userId: 'user-1', avatarImageId },
  metadata: { now: '2026-11-23T10:00:00.000Z' },
});
const avatarChanged = (avatarImageId: string | null): UserAvatarChanged => ({
  type: 'UserAvatarChanged',
  data: { userId: 'user-1', avatarImageId, changedAt: '2026-11-23T10:00:00.000Z' },
});

describe('Users', () => {
  describe('ChangeUserAvatar', () => {
    it('should set, replace and clear the picture of an invited or active user', () => {
      given([invited])
        .when(changeAvatar('img-1'))
        .then([avatarChanged('img-1')]);
      given([invited, activated, avatarChanged('img-1')])
        .when(changeAvatar('img-2'))
        .then([avatarChanged('img-2')]);
      given([created, avatarChanged('img-1')])
        .when(changeAvatar(null))
        .then([avatarChanged(null)]);
    });

    it('should decide nothing when the picture is the same', () => {
      given([created, avatarChanged('img-1')])
        .when(changeAvatar('img-1'))
        .thenNothing();
      given([created]).when(changeAvatar(null)).thenNothing();
    });

    it('should refuse a disabled or unknown user', () => {
      given([created, disabled]).when(changeAvatar('img-1')).thenThrows(ConflictError, isCode('user_disabled'));
      given([]).when(changeAvatar('img-1')).thenThrows(NotFoundError, isCode('user_not_found'));
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
