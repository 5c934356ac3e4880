import { Readable } from 'node:stream';
import { can } from '@ai-coaching/domain';
import {
  findUser,
  streamCreditMovements,
  type CreditMovement,
  type CreditMovementFilters,
  type CreditMovementStreamParams,
} from '@ai-coaching/projections';
import { z } from 'zod';
import type { ApiServices } from '../http/context.js';
import type { UserCaller } from '../http/scope.js';
import { csvRow } from './csv.js';

export const movementResponse = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor_id: z.string().nullable().describe('Who asked; null for the system (an expiry).'),
  actor_name: z.string().nullable().describe('The actor’s display name, when the user directory knows them.'),
  kind: z
    .string()
    .describe('issued, withdrawn, allocated, deallocated, transferred, reserved, captured, released, expired.'),
  from: z.string().nullable().describe('The account credits leave (or, for `reserved`, the account held).'),
  to: z.string().nullable().describe('The account credits reach; null for `reserved`.'),
  amount: z.number().int(),
  from_balance_after: z
    .number()
    .int()
    .nullable()
    .describe('Posted balance of `from` after it; null for system accounts.'),
  to_balance_after: z.number().int().nullable(),
  transfer_id: z.string().nullable(),
  reservation_id: z.string().nullable(),
  session_id: z.string().nullable(),
});

export type MovementItem = z.infer<typeof movementResponse>;

/**
 * Which movements the caller may see: `credit-transaction-read` covers movements between
 * accounts, `credit-consumption-read` what sessions reserve and consume; with both, everything.
 * The route admits only callers holding at least one.
 */
export const visibleKinds = (
  caller: UserCaller,
): Pick<CreditMovementFilters, 'transactionsOnly' | 'consumptionOnly'> => {
  const transactions = can(caller.permissions, 'credit-transaction-read');
  const consumption = can(caller.permissions, 'credit-consumption-read');
  if (transactions && consumption) return {};
  return transactions ? { transactionsOnly: true } : { consumptionOnly: true };
};

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
export const actorNames = (services: Pick<ApiServices, 'db'>) => {
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

export const toMovementItem = (movement: CreditMovement, actorName: string | null): MovementItem => ({
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

const CSV_COLUMNS = Object.keys(movementResponse.shape) as (keyof MovementItem)[];

/** Rows read from the read model per query: enough to keep the export fast, small enough to stay in memory. */
const EXPORT_BATCH = 500;

/**
 * The export as a stream of CSV lines: a header, then one row per movement, read in keyset batches
 * so that a history of any size never sits in memory. The first batch is read before answering,
 * so that an unreachable database is still a 500 rather than a truncated 200.
 */
export const movementsCsv = async (
  services: Pick<ApiServices, 'db' | 'logger'>,
  params: CreditMovementStreamParams,
): Promise<Readable> => {
  const names = actorNames(services);
  const movements = streamCreditMovements(services.db, params, EXPORT_BATCH)[Symbol.asyncIterator]();
  const first = await movements.next();
  async function* lines() {
    yield csvRow(CSV_COLUMNS);
    try {
      for (let next = first; !next.done; next = await movements.next()) {
        const item = toMovementItem(next.value, await names(next.value.actorId));
        yield csvRow(CSV_COLUMNS.map((column) => item[column]));
      }
    } catch (error) {
      // The 200 is gone by now: the connection is cut (the client sees an incomplete download),
      // and this is the only trace of why.
      services.logger.error({ err: error }, 'credit movements export failed mid-stream');
      throw error;
    }
  }
  return Readable.from(lines(), { objectMode: false });
};
