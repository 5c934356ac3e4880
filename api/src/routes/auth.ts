import {
  normalizeEmail,
  passwordProblems,
  userAccount,
  userDecider,
  userStreamId,
  ValidationError,
} from '@ai-coaching/domain';
import {
  createSecretCode,
  hashPassword,
  hashSecretCode,
  newId,
  revokeSession,
  revokeUserSessions,
  verifyPassword,
} from '@ai-coaching/platform';
import { findWallet } from '@ai-coaching/projections';
import { sendMailJob } from '@ai-coaching/application';
import { z } from 'zod';
import { issueAccessToken } from '../auth/session-tokens.js';
import { runCommand } from '../commands/run-command.js';
import { ApiError } from '../http/api-error.js';
import type { ApiServices } from '../http/context.js';
import { authenticated, defineLegacyRoute, publicAccess, signedIn } from '../http/route.js';

export const RESET_CODE_TTL_MINUTES = 60;

// Verified when the account does not exist or has no password, so a login for an unknown
// address costs the same time as one for a known address (ASVS 6.3.8).
let dummyHash: Promise<string> | undefined;
const hashToCompareWith = (user: { password_hash: string | null } | undefined) =>
  user?.password_hash ?? (dummyHash ??= hashPassword(newId()));

type LoginRow = {
  user_id: string;
  organization_id: string;
  email: string;
  role: string;
  status: string;
  password_hash: string | null;
  first_name: string;
  locale: string | null;
};

const findLoginRow = async (services: ApiServices, email: string): Promise<LoginRow | undefined> => {
  const { rows } = await services.db.query<LoginRow>(
    `SELECT user_id, organization_id, email, role, status, password_hash, first_name, locale
     FROM rm_users WHERE email = $1 ORDER BY created_at LIMIT 1`,
    [normalizeEmail(email)],
  );
  return rows[0];
};

const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'The email address or password is incorrect. Check them and try again.');

const passwordInvalid = (problems: readonly string[]) =>
  new ValidationError('password_invalid', 'The password does not meet the rules.', {
    field: 'password',
    rules: problems,
  });

const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number() });

const profile = z.object({
  id: z.string().describe('The user’s id (for `/v1/users/{id}`); the guest’s id for a guest token.'),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization_id: z.string(),
  organization_role: z.string(),
  permissions: z.array(z.string()),
  credit_wallet: z.number().int().describe('The user’s available credits (posted − pending); 0 for a guest.'),
});

export const authRoutes = [
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/fau/login',
    summary: 'Password login (OAuth2 password-grant form). Returns an access token.',
    tag: 'Authentication',
    access: publicAccess,
    bodyEncoding: 'form',
    body: z.object({
      username: z.string().trim().min(1).max(254),
      password: z.string().min(1).max(200),
      grant_type: z.literal('password').optional(),
      scope: z.string().max(200).optional(),
    }),
    responses: {
      200: { description: 'Signed in.', schema: tokenResponse },
      401: { description: 'Wrong email or password (the same answer whether the account exists or not).' },
      429: { description: 'Too many failed attempts; `Retry-After` says when to try again.' },
    },
    handler: async ({ body, services, ctx }) => {
      const keys = { account: body.username, address: ctx.ip };
      await services.rateLimiter.check('login', keys);
      const user = await findLoginRow(services, body.username);
      const valid = await verifyPassword(await hashToCompareWith(user), body.password);
      if (!user || !valid || user.status === 'invited') {
        await services.rateLimiter.recordFailure('login', keys);
        throw invalidCredentials();
      }
      if (user.status !== 'active') {
        throw new ApiError(
          403,
          'account_disabled',
          'This account is disabled. Contact your organization’s administrator.',
        );
      }
      await services.rateLimiter.recordSuccess('login', keys);
      const issued = await issueAccessToken(services, {
        userId: user.user_id,
        role: user.role as never,
        organizationId: user.organization_id,
        kind: 'password',
      });
      return {
        body: { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/fau/logout',
    summary: 'Ends the session of the token used: it stops working at once.',
    tag: 'Authentication',
    access: authenticated,
    responses: { 204: { description: 'Signed out.' } },
    handler: async ({ caller, services }) => {
      await revokeSession(services.db, caller!.sessionId, 'logout');
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/me',
    summary: 'The current user (a guest has no email).',
    tag: 'Authentication',
    access: authenticated,
    responses: { 200: { description: 'The profile.', schema: profile } },
    handler: async ({ caller, services }) => {
      const me = caller!;
      return {
        body:
          me.kind === 'user'
            ? {
                id: me.userId,
                email: me.email,
                first_name: me.firstName,
                last_name: me.lastName,
                organization_id: me.organizationId,
                organization_role: me.role,
                permissions: me.permissions,
                credit_wallet: (await findWallet(services.db, userAccount(me.userId))).available,
              }
            : {
                id: me.guestId,
                email: '',
                first_name: '',
                last_name: '',
                organization_id: '',
                organization_role: 'guest',
                permissions: me.permissions,
                credit_wallet: 0,
              },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/change_password',
    summary: 'Changes the caller’s password; their other sessions end.',
    tag: 'Authentication',
    access: signedIn,
    body: z.object({ current_password: z.string().min(1).max(200), new_password: z.string().max(200) }),
    responses: {
      204: { description: 'Changed; this session stays signed in.' },
      400: {
        description: '`password_invalid` with the unmet rules in `details.rules`, or `current_password_incorrect`.',
      },
    },
    handler: async ({ body, caller, services, ctx }) => {
      const me = caller!;
      if (me.kind !== 'user') throw new ApiError(403, 'forbidden', 'You do not have permission to do this.');
      const row = await findLoginRow(services, me.email);
      if (!row?.password_hash || !(await verifyPassword(row.password_hash, body.current_password))) {
        throw new ValidationError('current_password_incorrect', 'The current password is incorrect.', {
          field: 'current_password',
        });
      }
      const problems = passwordProblems(body.new_password, me.email);
      if (problems.length > 0) throw passwordInvalid(problems);
      await runCommand(
        ctx,
        services,
        userStreamId(me.userId),
        userDecider,
        {
          type: 'ChangePassword',
          data: { userId: me.userId, passwordHash: await hashPassword(body.new_password) },
          metadata: { now: new Date().toISOString() },
        },
        { commandId: newId() },
      );
      await revokeUserSessions(services.db, me.userId, 'password_changed', { except: me.sessionId });
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/reset_own_password',
    summary: 'Sends a password reset link. Answers the same whether the account exists or not.',
    tag: 'Authentication',
    access: publicAccess,
    body: z.object({ account_email: z.string().trim().max(254) }),
    responses: {
      202: { description: 'If the account exists, a reset link is on its way.' },
      429: { description: 'Too many requests for this account or address.' },
    },
    handler: async ({ body, services, ctx }) => {
      await services.rateLimiter.consume('password-reset', { account: body.account_email, address: ctx.ip });
      const user = await findLoginRow(services, body.account_email);
      if (user?.status === 'active') {
        const code = createSecretCode();
        const now = new Date();
        const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000);
        await runCommand(
          ctx,
          services,
          userStreamId(user.user_id),
          userDecider,
          {
            type: 'RequestPasswordReset',
            data: {
              userId: user.user_id,
              resetCodeHash: hashSecretCode(code),
              resetExpiresAt: expiresAt.toISOString(),
            },
            metadata: { now: now.toISOString() },
          },
          { commandId: newId() },
        );
        const resetUrl = `${services.config.publicUrl}/?reset_code=${encodeURIComponent(code)}#reset-password`;
        await services.queue.enqueue(sendMailJob, {
          template: 'password-reset',
          locale: user.locale === 'fr-FR' ? 'fr-FR' : 'en-GB',
          to: user.email,
          params: { firstName: user.first_name, resetUrl, expiresAt: expiresAt.toISOString() },
        });
      }
      return {
        status: 202,
        body: { message: 'If an account exists for this address, a link to reset its password has been sent.' },
      };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/change_password_after_reset',
    summary: 'Sets a new password with a reset code; every session of the account ends.',
    tag: 'Authentication',
    access: publicAccess,
    body: z.object({ reset_code: z.string().min(1).max(200), new_password: z.string().max(200) }),
    responses: {
      204: { description: 'Password changed; sign in with it.' },
      400: { description: '`password_invalid`, `reset_code_invalid`, `reset_code_expired`.' },
    },
    handler: async ({ body, services, ctx }) => {
      const keys = { address: ctx.ip };
      await services.rateLimiter.check('activation', keys);
      const { rows } = await services.db.query<{ user_id: string; email: string }>(
        `SELECT r.user_id, u.email FROM rm_password_resets r JOIN rm_users u ON u.user_id = r.user_id
         WHERE r.reset_code_hash = $1`,
        [hashSecretCode(body.reset_code)],
      );
      const reset = rows[0];
      if (!reset) {
        await services.rateLimiter.recordFailure('activation', keys);
        throw new ValidationError('reset_code_invalid', 'This reset link is not valid. Ask for a new one.', {
          field: 'reset_code',
        });
      }
      const problems = passwordProblems(body.new_password, reset.email);
      if (problems.length > 0) throw passwordInvalid(problems);
      await runCommand(
        ctx,
        services,
        userStreamId(reset.user_id),
        userDecider,
        {
          type: 'CompletePasswordReset',
          data: {
            userId: reset.user_id,
            resetCodeHash: hashSecretCode(body.reset_code),
            passwordHash: await hashPassword(body.new_password),
          },
          metadata: { now: new Date().toISOString() },
        },
        { commandId: newId() },
      );
      await revokeUserSessions(services.db, reset.user_id, 'password_changed');
    },
  }),
];
