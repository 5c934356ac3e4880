import type { Role } from '../permissions/roles.js';
import type { Command } from '../shared/command.js';
import type { UserAccountFields, UserLocale } from './events.js';

/** An active account: the seed's super-admin, or one provisioned by single sign-on (`passwordHash: null`). */
export type CreateUser = Command<
  'CreateUser',
  UserAccountFields & {
    passwordHash: string | null;
    locale?: UserLocale;
    createdBy: string | null;
  }
>;
export type InviteUser = Command<
  'InviteUser',
  UserAccountFields & {
    locale: UserLocale;
    inviteCodeHash: string;
    inviteExpiresAt: string;
    invitedBy: string | null;
  }
>;
export type ResendInvitation = Command<
  'ResendInvitation',
  { userId: string; inviteCodeHash: string; inviteExpiresAt: string }
>;
export type CancelInvitation = Command<'CancelInvitation', { userId: string }>;
export type ActivateAccount = Command<
  'ActivateAccount',
  { userId: string; inviteCodeHash: string; passwordHash: string }
>;
export type UpdateUserProfile = Command<
  'UpdateUserProfile',
  { userId: string; firstName: string; lastName: string; locale: UserLocale }
>;
export type ChangeUserAvatar = Command<'ChangeUserAvatar', { userId: string; avatarImageId: string | null }>;
export type ChangeUserRole = Command<'ChangeUserRole', { userId: string; role: Role }>;
export type DisableUser = Command<'DisableUser', { userId: string }>;
export type EnableUser = Command<'EnableUser', { userId: string }>;
export type ChangePassword = Command<'ChangePassword', { userId: string; passwordHash: string }>;
export type RequestPasswordReset = Command<
  'RequestPasswordReset',
  { userId: string; resetCodeHash: string; resetExpiresAt: string }
>;
export type CompletePasswordReset = Command<
  'CompletePasswordReset',
  { userId: string; resetCodeHash: string; passwordHash: string }
>;
export type LinkIdentity = Command<'LinkIdentity', { userId: string; issuer: string; subject: string }>;

export type UserCommand =
  | CreateUser
  | InviteUser
  | ResendInvitation
  | CancelInvitation
  | ActivateAccount
  | UpdateUserProfile
  | ChangeUserAvatar
  | ChangeUserRole
  | DisableUser
  | EnableUser
  | ChangePassword
  | RequestPasswordReset
  | CompletePasswordReset
  | LinkIdentity;
