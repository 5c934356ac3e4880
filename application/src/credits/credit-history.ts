import { can, type UserLocale } from '@ai-coaching/domain';
import type {
  CreditMovementExportRow,
  CreditMovementItem,
  creditHistoryOperations,
  MovementKind,
  Page,
  ParsedRequest,
} from '@ai-coaching/contracts';
import {
  findOrganization,
  findUser,
  findUserGroup,
  listCreditMovements as queryCreditMovements,
  streamCreditMovements,
  type CreditMovement,
  type CreditMovementFilters,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser, visibleOrganization, type UserCaller } from '../tenancy/scope.js';
import { displayNameOf } from '../users/colleagues.js';

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

/**
 * The words of the history screen (client `credits.json`: `history.kinds`, `history.accounts`) that
 * the export writes in place of kinds and account ids; a unit spec keeps both the same.
 */
export const CREDIT_HISTORY_LABELS: Record<
  UserLocale,
  {
    kinds: Record<MovementKind, string>;
    issuance: string;
    consumed: string;
    unknown: Record<'organization' | 'group' | 'user', string>;
  }
> = {
  'en-GB': {
    kinds: {
      issued: 'Issued',
      withdrawn: 'Withdrawn',
      allocated: 'Allocated',
      deallocated: 'Deallocated',
      transferred: 'Transferred',
      reserved: 'Reserved',
      captured: 'Consumed',
      released: 'Released',
      expired: 'Expired',
    },
    issuance: 'Platform issuance',
    consumed: 'Consumed by sessions',
    unknown: { organization: 'An organization', group: 'A group', user: 'A user' },
  },
  'fr-FR': {
    kinds: {
      issued: 'Émis',
      withdrawn: 'Rendu à l’émission',
      allocated: 'Attribué',
      deallocated: 'Repris',
      transferred: 'Transféré',
      reserved: 'Réservé',
      captured: 'Consommé',
      released: 'Libéré',
      expired: 'Expiré',
    },
    issuance: 'Émission de la plateforme',
    consumed: 'Consommé par les sessions',
    unknown: { organization: 'Une organisation', group: 'Un groupe', user: 'Un utilisateur' },
  },
};

/**
 * Account names as the history screen shows them, looked up once per account: an export names few
 * distinct accounts. One the directory no longer knows (a cancelled invitation) is "A user".
 */
const accountNames = (services: Pick<AppServices, 'db'>, lang: UserLocale) => {
  const labels = CREDIT_HISTORY_LABELS[lang];
  const names = new Map<string, Promise<string>>();
  const lookUp = async (account: string): Promise<string> => {
    if (account === 'issuance') return labels.issuance;
    if (account === 'consumed') return labels.consumed;
    const separator = account.indexOf(':');
    const kind = account.slice(0, separator);
    const id = account.slice(separator + 1);
    if (kind === 'organization') return (await findOrganization(services.db, id))?.name ?? labels.unknown.organization;
    if (kind === 'group') return (await findUserGroup(services.db, id))?.name ?? labels.unknown.group;
    const user = await findUser(services.db, id);
    return user ? displayNameOf(user) : labels.unknown.user;
  };
  return (account: string | null): Promise<string | null> => {
    if (account === null) return Promise.resolve(null);
    let name = names.get(account);
    if (!name) {
      name = lookUp(account);
      names.set(account, name);
    }
    return name;
  };
};

/** Rows read from the read model per query: enough to keep the export fast, small enough to stay in memory. */
const EXPORT_BATCH = 500;

/**
 * Every movement of the history matching the filters, in order, read in keyset batches so that a
 * history of any size never sits in memory, each with its kind and both sides named in `query.lang`
 * (else the caller's own language). The first batch is read before this resolves, so that an
 * unreachable database still fails the request rather than cutting a download short.
 */
export const exportCreditMovements = async (
  services: Pick<AppServices, 'db'>,
  origin: Origin,
  organizationId: string,
  query: ParsedRequest<Operations['export']>['query'],
): Promise<AsyncIterable<CreditMovementExportRow>> => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, organizationId);
  const lang = query.lang ?? (await findUser(services.db, caller.userId))?.locale ?? 'en-GB';
  const labels = CREDIT_HISTORY_LABELS[lang];
  const actors = actorNames(services);
  const accounts = accountNames(services, lang);
  const movements = streamCreditMovements(
    services.db,
    { sort: query.sort, ...filtersOf(caller, organization.organizationId, query) },
    EXPORT_BATCH,
  )[Symbol.asyncIterator]();
  const first = await movements.next();
  async function* rows() {
    for (let next = first; !next.done; next = await movements.next()) {
      const movement = next.value;
      const [actorName, fromName, toName] = await Promise.all([
        actors(movement.actorId),
        accounts(movement.fromAccount),
        accounts(movement.toAccount),
      ]);
      yield {
        ...toMovementItem(movement, actorName),
        kind_label: labels.kinds[movement.kind],
        from_name: fromName,
        to_name: toName,
      };
    }
  }
  return rows();
};
