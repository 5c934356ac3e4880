import { SORT_KEYS } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// The credit history of an organization (docs/api/credits.md): a page of movements, and the same
// as a CSV download.

/** Every kind of movement the history records, in the order filters offer them. */
export const MOVEMENT_KINDS = [
  'issued',
  'withdrawn',
  'allocated',
  'deallocated',
  'transferred',
  'reserved',
  'captured',
  'released',
  'expired',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const creditMovementItemSchema = z.strictObject({
  id: z.string(),
  occurred_at: z.string(),
  actor_id: z.string().nullable().describe('Who asked; null for the system (an expiry).'),
  actor_name: z.string().nullable().describe('The actor’s display name, when the user directory knows them.'),
  kind: z
    .enum(MOVEMENT_KINDS)
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
export type CreditMovementItem = z.infer<typeof creditMovementItemSchema>;

/** The export's columns, in the order of the history's items. */
export const CREDIT_MOVEMENT_COLUMNS = Object.keys(creditMovementItemSchema.shape) as (keyof CreditMovementItem)[];

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
  .pipe(z.array(z.enum(MOVEMENT_KINDS)).min(1))
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

const organizationParams = z.object({ organization_id: idSchema });
const historyNotFound = { description: '`organization_not_found`: it does not exist or is another organization.' };

export const creditHistoryOperations = defineOperations(
  { name: 'creditMovements', tag: 'Credits' },
  {
    list: {
      method: 'GET',
      path: '/v1/organizations/:organization_id/credit_movements',
      summary:
        'The organization’s credit history. `credit-transaction-read` shows movements between accounts, `credit-consumption-read` session reservations and their outcome; both show all. `sort`: `-updated_at` newest first (default), `updated_at` oldest first, `name` by kind.',
      params: organizationParams,
      query: listQuery(historyFilters).refine(orderedPeriod, periodIssue),
      responses: {
        200: { description: 'A page of movements.', schema: pageOf(creditMovementItemSchema) },
        404: historyNotFound,
      },
    },
    export: {
      method: 'GET',
      path: '/v1/organizations/:organization_id/credit_movements.csv',
      summary:
        'The same history as CSV (RFC 4180, a header row), for download; same filters, oldest first unless `sort` says otherwise. Streamed, whatever its size.',
      params: organizationParams,
      query: closed(
        z.object({
          ...historyFilters,
          sort: z.enum(SORT_KEYS).default('updated_at'),
          q: z.string().trim().max(200).optional(),
        }),
      ).refine(orderedPeriod, periodIssue),
      responses: { 200: { description: '`text/csv`, as an attachment.' }, 404: historyNotFound },
    },
  },
);
