export { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, type IssuedAccessToken } from './session-tokens.js';
export type { AuthServices } from './auth-services.js';
export { AuthenticationError } from './authentication-error.js';
export { passwordLogin, signOut } from './password-login.js';
export { readProfile } from './profile.js';
export {
  changePassword,
  checkResetCode,
  requestPasswordReset,
  sendPasswordReset,
  resetPassword,
  RESET_CODE_TTL_MINUTES,
  RESET_REQUESTED_MESSAGE,
} from './passwords.js';
export { activateAccount, checkInviteCode } from './activate-account.js';
export { resolveSsoAccount } from './sso-account.js';
export { authenticationMethods, completeSsoLogin, ssoLoginUrl } from './sso-login.js';
export { refreshSsoLogin } from './sso-refresh.js';
export { endSsoLogin } from './sso-logout.js';
export { addSsoRealm, readSsoRealms, removeSsoRealm } from './sso-realms.js';
