import type { Activation, InviteCodeCheck } from '@ai-coaching/contracts';
import { ConflictError, NotFoundError, passwordProblems, ValidationError } from '@ai-coaching/domain';
import { hashPassword, hashSecretCode } from '@ai-coaching/platform';
import { findInvitation, findUser, type UserView } from '@ai-coaching/projections';
import { nowIso, type Origin } from '../app-services.js';
import { runUserCommand } from '../users/user-commands.js';
import type { AuthServices } from './auth-services.js';
import { passwordInvalid } from './authentication-error.js';

type OpenedInvitation = { status: 'valid' | 'expired' | 'used'; user: UserView };

/**
 * What an invite code opens. An unknown code, one replaced by a resend or a cancellation, or one
 * whose account has since been disabled opens nothing, and counts as an activation failure of the
 * caller's address: the answers look alike, so they count alike, and scanning for codes gets blocked.
 */
const openInvitation = async (
  services: AuthServices,
  code: string,
  keys: { address: string },
): Promise<OpenedInvitation | undefined> => {
  await services.rateLimiter.check('activation', keys);
  const invitation = await findInvitation(services.db, hashSecretCode(code), nowIso(services));
  const user =
    invitation && invitation.status !== 'superseded' ? await findUser(services.db, invitation.userId) : undefined;
  if (!invitation || invitation.status === 'superseded' || !user || user.status === 'disabled') {
    await services.rateLimiter.recordFailure('activation', keys);
    return undefined;
  }
  return { status: invitation.status, user };
};

const INVALID_MESSAGE = 'This invitation link is not valid. Ask your administrator for a new invitation.';

const inviteCodeUsed = () =>
  new ConflictError('invite_code_used', 'This invitation has already been used. Sign in with your password.', {
    field: 'invite_code',
  });

/** Whether a code can activate an account; while valid, with what the activation form shows. */
export const checkInviteCode = async (
  services: AuthServices,
  input: { inviteCode: string; address: string },
): Promise<InviteCodeCheck> => {
  const opened = await openInvitation(services, input.inviteCode, { address: input.address });
  if (!opened) throw new NotFoundError('invite_code_invalid', INVALID_MESSAGE);
  return opened.status === 'valid'
    ? { status: opened.status, email: opened.user.email, first_name: opened.user.firstName }
    : { status: opened.status };
};

/**
 * Activates an invited account with its code and a first password. The refusals come in this order:
 * the code, its expiry, the password rules, then a code already used.
 */
export const activateAccount = async (
  services: AuthServices,
  origin: Origin,
  input: { inviteCode: string; password: string; address: string },
): Promise<Activation> => {
  const opened = await openInvitation(services, input.inviteCode, { address: input.address });
  if (!opened) throw new ValidationError('invite_code_invalid', INVALID_MESSAGE, { field: 'invite_code' });
  if (opened.status === 'expired') {
    throw new ValidationError(
      'invite_code_expired',
      'This invitation has expired. Ask your administrator for a new one.',
      { field: 'invite_code' },
    );
  }
  const problems = passwordProblems(input.password, opened.user.email);
  if (problems.length > 0) throw passwordInvalid(problems);
  if (opened.status === 'used') throw inviteCodeUsed();
  try {
    await runUserCommand(services, origin, {
      type: 'ActivateAccount',
      data: {
        userId: opened.user.userId,
        inviteCodeHash: hashSecretCode(input.inviteCode),
        passwordHash: await hashPassword(input.password),
      },
      metadata: { now: nowIso(services) },
    });
  } catch (error) {
    // Two activations racing with one code: the loser finds the account active, which is this code's second use.
    if (error instanceof ConflictError && error.code === 'user_not_invited') throw inviteCodeUsed();
    throw error;
  }
  return { status: 'activated', email: opened.user.email };
};
