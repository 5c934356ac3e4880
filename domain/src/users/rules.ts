import { ROLES, type Role } from '../permissions/roles.js';
import { ValidationError } from '../shared/errors.js';
import { USER_LOCALES, type UserLocale } from './events.js';

/** Lower-cased and trimmed: the form in which emails are compared, stored and hashed into claim keys. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const EMAIL_MAX = 254;
export const USER_NAME_MAX = 100;
export const IDENTITY_PART_MAX = 255;

export const isValidEmail = (email: string): boolean => EMAIL.test(email) && email.length <= EMAIL_MAX;

export const validEmail = (raw: string): string => {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email))
    throw new ValidationError('invalid_email', 'Enter a valid email address.', { field: 'email' });
  return email;
};

/** A guest is a shared-session token, never an account that is invited or promoted. */
export const GRANTABLE_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'guest');

export const validRole = (role: Role, allowed: readonly Role[]): Role => {
  if (!allowed.includes(role)) {
    throw new ValidationError('invalid_role', `The role must be one of ${allowed.join(', ')}.`, { field: 'role' });
  }
  return role;
};

export const validName = (raw: string, field: 'firstName' | 'lastName'): string => {
  const name = raw.trim();
  if (name.length > USER_NAME_MAX) {
    const code = field === 'firstName' ? 'invalid_first_name' : 'invalid_last_name';
    throw new ValidationError(code, `A name has at most ${USER_NAME_MAX} characters.`, { field });
  }
  return name;
};

export const validLocale = (locale: UserLocale): UserLocale => {
  if (!USER_LOCALES.includes(locale)) {
    throw new ValidationError('invalid_locale', `The language must be one of ${USER_LOCALES.join(', ')}.`, {
      field: 'locale',
    });
  }
  return locale;
};

export const isExpired = (expiresAt: string, now: string): boolean => Date.parse(now) >= Date.parse(expiresAt);

export const validExpiry = (expiresAt: string, now: string, field: string): string => {
  if (Number.isNaN(Date.parse(expiresAt)) || isExpired(expiresAt, now)) {
    throw new ValidationError('invalid_expiry', 'A code must expire after it is issued.', { field });
  }
  return expiresAt;
};

/** An identity's issuer and subject each have 1 to IDENTITY_PART_MAX characters. */
export const validIdentity = (issuer: string, subject: string): { issuer: string; subject: string } => {
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
  return { issuer, subject };
};
