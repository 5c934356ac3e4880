import { ForbiddenError, ValidationError } from '@ai-coaching/domain';

/**
 * A refusal of a sign-in flow that no domain error stands for: the caller is not signed in by it
 * (401), or their account is not ready yet (503). It carries the status it stands for, like the
 * platform's `SsoError`, and the API answers it one to one.
 */
export class AuthenticationError extends Error {
  override readonly name = 'AuthenticationError';
  constructor(
    readonly status: 401 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const accountDisabled = () =>
  new ForbiddenError('account_disabled', 'This account is disabled. Contact your organization’s administrator.');

export const passwordInvalid = (problems: readonly string[]) =>
  new ValidationError('password_invalid', 'The password does not meet the rules.', {
    field: 'password',
    rules: problems,
  });
