import { EMAIL_MAX, isValidEmail, ROLES, USER_LOCALES, USER_NAME_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { walletFieldsShape } from './wallets.js';
import { rule } from './i18n/messages.js';

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userSchema = z.strictObject({
  id: text(),
  email: text(),
  first_name: text(),
  last_name: text(),
  organization_id: text(),
  organization_role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.enum(USER_LOCALES),
  avatar_image_id: text()
    .nullable()
    .describe('The user’s picture, served at `/api/image/uploads/{avatar_image_id}`; null: the generated avatar.'),
  created_at: text(),
  updated_at: text(),
  ...walletFieldsShape,
});
export type User = z.infer<typeof userSchema>;

export const userDetailSchema = userSchema.extend({
  groups: z.array(z.strictObject({ id: text(), name: text() })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * A colleague as the credit transfer's picker shows them: the display name only. No email, role,
 * status or wallet: a learner may give credits to a colleague, not browse the directory.
 */
export const colleagueSchema = z.strictObject({
  id: text(),
  display_name: text().describe('First and last name, else whichever exists, else the email address.'),
});
export type Colleague = z.infer<typeof colleagueSchema>;

export const colleaguesSchema = z.strictObject({ items: z.array(colleagueSchema) });
export type Colleagues = z.infer<typeof colleaguesSchema>;

/** A search needs this many characters, and answers at most `COLLEAGUES_MAX` people. */
export const COLLEAGUE_SEARCH_MIN = 2;
export const COLLEAGUES_MAX = 10;

export const invitationResentSchema = z.strictObject({ message: text() });

// A first name is required: the invitation mail greets the person by it.
const firstName = text().trim().min(1).max(USER_NAME_MAX);
const lastName = text().trim().max(USER_NAME_MAX);
/** A guest is a shared-session token, never an account that is invited or promoted. */
const grantableRole = z.enum(ROLES).exclude(['guest']);
const locale = z.enum(USER_LOCALES);

export const userOperations = defineOperations(
  { name: 'users', tag: 'Users' },
  {
    list: {
      method: 'GET',
      path: '/v1/users',
      summary:
        'Users of the caller’s organization (a super-admin: of every organization), filtered by `organization_id`, `status` and `q` (name or email).',
      query: listQuery({ organization_id: idSchema.optional(), status: z.enum(USER_STATUSES).optional() }),
      responses: {
        200: { description: 'One page of users.', schema: pageOf(userSchema) },
        404: {
          description: '`organization_not_found`: `organization_id` names an organization the caller cannot see.',
        },
      },
    },
    invite: {
      method: 'POST',
      path: '/v1/users',
      summary:
        'Invites a user: the account exists as `invited` and a mail with a 7-day activation link goes to the address.',
      idempotent: true,
      body: closed(
        z.object({
          email: text().trim().toLowerCase().max(EMAIL_MAX).refine(isValidEmail, rule('email')),
          first_name: firstName,
          last_name: lastName,
          organization_id: idSchema,
          organization_role: grantableRole,
          locale: locale
            .optional()
            .describe(
              'The invitee’s language (their mails, their interface); left out: the inviter’s `Accept-Language`.',
            ),
        }),
      ),
      responses: {
        201: { description: 'Invited.', schema: userSchema },
        403: {
          description:
            '`role_not_assignable`: the role is above the caller’s; `super_admin_outside_platform`: super-admin in a customer organization.',
        },
        404: { description: '`organization_not_found` (missing, or another organization for a non-super-admin).' },
        409: { description: '`email_taken` or `organization_archived`.' },
      },
    },
    colleagues: {
      method: 'GET',
      path: '/v1/users/colleagues',
      summary: `Active users of the caller’s own organization (never themself) whose name or email contains \`q\`, by name, at most ${COLLEAGUES_MAX}: whom the caller may transfer credits to. Answers display names only.`,
      query: closed(
        z.object({
          q: text()
            .trim()
            .max(100)
            .refine(
              (q) => q.length >= COLLEAGUE_SEARCH_MIN,
              rule('colleague_search_short', { min: COLLEAGUE_SEARCH_MIN }),
            )
            // A refinement is not in the JSON schema; OpenAPI readers get the same rule as `minLength`.
            .meta({ minLength: COLLEAGUE_SEARCH_MIN }),
        }),
      ),
      responses: { 200: { description: 'The colleagues found, by name.', schema: colleaguesSchema } },
    },
    read: {
      method: 'GET',
      path: '/v1/users/:id',
      summary: 'A user of the caller’s organization, with their groups; everyone may read themself.',
      params: idParams,
      responses: {
        200: { description: 'The user.', schema: userDetailSchema },
        404: {
          description:
            '`user_not_found` (missing, of another organization, or anyone else for a caller who may only read themself).',
        },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/users/:id',
      summary:
        'Changes names, language, picture (`avatar_image_id`, null for the generated avatar), role or status (`active` enables, `disabled` disables and ends every session). Users may change their own names, language and picture.',
      params: idParams,
      body: patchOf(
        z.object({
          first_name: firstName.optional(),
          last_name: lastName.optional(),
          locale: locale.optional(),
          avatar_image_id: idSchema
            .nullable()
            .optional()
            .describe('An uploaded image (`POST /api/image/uploads`, category `avatars`); null: the generated avatar.'),
          organization_role: grantableRole.optional(),
          status: z.enum(['active', 'disabled']).optional(),
        }),
      ),
      responses: {
        200: { description: 'The user as changed.', schema: userSchema },
        403: {
          description:
            '`forbidden` (another user without user-update), `cannot_change_own_role`, `cannot_disable_self`, `role_not_assignable`, `user_not_manageable`, `super_admin_outside_platform` (super-admin in a customer organization).',
        },
        404: { description: '`user_not_found` (missing, or of another organization).' },
        409: { description: '`user_disabled`: enable the account (status `active`) to change it.' },
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/users/:id',
      summary:
        'Removes a user: an invitation is cancelled and its address freed; an account that was activated is disabled (its history stays) and its sessions end.',
      idempotent: true,
      params: idParams,
      responses: {
        204: { description: 'Removed.' },
        403: { description: '`cannot_delete_self`, `user_not_manageable`.' },
        404: { description: '`user_not_found` (missing, already cancelled, or of another organization).' },
      },
    },
    resendInvitation: {
      method: 'POST',
      path: '/v1/users/resend_invitation/:user_id',
      summary: 'Mails a new activation link to an invited user; the previous link stops working.',
      params: z.object({ user_id: idSchema }),
      responses: {
        202: { description: 'A new invitation is on its way.', schema: invitationResentSchema },
        403: { description: '`user_not_manageable`.' },
        404: { description: '`user_not_found` (missing, or of another organization).' },
        409: { description: '`user_not_invited` (already active, or disabled), or `organization_archived`.' },
      },
    },
  },
);
