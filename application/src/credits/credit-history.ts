import { can } from '@ai-coaching/domain';
import type { CreditMovementItem, creditHistoryOperations, Page, ParsedRequest } from '@ai-coaching/contracts';
import {
  findUser,
  listCreditMovements as queryCreditMovements,
  streamCreditMovements,
  type CreditMovement,
  type CreditMovementFilters,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser, visibleOrganization, type UserCaller } from '../tenancy/scope.js';

type Operations = typeof creditHistoryOperations;
type HistoryQuery = ParsedRequest<Operations['list']>['query'] | ParsedRequest<Operations['export']>['query'];

/**
 * Which movements the caller may see: `credit-transaction-read` covers movements between
 * accounts, `credit-consumption-read` what sessions reserve and consume; with both, everything.
 * The routes admit only callers holding at least one.
 */
export const visibleKinds = (
  caller: UserCaller,
): Pick<CreditMovementFilters, 'transactionsOnly' | 'consumptionOnly'> => {
  const transactions = can(caller.permissions, 'credit-transaction-read');
  const consumption = can(caller.permissions, 'credit-consumption-read');
  if (transactions && consumption) return {};
  return transactions ? { transactionsOnly: true } : { consumptionOnly: true };
};

const filtersOf = (caller: UserCaller, organizationId: string, query: HistoryQuery): CreditMovementFilters => ({
  organizationId,
  ...visibleKinds(caller),
  ...(query.kind !== undefined ? { kinds: query.kind } : {}),
  ...(query.account !== undefined ? { account: query.account } : {}),
  ...(query.from !== undefined ? { from: query.from } : {}),
  ...(query.to !== undefined ? { to: query.to } : {}),
  ...(query.q ? { q: query.q } : {}),
});

/** The display name rule of the spec: first and last name, else whichever exists, else the email, else 'User'. */
const displayNameOf = (user: { firstName: string; lastName: string; email: string }): string =>
  [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ') ||
  user.email ||
  'User';

/**
 * Actor names, looked up once per actor: a page or an export names few distinct people. An actor
 * the directory does not know (a cancelled invitation) stays unnamed.
 */
const actorNames = (services: Pick<AppServices, 'db'>) => {
  const names = new Map<string, Promise<string | null>>();
  return (actorId: string | null): Promise<string | null> => {
    if (actorId === null) return Promise.resolve(null);
    let name = names.get(actorId);
    if (!name) {
      name = findUser(services.db, actorId).then((user) => (user ? displayNameOf(user) : null));
      names.set(actorId, name);
    }
    return name;
  };
};

const toMovementItem = (movement: CreditMovement, actorName: string | null): CreditMovementItem => ({
  id: movement.movementId,
  occurred_at: movement.occurredAt,
  actor_id: movement.actorId,
  actor_name: actorName,
  kind: movement.kind,
  from: movement.fromAccount,
  to: movement.toAccount,
  amount: movement.amount,
  from_balance_after: movement.fromBalanceAfter,
  to_balance_after: movement.toBalanceAfter,
  transfer_id: movement.transferId,
  reservation_id: movement.reservationId,
  session_id: movement.sessionId,
});

/** A page of an organization's credit history, each movement with its actor's name. */
export const listCreditMovements = async (
  services: Pick<AppServices, 'db'>,
  origin: Origin,
  organizationId: string,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<CreditMovementItem>> => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, organizationId);
  const page = await queryCreditMovements(services.db, {
    page: query.page,
    page_size: query.page_size,
    sort: query.sort,
    ...filtersOf(caller, organization.organizationId, query),
  });
  const names = actorNames(services);
  const items = await Promise.all(
    page.items.map(async (movement) => toMovementItem(movement, await names(movement.actorId))),
  );
  return { ...page, items };
};

/** Rows read from the read model per query: enough to keep the export fast, small enough to stay in memory. */
const EXPORT_BATCH = 500;

/**
 * Every movement of the history matching the filters, in order, read in keyset batches so that a
 * history of any size never sits in memory. The first batch is read before this resolves, so that
 * an unreachable database still fails the request rather than cutting a download short.
 */
export const exportCreditMovements = async (
  services: Pick<AppServices, 'db'>,
  origin: Origin,
  organizationId: string,
  query: ParsedRequest<Operations['export']>['query'],
): Promise<AsyncIterable<CreditMovementItem>> => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, organizationId);
  const names = actorNames(services);
  const movements = streamCreditMovements(
    services.db,
    { sort: query.sort, ...filtersOf(caller, organization.organizationId, query) },
    EXPORT_BATCH,
  )[Symbol.asyncIterator]();
  const first = await movements.next();
  async function* items() {
    for (let next = first; !next.done; next = await movements.next()) {
      yield toMovementItem(next.value, await names(next.value.actorId));
    }
  }
  return items();
};
