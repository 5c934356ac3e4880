// The users area's public use cases and the invitation helpers the account activation shares.
export {
  INVITE_CODE_TTL_DAYS,
  displayName,
  enqueueInvitationMail,
  newInviteCode,
  type InviteCode,
} from './invitation-mail.js';
export { listUsers, type ListUsersQuery } from './list-users.js';
export { findColleagues } from './colleagues.js';
export { readUser } from './read-user.js';
export { inviteUser, type InviteUserInput } from './invite-user.js';
export { changeUser, type ChangeUserInput } from './change-user.js';
export { removeUser } from './remove-user.js';
export { resendInvitation } from './resend-invitation.js';
export { sendPasswordResetLink } from './send-password-reset-link.js';
