import { EMAIL_MAX, isValidEmail, ROLES, USER_LOCALES, USER_NAME_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { USER_STATUSES } from './users.js';
import { rule } from './i18n/messages.js';

// The platform's super-admins (docs/permissions.md "Super-admins"): listed, invited into the
// platform organization, demoted, disabled or removed — never the last active one.

export const superAdminSchema = z.strictObject({
  id: text(),
  email: text(),
  first_name: text(),
  last_name: text(),
  organization_id: text(),
  organization_role: z.enum(ROLES).describe('`super-admin`, or the role a demotion gave.'),
  status: z.enum(USER_STATUSES),
  locale: z.enum(USER_LOCALES),
  created_at: text(),
  updated_at: text(),
});
export type SuperAdmin = z.infer<typeof superAdminSchema>;

const lastOne = '`last_super_admin`: the last active super-admin stays.';

export const superAdminOperations = defineOperations(
  { name: 'superAdmins', tag: 'Super-admins' },
  {
    list: {
      method: 'GET',
      path: '/v1/super_admins',
      summary: 'The platform’s super-admins (invited, active and disabled), filtered by `status` and `q`.',
      query: listQuery({ status: z.enum(USER_STATUSES).optional() }),
      responses: { 200: { description: 'One page of super-admins.', schema: pageOf(superAdminSchema) } },
    },
    invite: {
      method: 'POST',
      path: '/v1/super_admins',
      summary:
        'Invites a super-admin into the platform organization: the account exists as `invited` and the activation mail goes out.',
      idempotent: true,
      body: closed(
        z.object({
          email: text().trim().toLowerCase().max(EMAIL_MAX).refine(isValidEmail, rule('email')),
          first_name: text().trim().min(1).max(USER_NAME_MAX),
          last_name: text().trim().max(USER_NAME_MAX),
          locale: z.enum(USER_LOCALES).optional(),
        }),
      ),
      responses: {
        201: { description: 'Invited.', schema: superAdminSchema },
        409: { description: '`email_taken`.' },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/super_admins/:id',
      summary:
        'Demotes a super-admin (`organization_role`: they stay in the platform organization with that role), or disables (`status` `disabled`, every session ends) or enables one.',
      params: idParams,
      body: patchOf(
        z.object({
          organization_role: z.enum(['operator', 'editor', 'user']).optional(),
          status: z.enum(['active', 'disabled']).optional(),
        }),
      ),
      responses: {
        200: { description: 'The account as changed.', schema: superAdminSchema },
        403: { description: '`cannot_change_own_role`, `cannot_disable_self`.' },
        404: { description: '`super_admin_not_found`: no super-admin has this id.' },
        409: { description: `${lastOne} \`user_disabled\`: enable the account to demote it.` },
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/super_admins/:id',
      summary:
        'Removes a super-admin: a pending invitation is cancelled and its address freed; an account that was activated is disabled (its history stays) and its sessions end.',
      params: idParams,
      responses: {
        204: { description: 'Removed.' },
        403: { description: '`cannot_delete_self`.' },
        404: { description: '`super_admin_not_found`.' },
        409: { description: lastOne },
      },
    },
  },
);
