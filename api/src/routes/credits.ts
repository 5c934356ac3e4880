import {
  ConflictError,
  groupAccount,
  ISSUANCE,
  MAX_CREDITS,
  NotFoundError,
  organizationAccount,
  SORT_KEYS,
  userAccount,
  ValidationError,
  type CreditCommand,
  type LedgerAccount,
  type OwnerAccount,
} from '@ai-coaching/domain';
import { deterministicId, newId } from '@ai-coaching/platform';
import { CREDIT_MOVEMENT_KINDS, findUser, findUserGroup, listCreditMovements } from '@ai-coaching/projections';
import { z } from 'zod';
import { runLedgerCommand, walletIn, walletResponse } from '../credits/ledger.js';
import { actorNames, movementResponse, movementsCsv, toMovementItem, visibleKinds } from '../credits/history.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { defineLegacyRoute, permission } from '../http/route.js';
import { closed, idSchema, listQuery, pageOf } from '../http/schemas.js';
import { isSuperAdmin, signedInUser, visibleOrganization, type UserCaller } from '../http/scope.js';

// Credit movements between an organization's accounts (docs/api/credits.md). Every rule on the
// target (who it is, whose it is, its state) is checked here before the ledger command, so a
// refused request writes nothing; the ledger itself checks the amounts and what is available.

const isCredits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_CREDITS;

/**
 * Any wrong `nb_credits` (missing, a string, a fraction, 0, negative, beyond the maximum) answers
 * one code the client can rely on, so it is thrown from the schema rather than left to zod's
 * generic `invalid_request`.
 */
const nbCredits = z
  .unknown()
  .transform((value) => {
    if (!isCredits(value)) {
      throw new ValidationError('invalid_nb_credits', `nb_credits is a whole number from 1 to ${MAX_CREDITS}.`, {
        field: 'nb_credits',
        min: 1,
        max: MAX_CREDITS,
      });
    }
    return value;
  })
  .meta({ type: 'integer', minimum: 1, maximum: MAX_CREDITS, description: 'Whole credits to move.' });

const creditsBody = closed(z.object({ nb_credits: nbCredits }));

const movementAnswer = z.object({
  transfer_id: z.string().describe('The movement’s id in the ledger and in the credit history.'),
  nb_credits: z.number().int(),
  from: walletResponse.describe('The side credits left, as it stands now.'),
  to: walletResponse.describe('The side credits reached, as it stands now.'),
});

const movementResponses = (target: string, refusals: string) => ({
  200: { description: 'Moved; both sides’ wallets as they now stand.', schema: movementAnswer },
  400: {
    description: `\`invalid_nb_credits\` (\`details.field\`), or \`invalid_request\` for another field.${refusals}`,
  },
  404: { description: `\`${target}_not_found\`: it does not exist or is not in the caller’s organization.` },
  409: {
    description:
      '`insufficient_credits` (`details.available`: what the giving side has), `target_disabled`, `target_archived`, or the `Idempotency-Key` was used for another request.',
  },
});

const userNotFound = () => new NotFoundError('user_not_found', 'There is no user with this id.');
const groupNotFound = () => new NotFoundError('user_group_not_found', 'This user group does not exist.');

/** The organization a caller acts in: theirs, or (super-admins allocating) any. */
type Scope = { organizationId: string } | 'any';
const managedScope = (caller: UserCaller): Scope =>
  isSuperAdmin(caller) ? 'any' : { organizationId: caller.organizationId };
const inScope = (scope: Scope, organizationId: string) => scope === 'any' || scope.organizationId === organizationId;

type Target = { organizationId: string; account: OwnerAccount };

/** A user who can hold credits: in scope (else 404, as if missing) and not disabled (invited is fine). */
const creditableUser = async (services: ApiServices, scope: Scope, userId: string): Promise<Target> => {
  const user = await findUser(services.db, userId);
  if (!user || !inScope(scope, user.organizationId)) throw userNotFound();
  if (user.status === 'disabled') {
    throw new ConflictError('target_disabled', 'This user is disabled; enable the account to move its credits.');
  }
  return { organizationId: user.organizationId, account: userAccount(user.userId) };
};

const creditableGroup = async (services: ApiServices, scope: Scope, userGroupId: string): Promise<Target> => {
  const group = await findUserGroup(services.db, userGroupId);
  if (!group || !inScope(scope, group.organizationId)) throw groupNotFound();
  if (group.status === 'archived') {
    throw new ConflictError('target_archived', 'This user group is archived; its credits can no longer move.');
  }
  return { organizationId: group.organizationId, account: groupAccount(group.userGroupId) };
};

/**
 * The movement's id. With an `Idempotency-Key` it derives from the caller and the key, so even a
 * retry the key store no longer remembers (after 24 hours, or after an attempt that failed once the
 * ledger had written) finds the movement in the ledger and moves nothing twice.
 */
const transferIdOf = (ctx: ApiContext, caller: UserCaller): string => {
  const key = ctx.get('idempotency-key');
  return key ? deterministicId('credit-movement', caller.userId, key) : newId();
};

/** Runs one movement and answers both sides' wallets from the ledger state it left. */
const move = async (
  { ctx, services }: { ctx: ApiContext; services: ApiServices },
  command: CreditCommand & { data: { transferId: string; amount: number } },
  from: LedgerAccount,
  to: LedgerAccount,
) => {
  const { state } = await runLedgerCommand(services, command, { ctx, commandId: command.data.transferId });
  return {
    body: {
      transfer_id: command.data.transferId,
      nb_credits: command.data.amount,
      from: walletIn(state, from),
      to: walletIn(state, to),
    },
  };
};

const movementCommon = (ctx: ApiContext, caller: UserCaller, organizationId: string) => ({
  organizationId,
  actorId: caller.userId,
  transferId: transferIdOf(ctx, caller),
});
const now = () => ({ now: new Date().toISOString() });

type TargetKind = 'user' | 'user_group';
const TARGETS = {
  user: { path: '/v1/users', param: 'user_id', find: creditableUser, notFound: 'user', label: 'user' },
  user_group: {
    path: '/v1/user_groups',
    param: 'user_group_id',
    find: creditableGroup,
    notFound: 'user_group',
    label: 'user group',
  },
} as const;

/** Allocate and deallocate: between the target's organization and the target. */
const allocationRoutes = (kind: TargetKind) => {
  const target = TARGETS[kind];
  const params = z.object({ [target.param]: idSchema });
  return [
    defineLegacyRoute({
      method: 'POST',
      path: `${target.path}/allocate_credit/:${target.param}`,
      summary: `Moves credits from the organization’s wallet to a ${target.label} of it.`,
      tag: 'Credits',
      access: permission('credit-allocate'),
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ''),
      handler: async ({ params, body, caller, services, ctx }) => {
        const me = signedInUser(caller);
        const to = await target.find(services, managedScope(me), params[target.param]!);
        const from = organizationAccount(to.organizationId);
        return move(
          { ctx, services },
          {
            type: 'AllocateCredits',
            data: { ...movementCommon(ctx, me, to.organizationId), to: to.account, amount: body.nb_credits },
            metadata: now(),
          },
          from,
          to.account,
        );
      },
    }),
    defineLegacyRoute({
      method: 'POST',
      path: `${target.path}/deallocate_credit/:${target.param}`,
      summary: `Moves credits of a ${target.label} back to the organization’s wallet, at most what it has available (reserved credits stay).`,
      tag: 'Credits',
      access: permission('credit-deallocate'),
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ''),
      handler: async ({ params, body, caller, services, ctx }) => {
        const me = signedInUser(caller);
        const from = await target.find(services, managedScope(me), params[target.param]!);
        const to = organizationAccount(from.organizationId);
        return move(
          { ctx, services },
          {
            type: 'DeallocateCredits',
            data: { ...movementCommon(ctx, me, from.organizationId), from: from.account, amount: body.nb_credits },
            metadata: now(),
          },
          from.account,
          to,
        );
      },
    }),
    defineLegacyRoute({
      method: 'POST',
      path: `${target.path}/transfer_credit/:${target.param}`,
      summary: `Gives some of the caller’s own credits to a ${target.label} of the caller’s organization.`,
      tag: 'Credits',
      access: permission('credit-transfer'),
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ' `transfer_to_self`: the target is the caller.'),
      handler: async ({ params, body, caller, services, ctx }) => {
        const me = signedInUser(caller);
        const targetId = params[target.param]!;
        if (kind === 'user' && targetId === me.userId) {
          throw new ValidationError('transfer_to_self', 'You cannot transfer credits to yourself.', {
            field: target.param,
          });
        }
        // Peers only: a ledger is one organization's, super-admins included.
        const to = await target.find(services, { organizationId: me.organizationId }, targetId);
        const from = userAccount(me.userId);
        return move(
          { ctx, services },
          {
            type: 'TransferCredits',
            data: { ...movementCommon(ctx, me, me.organizationId), from, to: to.account, amount: body.nb_credits },
            metadata: now(),
          },
          from,
          to.account,
        );
      },
    }),
  ];
};

/** The organization whose wallet a super-admin fills or empties: it exists and is not archived. */
const creditableOrganization = async (services: ApiServices, caller: UserCaller, organizationId: string) => {
  const organization = await visibleOrganization(services, caller, organizationId);
  if (organization.status === 'archived') {
    throw new ConflictError('target_archived', 'This organization is archived; its credits can no longer move.');
  }
  return organization.organizationId;
};

const organizationParams = z.object({ organization_id: idSchema });

const ACCOUNT = /^(issuance|consumed|(organization|group|user):[A-Za-z0-9_-]{1,100})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

const kindsQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [
    ...new Set(
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.enum(CREDIT_MOVEMENT_KINDS)).min(1))
  .describe(
    'Movement kinds, repeated (`kind=allocated&kind=deallocated`) or comma-separated: issued, withdrawn, allocated, deallocated, transferred, reserved, captured, released, expired.',
  );

/** A date is a whole UTC day: `from` starts with it, `to` ends with it (included). A date-time is exact. */
const instant = (bound: 'from' | 'to') =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .transform((value) => {
      if (!DATE_ONLY.test(value)) return new Date(value);
      const dayStart = Date.parse(`${value}T00:00:00Z`);
      return new Date(bound === 'to' ? dayStart + DAY_MS : dayStart);
    })
    .describe(
      bound === 'from'
        ? 'Movements at or after this date (YYYY-MM-DD, a UTC day) or date-time.'
        : 'Movements up to this date included (YYYY-MM-DD, a UTC day), or before this date-time.',
    );

const historyFilters = {
  kind: kindsQuery.optional(),
  account: z
    .string()
    .regex(ACCOUNT, {
      error: 'An account is `organization:<id>`, `group:<id>`, `user:<id>`, `issuance` or `consumed`.',
    })
    .optional()
    .describe('Movements from or to this account.'),
  from: instant('from').optional(),
  to: instant('to').optional(),
};

const orderedPeriod = <Query extends { from?: Date | undefined; to?: Date | undefined }>(query: Query) =>
  query.from === undefined || query.to === undefined || query.from < query.to;
const periodIssue = { error: '`to` must come after `from`.', path: ['to'] };

const historyQuery = listQuery(historyFilters).refine(orderedPeriod, periodIssue);
const exportQuery = closed(
  z.object({
    ...historyFilters,
    sort: z.enum(SORT_KEYS).default('updated_at'),
    q: z.string().trim().max(200).optional(),
  }),
).refine(orderedPeriod, periodIssue);

type HistoryQuery = {
  kind?: (typeof CREDIT_MOVEMENT_KINDS)[number][] | undefined;
  account?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
};

const filtersOf = (caller: UserCaller, organizationId: string, query: HistoryQuery) => ({
  organizationId,
  ...visibleKinds(caller),
  ...(query.kind !== undefined ? { kinds: query.kind } : {}),
  ...(query.account !== undefined ? { account: query.account } : {}),
  ...(query.from !== undefined ? { from: query.from } : {}),
  ...(query.to !== undefined ? { to: query.to } : {}),
  ...(query.q ? { q: query.q } : {}),
});

const HISTORY_ACCESS = permission('credit-transaction-read', 'credit-consumption-read');
const historyNotFound = { description: '`organization_not_found`: it does not exist or is another organization.' };

export const creditRoutes = [
  ...allocationRoutes('user'),
  ...allocationRoutes('user_group'),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/organizations/allocate_credit/:organization_id',
    summary: 'Issues new credits to an organization’s wallet.',
    tag: 'Credits',
    access: permission('organization-update-credit'),
    idempotent: true,
    params: organizationParams,
    body: creditsBody,
    responses: movementResponses('organization', ''),
    handler: async ({ params, body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const organizationId = await creditableOrganization(services, me, params.organization_id);
      return move(
        { ctx, services },
        {
          type: 'IssueCredits',
          data: { ...movementCommon(ctx, me, organizationId), amount: body.nb_credits },
          metadata: now(),
        },
        ISSUANCE,
        organizationAccount(organizationId),
      );
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/organizations/deallocate_credit/:organization_id',
    summary: 'Withdraws credits from an organization’s wallet, at most what it has available.',
    tag: 'Credits',
    access: permission('organization-update-credit'),
    idempotent: true,
    params: organizationParams,
    body: creditsBody,
    responses: movementResponses('organization', ''),
    handler: async ({ params, body, caller, services, ctx }) => {
      const me = signedInUser(caller);
      const organizationId = await creditableOrganization(services, me, params.organization_id);
      return move(
        { ctx, services },
        {
          type: 'WithdrawCredits',
          data: { ...movementCommon(ctx, me, organizationId), amount: body.nb_credits },
          metadata: now(),
        },
        organizationAccount(organizationId),
        ISSUANCE,
      );
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/organizations/:organization_id/credit_movements',
    summary:
      'The organization’s credit history. `credit-transaction-read` shows movements between accounts, `credit-consumption-read` session reservations and their outcome; both show all. `sort`: `-updated_at` newest first (default), `updated_at` oldest first, `name` by kind.',
    tag: 'Credits',
    access: HISTORY_ACCESS,
    params: organizationParams,
    query: historyQuery,
    responses: { 200: { description: 'A page of movements.', schema: pageOf(movementResponse) }, 404: historyNotFound },
    handler: async ({ params, query, caller, services }) => {
      const me = signedInUser(caller);
      const organization = await visibleOrganization(services, me, params.organization_id);
      const page = await listCreditMovements(services.db, {
        page: query.page,
        page_size: query.page_size,
        sort: query.sort,
        ...filtersOf(me, organization.organizationId, query),
      });
      const names = actorNames(services);
      const items = await Promise.all(
        page.items.map(async (movement) => toMovementItem(movement, await names(movement.actorId))),
      );
      return { body: { ...page, items } };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/organizations/:organization_id/credit_movements.csv',
    summary:
      'The same history as CSV (RFC 4180, a header row), for download; same filters, oldest first unless `sort` says otherwise. Streamed, whatever its size.',
    tag: 'Credits',
    access: HISTORY_ACCESS,
    params: organizationParams,
    query: exportQuery,
    responses: { 200: { description: '`text/csv`, as an attachment.' }, 404: historyNotFound },
    handler: async ({ params, query, caller, services }) => {
      const me = signedInUser(caller);
      const organization = await visibleOrganization(services, me, params.organization_id);
      const body = await movementsCsv(services, {
        sort: query.sort,
        ...filtersOf(me, organization.organizationId, query),
      });
      const day = new Date().toISOString().slice(0, 10);
      return {
        body,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="credit-movements-${organization.organizationId}-${day}.csv"`,
          'Cache-Control': 'no-store',
        },
      };
    },
  }),
];
