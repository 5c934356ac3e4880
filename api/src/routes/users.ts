import {
  ASSIGNABLE_ROLES,
  can,
  ConflictError,
  DomainError,
  EMAIL_MAX,
  emailClaimDecider,
  ForbiddenError,
  isValidEmail,
  NotFoundError,
  ROLES,
  USER_LOCALES,
  USER_NAME_MAX,
  DEFAULT_USER_LOCALE,
  userDecider,
  userEmailStreamId,
  userAccount,
  userStreamId,
  type Role,
  type UserCommand,
  type UserInvited,
} from '@ai-coaching/domain';
import { emailKey, newId, revokeUserSessions } from '@ai-coaching/platform';
import {
  findUser,
  listGroupsOfUser,
  listUsers,
  type OrganizationView,
  type UserStatus,
  type UserView,
} from '@ai-coaching/projections';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.js';
import { EMPTY_WALLET, walletFieldsSchema, walletOf, walletsOf, type WalletFields } from '../credits/wallet-fields.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { defineLegacyRoute, permission } from '../http/route.js';
import { displayName, enqueueInvitationMail, newInviteCode } from './invitations.js';
import { closed, idSchema, listQuery, pageOf } from '../http/schemas.js';
import { isSuperAdmin, signedInUser, visibleOrganization, type UserCaller } from '../http/scope.js';

const USER_STATUSES = ['invited', 'active', 'disabled'] as const satisfies readonly UserStatus[];

const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization_id: z.string(),
  organization_role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.enum(USER_LOCALES),
  created_at: z.string(),
  updated_at: z.string(),
  ...walletFieldsSchema,
});

const userDetailResponse = userResponse.extend({ groups: z.array(z.object({ id: z.string(), name: z.string() })) });

type UserFields = Pick<
  UserView,
  | 'userId'
  | 'organizationId'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'status'
  | 'locale'
  | 'createdAt'
  | 'updatedAt'
>;

// Picked field by field, so nothing else the read model holds (a password hash) can reach a response.
const toUser = (user: UserFields, wallet: WalletFields): z.infer<typeof userResponse> => ({
  id: user.userId,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  organization_id: user.organizationId,
  organization_role: user.role,
  status: user.status,
  locale: user.locale,
  created_at: user.createdAt,
  updated_at: user.updatedAt,
  ...wallet,
});

const withWallet = async (services: ApiServices, user: UserFields) =>
  toUser(user, await walletOf(services, userAccount(user.userId)));

const usersQuery = listQuery({ organization_id: idSchema.optional(), status: z.enum(USER_STATUSES).optional() });

const userNotFound = () => new NotFoundError('user_not_found', 'There is no user with this id.');

/** Another organization's user answers exactly like a missing one, so ids of other tenants leak nothing. */
const visibleUser = async (services: ApiServices, caller: UserCaller, userId: string): Promise<UserView> => {
  const user = await findUser(services.db, userId);
  if (!user || (!isSuperAdmin(caller) && user.organizationId !== caller.organizationId)) throw userNotFound();
  return user;
};

const assertAssignable = (caller: UserCaller, role: Role) => {
  if (!ASSIGNABLE_ROLES[caller.role].includes(role)) {
    throw new ForbiddenError('role_not_assignable', `You cannot grant the role ${role}.`, {
      field: 'organization_role',
      assignable: ASSIGNABLE_ROLES[caller.role],
    });
  }
};

/** Whoever may not grant a role may not manage its holders either: an operator cannot disable a super-admin. */
const assertManageable = (caller: UserCaller, target: UserView) => {
  if (!ASSIGNABLE_ROLES[caller.role].includes(target.role)) {
    throw new ForbiddenError('user_not_manageable', 'You cannot change a user whose role is above yours.');
  }
};

/** The organization an invitation goes to: visible to the caller (else 404) and not archived (else 409). */
const invitingOrganization = async (
  services: ApiServices,
  caller: UserCaller,
  organizationId: string,
): Promise<OrganizationView> => {
  const organization = await visibleOrganization(services, caller, organizationId);
  if (organization.status === 'archived') {
    throw new ConflictError('organization_archived', 'This organization is archived; nobody can be invited into it.');
  }
  return organization;
};

const userCommand = (ctx: ApiContext, services: ApiServices, command: UserCommand) =>
  runCommand(ctx, services, userStreamId(command.data.userId), userDecider, command, { commandId: newId() });

const releaseEmail = (ctx: ApiContext, services: ApiServices, email: string, userId: string) =>
  runCommand(
    ctx,
    services,
    userEmailStreamId(emailKey(email)),
    emailClaimDecider,
    { type: 'ReleaseEmail', data: { userId }, metadata: { now: new Date().toISOString() } },
    { commandId: newId() },
  );

// A first name is required: the invitation mail greets the person by it.
const firstName = z.string().trim().min(1).max(USER_NAME_MAX);
const lastName = z.string().trim().max(USER_NAME_MAX);
const grantableRole = z.enum(ROLES).exclude(['guest']);
const locale = z.enum(USER_LOCALES);

const createBody = closed(
  z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX)
      .refine(isValidEmail, { error: 'Enter a valid email address.' }),
    first_name: firstName,
    last_name: lastName,
    organization_id: idSchema,
    organization_role: grantableRole,
    locale: locale.optional(),
  }),
);

const updateBody = closed(
  z.object({
    first_name: firstName.optional(),
    last_name: lastName.optional(),
    locale: locale.optional(),
    organization_role: grantableRole.optional(),
    status: z.enum(['active', 'disabled']).optional(),
  }),
).refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change.' });

const TAG = 'Users';

export const userRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/users',
    summary:
      'Users of the caller’s organization (a super-admin: of every organization), filtered by `organization_id`, `status` and `q` (name or email).',
    tag: TAG,
    access: permission('user-list'),
    query: usersQuery,
    responses: {
      200: { description: 'One page of users.', schema: pageOf(userResponse) },
      404: { description: '`organization_not_found`: `organization_id` names an organization the caller cannot see.' },
    },
    handler: async ({ query, caller, services }) => {
      const me = signedInUser(caller);
      const organizationId =
        query.organization_id !== undefined
          ? (await visibleOrganization(services, me, query.organization_id)).organizationId
          : isSuperAdmin(me)
            ? undefined
            : me.organizationId;
      const page = await listUsers(services.db, {
        ...query,
        ...(organizationId !== undefined ? { organizationId } : {}),
        ...(query.status !== undefined ? { status: query.status } : {}),
      });
      const walletOfUser = await walletsOf(services, page.items, (user) => userAccount(user.userId));
      return { body: { ...page, items: page.items.map((user) => toUser(user, walletOfUser(user))) } };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/users',
    summary:
      'Invites a user: the account exists as `invited` and a mail with a 7-day activation link goes to the address.',
    tag: TAG,
    access: permission('user-create'),
    idempotent: true,
    body: createBody,
    responses: {
      201: { description: 'Invited.', schema: userResponse },
      403: { description: '`role_not_assignable`: the role is above the caller’s.' },
      404: { description: '`organization_not_found` (missing, or another organization for a non-super-admin).' },
      409: { description: '`email_taken` or `organization_archived`.' },
    },
    handler: async ({ body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      assertAssignable(me, body.organization_role);
      const organization = await invitingOrganization(services, me, body.organization_id);
      const newUserId = newId();
      const now = new Date();
      // The claim is the uniqueness check: it refuses an address another account holds (409 email_taken).
      await runCommand(
        ctx,
        services,
        userEmailStreamId(emailKey(body.email)),
        emailClaimDecider,
        { type: 'ClaimEmail', data: { email: body.email, userId: newUserId }, metadata: { now: now.toISOString() } },
        { commandId: newId() },
      );
      const code = newInviteCode(now);
      const userLocale = body.locale ?? DEFAULT_USER_LOCALE;
      const invited = await userCommand(ctx, services, {
        type: 'InviteUser',
        data: {
          userId: newUserId,
          organizationId: organization.organizationId,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.organization_role,
          locale: userLocale,
          inviteCodeHash: code.codeHash,
          inviteExpiresAt: code.expiresAt,
          invitedBy: me.userId,
        },
        metadata: { now: now.toISOString() },
      }).catch(async (error: unknown) => {
        // A refused invitation must not keep the address, or nobody could invite it again.
        if (error instanceof DomainError) await releaseEmail(ctx, services, body.email, newUserId);
        throw error;
      });
      await enqueueInvitationMail(services, {
        to: body.email,
        locale: userLocale,
        firstName: body.first_name,
        organizationName: organization.name,
        inviterName: displayName(me),
        code,
      });
      // From the event rather than the read model, which may lag behind when the projection wait timed out.
      const data = invited.events[0]!.data as UserInvited['data'];
      return {
        status: 201,
        body: toUser(
          { ...data, status: 'invited', createdAt: data.invitedAt, updatedAt: data.invitedAt },
          EMPTY_WALLET,
        ),
      };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/users/:id',
    summary: 'A user of the caller’s organization, with their groups; everyone may read themself.',
    tag: TAG,
    access: permission('user-read', 'user-detail-read', 'user-read-other', 'user-self-edit'),
    params: z.object({ id: idSchema }),
    responses: {
      200: { description: 'The user.', schema: userDetailResponse },
      404: {
        description:
          '`user_not_found` (missing, of another organization, or anyone else for a caller who may only read themself).',
      },
    },
    handler: async ({ params, caller, services }) => {
      const me = signedInUser(caller);
      // The route admits every user for their own record; whoever may not read others sees only themself,
      // so another id answers as one that does not exist.
      if (params.id !== me.userId && !can(me.permissions, ['user-read', 'user-detail-read', 'user-read-other'])) {
        throw userNotFound();
      }
      const user = await visibleUser(services, me, params.id);
      const groups = await listGroupsOfUser(services.db, user.userId);
      return {
        body: {
          ...(await withWallet(services, user)),
          groups: groups.map((group) => ({ id: group.userGroupId, name: group.name })),
        },
      };
    },
  }),
  defineLegacyRoute({
    method: 'PATCH',
    path: '/v1/users/:id',
    summary:
      'Changes names, language, role or status (`active` enables, `disabled` disables and ends every session). Users may change their own names and language.',
    tag: TAG,
    access: permission('user-update', 'user-self-edit'),
    params: z.object({ id: idSchema }),
    body: updateBody,
    responses: {
      200: { description: 'The user as changed.', schema: userResponse },
      403: {
        description:
          '`forbidden` (another user without user-update), `cannot_change_own_role`, `cannot_disable_self`, `role_not_assignable`, `user_not_manageable`.',
      },
      404: { description: '`user_not_found` (missing, or of another organization).' },
      409: { description: '`user_disabled`: enable the account (status `active`) to change it.' },
    },
    handler: async ({ params, body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const self = params.id === me.userId;
      // Every rule is checked before the first command, so a refused request changes nothing.
      if (self) {
        if (body.organization_role !== undefined && body.organization_role !== me.role) {
          throw new ForbiddenError('cannot_change_own_role', 'You cannot change your own role.');
        }
        if (body.status === 'disabled') throw new ForbiddenError('cannot_disable_self', 'You cannot disable yourself.');
      } else {
        if (!can(me.permissions, 'user-update')) {
          throw new ForbiddenError('forbidden', 'You do not have permission to change other users.');
        }
        if (body.organization_role !== undefined) assertAssignable(me, body.organization_role);
      }
      const user = await visibleUser(services, me, params.id);
      if (!self) assertManageable(me, user);
      const now = () => ({ now: new Date().toISOString() });
      const userIdOnly = { userId: user.userId };
      // Enable first and disable last: the decider refuses changes to a disabled account.
      if (body.status === 'active')
        await userCommand(ctx, services, { type: 'EnableUser', data: userIdOnly, metadata: now() });
      if (body.first_name !== undefined || body.last_name !== undefined || body.locale !== undefined) {
        await userCommand(ctx, services, {
          type: 'UpdateUserProfile',
          data: {
            ...userIdOnly,
            firstName: body.first_name ?? user.firstName,
            lastName: body.last_name ?? user.lastName,
            locale: body.locale ?? user.locale,
          },
          metadata: now(),
        });
      }
      if (body.organization_role !== undefined) {
        await userCommand(ctx, services, {
          type: 'ChangeUserRole',
          data: { ...userIdOnly, role: body.organization_role },
          metadata: now(),
        });
      }
      if (body.status === 'disabled') {
        await userCommand(ctx, services, { type: 'DisableUser', data: userIdOnly, metadata: now() });
        await revokeUserSessions(services.db, user.userId, 'user_disabled');
      }
      return { body: await withWallet(services, await visibleUser(services, me, user.userId)) };
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    path: '/v1/users/:id',
    summary:
      'Removes a user: an invitation is cancelled and its address freed; an account that was activated is disabled (its history stays) and its sessions end.',
    tag: TAG,
    access: permission('user-delete'),
    idempotent: true,
    params: z.object({ id: idSchema }),
    responses: {
      204: { description: 'Removed.' },
      403: { description: '`cannot_delete_self`, `user_not_manageable`.' },
      404: { description: '`user_not_found` (missing, already cancelled, or of another organization).' },
    },
    handler: async ({ params, caller, services, ctx }) => {
      const me = signedInUser(caller);
      if (params.id === me.userId) throw new ForbiddenError('cannot_delete_self', 'You cannot delete yourself.');
      const user = await visibleUser(services, me, params.id);
      assertManageable(me, user);
      const metadata = { now: new Date().toISOString() };
      if (user.status === 'invited') {
        await userCommand(ctx, services, { type: 'CancelInvitation', data: { userId: user.userId }, metadata });
        await releaseEmail(ctx, services, user.email, user.userId);
        return;
      }
      await userCommand(ctx, services, { type: 'DisableUser', data: { userId: user.userId }, metadata });
      await revokeUserSessions(services.db, user.userId, 'user_disabled');
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/users/resend_invitation/:user_id',
    summary: 'Mails a new activation link to an invited user; the previous link stops working.',
    tag: TAG,
    access: permission('send-invitation-email'),
    params: z.object({ user_id: idSchema }),
    responses: {
      202: { description: 'A new invitation is on its way.' },
      403: { description: '`user_not_manageable`.' },
      404: { description: '`user_not_found` (missing, or of another organization).' },
      409: { description: '`user_not_invited` (already active, or disabled), or `organization_archived`.' },
    },
    handler: async ({ params, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const user = await visibleUser(services, me, params.user_id);
      assertManageable(me, user);
      if (user.status !== 'invited') {
        throw new ConflictError('user_not_invited', 'This user has no pending invitation.');
      }
      const organization = await invitingOrganization(services, me, user.organizationId);
      const now = new Date();
      const code = newInviteCode(now);
      await userCommand(ctx, services, {
        type: 'ResendInvitation',
        data: { userId: user.userId, inviteCodeHash: code.codeHash, inviteExpiresAt: code.expiresAt },
        metadata: { now: now.toISOString() },
      });
      await enqueueInvitationMail(services, {
        to: user.email,
        locale: user.locale,
        firstName: user.firstName,
        organizationName: organization.name,
        inviterName: displayName(me),
        code,
      });
      return { status: 202, body: { message: 'A new invitation has been sent; the previous link no longer works.' } };
    },
  }),
];
