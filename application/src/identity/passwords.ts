import type { ResetCodeCheck } from '@ai-coaching/contracts';
import { normalizeEmail, NotFoundError, passwordProblems, ValidationError } from '@ai-coaching/domain';
import {
  createSecretCode,
  hashPassword,
  hashSecretCode,
  revokeUserSessions,
  verifyPassword,
} from '@ai-coaching/platform';
import { findPasswordReset, findUser, findUserByEmail, findUserCredentials } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { sendPasswordResetJob } from '../jobs/identity/send-password-reset.job.js';
import { mailGreetingOf, mailRecipientOf, sendMailJob } from '../jobs/mail/send-mail.job.js';
import { signedInUser } from '../tenancy/scope.js';
import { runUserCommand } from '../users/user-commands.js';
import type { AuthServices } from './auth-services.js';
import { passwordInvalid } from './authentication-error.js';

export const RESET_CODE_TTL_MINUTES = 60;

/** The mail templates' limit for a name. */

/**
 * How long after its answer a reset request's job starts. Any timer would do for a worker of its
 * own; in one-process mode on PGlite the job's queries run on the thread that writes the answer, and
 * a job started at once would slow the answer for known accounts only. This lets the answer leave first.
 */
export const RESET_JOB_DELAY_MS = 50;

/** The answer to every reset request, whether the account exists or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, a link to reset its password has been sent.';

/**
 * The signed-in user's new password, proved by the current one; their other sessions end. Wrong
 * current passwords count against the account (and the address) like failed logins, so a session
 * in the wrong hands cannot guess its way to the password; a right one clears the account's count.
 */
export const changePassword = async (
  services: AuthServices,
  origin: Origin,
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<void> => {
  const me = signedInUser(origin.caller);
  const keys = { account: me.userId, address: input.address };
  await services.rateLimiter.check('change-password', keys);
  const credentials = await findUserCredentials(services.db, { email: normalizeEmail(me.email) });
  if (!credentials?.passwordHash || !(await verifyPassword(credentials.passwordHash, input.currentPassword))) {
    await services.rateLimiter.recordFailure('change-password', keys);
    throw new ValidationError('current_password_incorrect', 'Your current password is not correct.', {
      field: 'current_password',
    });
  }
  await services.rateLimiter.recordSuccess('change-password', keys);
  // Checked once the current password is proved, so the answer tells nothing to someone who does not know it.
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError('password_unchanged', 'Choose a new password that differs from the current one.', {
      field: 'new_password',
    });
  }
  const problems = passwordProblems(input.newPassword, me.email);
  if (problems.length > 0) throw passwordInvalid(problems);
  await runUserCommand(services, origin, {
    type: 'ChangePassword',
    data: { userId: me.userId, passwordHash: await hashPassword(input.newPassword) },
    metadata: { now: nowIso(services) },
  });
  await revokeUserSessions(services.db, me.userId, 'password_changed', { except: me.sessionId });
};

/**
 * Asks for a reset link. Nothing tells whether the account exists: every request counts against
 * the account and the address alike, and is answered as soon as the `identity.password-reset.send`
 * job is queued, before anyone looks the account up, so the answer takes the same time either way
 * (ASVS 6.3.8). The job does the rest (`sendPasswordReset`).
 */
export const requestPasswordReset = async (
  services: AuthServices,
  _origin: Origin,
  input: { accountEmail: string; address: string },
): Promise<{ message: string }> => {
  await services.rateLimiter.consume('password-reset', { account: input.accountEmail, address: input.address });
  await services.queue.enqueue(
    sendPasswordResetJob,
    { accountEmail: input.accountEmail },
    { delayMs: RESET_JOB_DELAY_MS },
  );
  return { message: RESET_REQUESTED_MESSAGE };
};

/**
 * A new reset code for an active account (the previous one stops working) and the mail with its
 * link: what a self-service request and an administrator's "send a reset link" both do. False when
 * the decider recorded nothing because the account stopped being active since it was looked up.
 */
export const issueResetLink = async (
  services: AppServices,
  origin: Origin,
  user: { userId: string; email: string; firstName: string; locale: string | undefined },
): Promise<boolean> => {
  const code = createSecretCode();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000).toISOString();
  const result = await runUserCommand(services, origin, {
    type: 'RequestPasswordReset',
    data: { userId: user.userId, resetCodeHash: hashSecretCode(code), resetExpiresAt: expiresAt },
    metadata: { now: now.toISOString() },
  });
  if (result.events.length === 0) return false;
  await services.queue.enqueue(sendMailJob, {
    template: 'password-reset',
    ...mailRecipientOf(user),
    params: {
      // The greeting needs a name; an account created without one (the first super-admin) gets its address.
      firstName: mailGreetingOf(user),
      resetUrl: `${services.config.publicUrl}/?reset_code=${encodeURIComponent(code)}#reset-password`,
      expiresAt,
    },
  });
  return true;
};

/**
 * The work of a reset request, run by its job: an active account gets a new reset code (the
 * previous one stops working) and a mail with the link; any other address gets nothing. A retried
 * job issues a newer code, which replaces the one it may have mailed already.
 */
export const sendPasswordReset = async (
  services: AppServices,
  origin: Origin,
  input: { accountEmail: string },
): Promise<{ sent: boolean }> => {
  const user = await findUserByEmail(services.db, normalizeEmail(input.accountEmail));
  if (user?.status !== 'active') return { sent: false };
  return { sent: await issueResetLink(services, origin, user) };
};

const RESET_CODE_INVALID_MESSAGE = 'This reset link is not valid. Ask for a new one.';

/**
 * What a reset link opens, checked when the reset form opens so that a used or expired link is
 * said at once, not after the new password is typed. The answer never names the account. An
 * unknown or replaced code, or one of a disabled account, counts as an activation failure of the
 * caller's address, as invitation codes do, so scanning for codes gets blocked.
 */
export const checkResetCode = async (
  services: AuthServices,
  input: { resetCode: string; address: string },
): Promise<ResetCodeCheck> => {
  const keys = { address: input.address };
  await services.rateLimiter.check('activation', keys);
  const reset = await findPasswordReset(services.db, hashSecretCode(input.resetCode), nowIso(services));
  const user = reset && reset.status !== 'superseded' ? await findUser(services.db, reset.userId) : undefined;
  if (!reset || reset.status === 'superseded' || !user || user.status === 'disabled') {
    await services.rateLimiter.recordFailure('activation', keys);
    throw new NotFoundError('reset_code_invalid', RESET_CODE_INVALID_MESSAGE);
  }
  return { status: reset.status };
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
    throw new ValidationError('reset_code_invalid', RESET_CODE_INVALID_MESSAGE, { field: 'reset_code' });
  }
  const problems = passwordProblems(input.newPassword, user.email);
  if (problems.length > 0) throw passwordInvalid(problems);
  await runUserCommand(services, origin, {
    type: 'CompletePasswordReset',
    data: { userId: user.userId, resetCodeHash, passwordHash: await hashPassword(input.newPassword) },
    metadata: { now: nowIso(services) },
  });
  await revokeUserSessions(services.db, user.userId, 'password_changed');
};
