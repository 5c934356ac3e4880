import {
  ConflictError,
  passwordProblems,
  userDecider,
  userStreamId,
  ValidationError,
  type UserLocale,
} from '@ai-coaching/domain';
import { createSecretCode, hashPassword, hashSecretCode, newId, type Caller } from '@ai-coaching/platform';
import { findInvitation, findUser, type UserView } from '@ai-coaching/projections';
import { sendMailJob } from '@ai-coaching/application';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.js';
import { ApiError } from '../http/api-error.js';
import type { ApiServices } from '../http/context.js';
import { defineLegacyRoute, publicAccess } from '../http/route.js';

export const INVITE_CODE_TTL_DAYS = 7;

/** The mail template's limit for a person's name. */
const MAIL_NAME_MAX = 200;

export type InviteCode = { code: string; codeHash: string; expiresAt: string };

/** A fresh single-use code: the code itself only ever goes into the mail, its hash into the events. */
export const newInviteCode = (now: Date): InviteCode => {
  const code = createSecretCode();
  const expiresAt = new Date(now.getTime() + INVITE_CODE_TTL_DAYS * 24 * 3600_000).toISOString();
  return { code, codeHash: hashSecretCode(code), expiresAt };
};

/** The display name rule (spec section 3): first and last name, else whichever exists, else the email. */
export const displayName = (caller: Extract<Caller, { kind: 'user' }>): string =>
  (
    [caller.firstName, caller.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || caller.email
  ).slice(0, MAIL_NAME_MAX);

/** Queues the invitation mail in the invitee's language, with the link the SPA's activation screen reads. */
export const enqueueInvitationMail = async (
  services: ApiServices,
  invitation: {
    to: string;
    locale: UserLocale;
    firstName: string;
    organizationName: string;
    inviterName: string;
    code: InviteCode;
  },
): Promise<void> => {
  await services.queue.enqueue(sendMailJob, {
    template: 'invitation',
    locale: invitation.locale,
    to: invitation.to,
    params: {
      firstName: invitation.firstName,
      inviterName: invitation.inviterName,
      organizationName: invitation.organizationName,
      activationUrl: `${services.config.publicUrl}/activate?code=${encodeURIComponent(invitation.code.code)}`,
      expiresAt: invitation.code.expiresAt,
    },
  });
};

type OpenedInvitation = { status: 'valid' | 'expired' | 'used'; user: UserView };

/**
 * What an invite code opens. An unknown code, one replaced by a resend or a cancellation, or one
 * whose account has since been disabled opens nothing, and counts as an activation failure of the
 * caller's address: the answers look alike, so they count alike, and scanning for codes gets blocked.
 */
const openInvitation = async (
  services: ApiServices,
  code: string,
  keys: { address: string },
): Promise<OpenedInvitation | undefined> => {
  await services.rateLimiter.check('activation', keys);
  const invitation = await findInvitation(services.db, hashSecretCode(code), new Date().toISOString());
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

const inviteCode = z.string().min(1).max(200);

export const invitationRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/check_invite_code/:invite_code',
    summary:
      'Says whether an invite code can activate an account; while valid, with the email and first name to prefill the form.',
    tag: 'Invitations',
    access: publicAccess,
    params: z.object({ invite_code: inviteCode }),
    responses: {
      200: {
        description: 'The code exists: `valid`, `expired` or `used`.',
        schema: z.object({
          status: z.enum(['valid', 'expired', 'used']),
          email: z.string().optional(),
          first_name: z.string().optional(),
        }),
      },
      404: { description: 'Unknown, replaced or withdrawn code (`invite_code_invalid`).' },
      429: { description: 'Too many invalid codes from this address; `Retry-After` says when to try again.' },
    },
    handler: async ({ params, services, ctx }) => {
      const opened = await openInvitation(services, params.invite_code, { address: ctx.ip });
      if (!opened) throw new ApiError(404, 'invite_code_invalid', INVALID_MESSAGE);
      const body =
        opened.status === 'valid'
          ? { status: opened.status, email: opened.user.email, first_name: opened.user.firstName }
          : { status: opened.status };
      return { body, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/activate_account',
    summary: 'Activates an invited account with its invite code and a first password; the code works once.',
    tag: 'Invitations',
    access: publicAccess,
    body: z.object({ invite_code: inviteCode, password: z.string().max(200) }).strict(),
    responses: {
      200: {
        description: 'Activated; sign in with the email and the password.',
        schema: z.object({ status: z.literal('activated'), email: z.string() }),
      },
      400: {
        description:
          '`invite_code_invalid` (unknown, replaced or withdrawn code), `invite_code_expired`, or `password_invalid` with the unmet rules in `details.rules`.',
      },
      409: { description: '`invite_code_used`: the account is already active.' },
      429: { description: 'Too many invalid codes from this address; `Retry-After` says when to try again.' },
    },
    handler: async ({ body, services, ctx }) => {
      const opened = await openInvitation(services, body.invite_code, { address: ctx.ip });
      if (!opened) throw new ValidationError('invite_code_invalid', INVALID_MESSAGE, { field: 'invite_code' });
      if (opened.status === 'expired') {
        throw new ValidationError(
          'invite_code_expired',
          'This invitation has expired. Ask your administrator for a new one.',
          {
            field: 'invite_code',
          },
        );
      }
      const problems = passwordProblems(body.password, opened.user.email);
      if (problems.length > 0) {
        throw new ValidationError('password_invalid', 'The password does not meet the rules.', {
          field: 'password',
          rules: problems,
        });
      }
      if (opened.status === 'used') throw inviteCodeUsed();
      try {
        await runCommand(
          ctx,
          services,
          userStreamId(opened.user.userId),
          userDecider,
          {
            type: 'ActivateAccount',
            data: {
              userId: opened.user.userId,
              inviteCodeHash: hashSecretCode(body.invite_code),
              passwordHash: await hashPassword(body.password),
            },
            metadata: { now: new Date().toISOString() },
          },
          { commandId: newId() },
        );
      } catch (error) {
        // Two activations racing with one code: the loser finds the account active, which is this code's second use.
        if (error instanceof ConflictError && error.code === 'user_not_invited') throw inviteCodeUsed();
        throw error;
      }
      return { body: { status: 'activated', email: opened.user.email }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
];
