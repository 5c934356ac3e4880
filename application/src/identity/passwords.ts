import { normalizeEmail, passwordProblems, userDecider, userStreamId, ValidationError } from '@ai-coaching/domain';
import {
  createSecretCode,
  hashPassword,
  hashSecretCode,
  revokeUserSessions,
  verifyPassword,
} from '@ai-coaching/platform';
import { findPasswordReset, findUser, findUserByEmail, findUserCredentials } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { sendMailJob } from '../jobs/mail/send-mail.job.js';
import { signedInUser } from '../tenancy/scope.js';
import type { AuthServices } from './auth-services.js';
import { passwordInvalid } from './authentication-error.js';

export const RESET_CODE_TTL_MINUTES = 60;

/** The answer to every reset request, whether the account exists or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, a link to reset its password has been sent.';

/** The signed-in user's new password, proved by the current one; their other sessions end. */
export const changePassword = async (
  services: AppServices,
  origin: Origin,
  input: { currentPassword: string; newPassword: string },
): Promise<void> => {
  const me = signedInUser(origin.caller);
  const credentials = await findUserCredentials(services.db, { email: normalizeEmail(me.email) });
  if (!credentials?.passwordHash || !(await verifyPassword(credentials.passwordHash, input.currentPassword))) {
    throw new ValidationError('current_password_incorrect', 'The current password is incorrect.', {
      field: 'current_password',
    });
  }
  const problems = passwordProblems(input.newPassword, me.email);
  if (problems.length > 0) throw passwordInvalid(problems);
  await runCommand(services, origin, {
    streamId: userStreamId(me.userId),
    decider: userDecider,
    command: {
      type: 'ChangePassword',
      data: { userId: me.userId, passwordHash: await hashPassword(input.newPassword) },
      metadata: { now: nowIso(services) },
    },
  });
  await revokeUserSessions(services.db, me.userId, 'password_changed', { except: me.sessionId });
};

/**
 * Mails a reset link to an active account. Nothing tells whether it exists: the answer is the same,
 * and every request counts against the account and the address alike.
 */
export const requestPasswordReset = async (
  services: AuthServices,
  origin: Origin,
  input: { accountEmail: string; address: string },
): Promise<{ message: string }> => {
  await services.rateLimiter.consume('password-reset', { account: input.accountEmail, address: input.address });
  const user = await findUserByEmail(services.db, normalizeEmail(input.accountEmail));
  if (user?.status === 'active') {
    const code = createSecretCode();
    const now = services.clock.now();
    const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000).toISOString();
    await runCommand(services, origin, {
      streamId: userStreamId(user.userId),
      decider: userDecider,
      command: {
        type: 'RequestPasswordReset',
        data: { userId: user.userId, resetCodeHash: hashSecretCode(code), resetExpiresAt: expiresAt },
        metadata: { now: now.toISOString() },
      },
    });
    const resetUrl = `${services.config.publicUrl}/?reset_code=${encodeURIComponent(code)}#reset-password`;
    await services.queue.enqueue(sendMailJob, {
      template: 'password-reset',
      locale: user.locale === 'fr-FR' ? 'fr-FR' : 'en-GB',
      to: user.email,
      params: { firstName: user.firstName, resetUrl, expiresAt },
    });
  }
  return { message: RESET_REQUESTED_MESSAGE };
};

/**
 * A new password with the code of a reset mail; every session of the account ends. An unknown
 * code counts as a failure of the caller's address, so guessing codes gets blocked; whether a known
 * code is still usable (not used, replaced or expired) is the user stream's to say.
 */
export const resetPassword = async (
  services: AuthServices,
  origin: Origin,
  input: { resetCode: string; newPassword: string; address: string },
): Promise<void> => {
  const keys = { address: input.address };
  await services.rateLimiter.check('activation', keys);
  const resetCodeHash = hashSecretCode(input.resetCode);
  const reset = await findPasswordReset(services.db, resetCodeHash, nowIso(services));
  const user = reset && (await findUser(services.db, reset.userId));
  if (!user) {
    await services.rateLimiter.recordFailure('activation', keys);
    throw new ValidationError('reset_code_invalid', 'This reset link is not valid. Ask for a new one.', {
      field: 'reset_code',
    });
  }
  const problems = passwordProblems(input.newPassword, user.email);
  if (problems.length > 0) throw passwordInvalid(problems);
  await runCommand(services, origin, {
    streamId: userStreamId(user.userId),
    decider: userDecider,
    command: {
      type: 'CompletePasswordReset',
      data: { userId: user.userId, resetCodeHash, passwordHash: await hashPassword(input.newPassword) },
      metadata: { now: nowIso(services) },
    },
  });
  await revokeUserSessions(services.db, user.userId, 'password_changed');
};
