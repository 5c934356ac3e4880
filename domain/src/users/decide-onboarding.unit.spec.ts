import { describe, it } from 'vitest';
import type { Role } from '../permissions/roles.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { USER_NAME_MAX } from './rules.js';
import {
  activate,
  activated,
  afterExpiry,
  cancel,
  cancelled,
  create,
  created,
  disabled,
  given,
  inOneWeek,
  invite,
  invited,
  isCode,
  resend,
  resent,
  t0,
} from './user-fixtures.js';

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
});
