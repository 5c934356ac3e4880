import type { Role } from '../permissions/roles.js';

export const userStreamId = (userId: string): string => `user-${userId}`;

export const USER_LOCALES = ['en-GB', 'fr-FR'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];
export const DEFAULT_USER_LOCALE: UserLocale = 'en-GB';

/** Who an account is and where it belongs: what creating and inviting record, and the user's state keeps. */
export type UserAccountFields = {
  userId: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
};

/** Created active, with a password (the seed) or without one (single sign-on provisioning). */
export type UserCreated = {
  type: 'UserCreated';
  data: UserAccountFields & {
    /** argon2id hash, never the password itself; null for an account that signs in only through single sign-on. */
    passwordHash: string | null;
    /** Absent from events recorded before locales existed: read it as DEFAULT_USER_LOCALE. */
    locale?: UserLocale;
    createdBy: string | null;
    createdAt: string;
  };
};

/** The account exists but cannot sign in until it is activated with the invite code. */
export type UserInvited = {
  type: 'UserInvited';
  data: UserAccountFields & {
    locale: UserLocale;
    /** Hash of the code mailed to the user; the code itself is never stored. */
    inviteCodeHash: string;
    inviteExpiresAt: string;
    invitedBy: string | null;
    invitedAt: string;
  };
};

/** A new code replaces the previous one, which stops working. */
export type InvitationResent = {
  type: 'InvitationResent';
  data: { userId: string; inviteCodeHash: string; inviteExpiresAt: string; resentAt: string };
};

/** The invited user has been removed before activating: the email may be invited again. */
export type InvitationCancelled = {
  type: 'InvitationCancelled';
  data: { userId: string; email: string; cancelledAt: string };
};

export type UserActivated = {
  type: 'UserActivated';
  data: { userId: string; inviteCodeHash: string; passwordHash: string; activatedAt: string };
};

export type UserProfileUpdated = {
  type: 'UserProfileUpdated';
  data: { userId: string; firstName: string; lastName: string; locale: UserLocale; updatedAt: string };
};

/** The user's picture: an uploaded image (docs/image-uploads.md), or null for the generated avatar. */
export type UserAvatarChanged = {
  type: 'UserAvatarChanged';
  data: { userId: string; avatarImageId: string | null; changedAt: string };
};

export type UserRoleChanged = {
  type: 'UserRoleChanged';
  data: { userId: string; role: Role; changedAt: string };
};

export type UserDisabled = {
  type: 'UserDisabled';
  data: { userId: string; disabledAt: string };
};

export type UserEnabled = {
  type: 'UserEnabled';
  data: { userId: string; enabledAt: string };
};

export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; resetCodeHash: string; resetExpiresAt: string; requestedAt: string };
};

/** `resetCodeHash` is the code used when `reason` is 'reset', null for a change by the signed-in user. */
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: {
    userId: string;
    passwordHash: string;
    reason: 'change' | 'reset';
    resetCodeHash: string | null;
    changedAt: string;
  };
};

/** The account signs in through this identity provider (`issuer`) as `subject`. */
export type IdentityLinked = {
  type: 'IdentityLinked';
  data: { userId: string; issuer: string; subject: string; linkedAt: string };
};

export type UserEvent =
  | UserCreated
  | UserInvited
  | InvitationResent
  | InvitationCancelled
  | UserActivated
  | UserProfileUpdated
  | UserAvatarChanged
  | UserRoleChanged
  | UserDisabled
  | UserEnabled
  | PasswordResetRequested
  | PasswordChanged
  | IdentityLinked;
