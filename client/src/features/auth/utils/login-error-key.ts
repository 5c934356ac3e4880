import type { AuthError } from '../machines/auth.machine';

export type LoginErrorKey =
  'invalidCredentials' | 'tooManyAttempts' | 'accountDisabled' | 'noToken' | 'network' | 'other';

/** The auth machine keeps status and message; the login form says it in the user's language. */
export const loginErrorKey = (error: AuthError): LoginErrorKey => {
  switch (error.status) {
    case 401:
      return 'invalidCredentials';
    case 429:
      return 'tooManyAttempts';
    case 403:
      return 'accountDisabled';
    case 502:
      return 'noToken';
    case 0:
      return 'network';
    default:
      return 'other';
  }
};
