import { z } from 'zod';
import { text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// The sign-in bodies stay open objects (unknown fields are dropped, not refused): clients of the
// OAuth2 password grant send fields of their own, and these answers never changed.

export const accessTokenSchema = z.strictObject({
  access_token: text(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const profileSchema = z.strictObject({
  id: text().describe('The user’s id (for `/v1/users/{id}`); the guest’s id for a guest token.'),
  email: text(),
  first_name: text(),
  last_name: text(),
  organization_id: text(),
  organization_role: text(),
  permissions: z.array(text()),
  credit_wallet: z.number().int().describe('The user’s available credits (posted − pending); 0 for a guest.'),
});
export type Profile = z.infer<typeof profileSchema>;

export const inviteCodeCheckSchema = z.strictObject({
  status: z.enum(['valid', 'expired', 'used']),
  email: text().optional(),
  first_name: text().optional(),
});
export type InviteCodeCheck = z.infer<typeof inviteCodeCheckSchema>;

export const resetCodeCheckSchema = z.strictObject({
  status: z
    .enum(['valid', 'expired', 'used'])
    .describe('`valid`: the form may set a new password; `expired` or `used`: ask for a new link.'),
});
export type ResetCodeCheck = z.infer<typeof resetCodeCheckSchema>;

export const activationSchema = z.strictObject({ status: z.literal('activated'), email: text() });
export type Activation = z.infer<typeof activationSchema>;

export const authenticationMethodsSchema = z.strictObject({
  fau: z.literal(true),
  keycloak: z.boolean().describe('True when at least one realm is configured.'),
  realms: z.array(z.strictObject({ name: text() })),
});
export type AuthenticationMethods = z.infer<typeof authenticationMethodsSchema>;

const password = text().max(200);

export const authOperations = defineOperations(
  { name: 'auth', tag: 'Authentication' },
  {
    login: {
      method: 'POST',
      path: '/v1/fau/login',
      summary: 'Password login (OAuth2 password-grant form). Returns an access token.',
      bodyEncoding: 'form',
      body: z.object({
        username: text().trim().min(1).max(254),
        password: text().min(1).max(200),
        grant_type: z.literal('password').optional(),
        scope: text().max(200).optional(),
      }),
      responses: {
        200: { description: 'Signed in.', schema: accessTokenSchema },
        401: { description: 'Wrong email or password (the same answer whether the account exists or not).' },
        429: { description: 'Too many failed attempts; `Retry-After` says when to try again.' },
      },
    },
    logout: {
      method: 'POST',
      path: '/v1/fau/logout',
      summary: 'Ends the session of the token used: it stops working at once.',
      responses: { 204: { description: 'Signed out.' } },
    },
    me: {
      method: 'GET',
      path: '/v1/me',
      summary: 'The current user (a guest has no email).',
      responses: { 200: { description: 'The profile.', schema: profileSchema } },
    },
    changePassword: {
      method: 'POST',
      path: '/v1/change_password',
      summary:
        'Changes the caller’s password; their other sessions end. Wrong current passwords count against the account like failed logins.',
      body: z.object({ current_password: text().min(1).max(200), new_password: password }),
      responses: {
        204: { description: 'Changed; this session stays signed in.' },
        400: {
          description:
            '`current_password_incorrect`; `password_unchanged` (the new password is the current one); `password_invalid` with the unmet rules in `details.rules`.',
        },
        429: {
          description:
            'Too many wrong current passwords for this account or address; `Retry-After` says when to try again.',
        },
      },
    },
    resetOwnPassword: {
      method: 'POST',
      path: '/v1/reset_own_password',
      summary:
        'Sends a password reset link. Answers the same, in the same time, whether the account exists or not: the account is looked up and the mail sent by a job after the answer.',
      body: z.object({ account_email: text().trim().max(254) }),
      responses: {
        202: { description: 'If the account exists, a reset link is on its way.' },
        429: { description: 'Too many requests for this account or address.' },
      },
    },
    checkResetCode: {
      method: 'GET',
      path: '/v1/check_reset_code/:reset_code',
      summary:
        'Says whether a reset code can still set a new password, so the reset form can tell at once. Never names the account.',
      params: z.object({ reset_code: text().min(1).max(200) }),
      responses: {
        200: { description: 'The code exists: `valid`, `expired` or `used`.', schema: resetCodeCheckSchema },
        404: { description: '`reset_code_invalid`: unknown, or replaced by a newer request.' },
        429: { description: 'Too many invalid codes from this address; `Retry-After` says when to try again.' },
      },
    },
    changePasswordAfterReset: {
      method: 'POST',
      path: '/v1/change_password_after_reset',
      summary: 'Sets a new password with a reset code; every session of the account ends.',
      body: z.object({ reset_code: text().min(1).max(200), new_password: password }),
      responses: {
        204: { description: 'Password changed; sign in with it.' },
        400: { description: '`password_invalid`, `reset_code_invalid`, `reset_code_expired`.' },
      },
    },
  },
);

const inviteCode = text().min(1).max(200);

export const invitationOperations = defineOperations(
  { name: 'invitations', tag: 'Invitations' },
  {
    checkInviteCode: {
      method: 'GET',
      path: '/v1/check_invite_code/:invite_code',
      summary:
        'Says whether an invite code can activate an account; while valid, with the email and first name to prefill the form.',
      params: z.object({ invite_code: inviteCode }),
      responses: {
        200: { description: 'The code exists: `valid`, `expired` or `used`.', schema: inviteCodeCheckSchema },
        404: { description: 'Unknown, replaced or withdrawn code (`invite_code_invalid`).' },
        429: { description: 'Too many invalid codes from this address; `Retry-After` says when to try again.' },
      },
    },
    activateAccount: {
      method: 'POST',
      path: '/v1/activate_account',
      summary: 'Activates an invited account with its invite code and a first password; the code works once.',
      // `.strict()` as it always was: `closed` would turn the document's `additionalProperties: false` into anything.
      body: z.object({ invite_code: inviteCode, password }).strict(),
      responses: {
        200: { description: 'Activated; sign in with the email and the password.', schema: activationSchema },
        400: {
          description:
            '`invite_code_invalid` (unknown, replaced or withdrawn code), `invite_code_expired`, or `password_invalid` with the unmet rules in `details.rules`.',
        },
        409: { description: '`invite_code_used`: the account is already active.' },
        429: { description: 'Too many invalid codes from this address; `Retry-After` says when to try again.' },
      },
    },
  },
);
