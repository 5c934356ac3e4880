import { SORT_KEYS, USER_LOCALES } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';

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
  id: text(),
  occurred_at: text(),
  actor_id: text().nullable().describe('Who asked; null for the system (an expiry).'),
  actor_name: text().nullable().describe('The actor’s display name, when the user directory knows them.'),
  kind: z
    .enum(MOVEMENT_KINDS)
    .describe('issued, withdrawn, allocated, deallocated, transferred, reserved, captured, released, expired.'),
  from: text().nullable().describe('The account credits leave (or, for `reserved`, the account held).'),
  to: text().nullable().describe('The account credits reach; null for `reserved`.'),
  amount: z.number().int(),
  from_balance_after: z
    .number()
    .int()
    .nullable()
    .describe('Posted balance of `from` after it; null for system accounts.'),
  to_balance_after: z.number().int().nullable(),
  transfer_id: text().nullable(),
  reservation_id: text().nullable(),
  session_id: text().nullable(),
});
export type CreditMovementItem = z.infer<typeof creditMovementItemSchema>;

/** The history item's fields, in order: the export's first columns. */
export const CREDIT_MOVEMENT_COLUMNS = Object.keys(creditMovementItemSchema.shape) as (keyof CreditMovementItem)[];

/**
 * A row of the CSV export: the history item (ids as the API writes them, so files read by a
 * program keep their columns), then what the screen shows in place of the ids, in the export's
 * language: the kind's label and the names of both sides (an organization, group or user name,
 * "Platform issuance", "Consumed by sessions"; "A user" for one the directory no longer knows).
 */
export type CreditMovementExportRow = CreditMovementItem & {
  kind_label: string;
  from_name: string | null;
  to_name: string | null;
};

/** The export's columns: the item's, then the names. */
export const CREDIT_MOVEMENT_EXPORT_COLUMNS: readonly (keyof CreditMovementExportRow)[] = [
  ...CREDIT_MOVEMENT_COLUMNS,
  'kind_label',
  'from_name',
  'to_name',
];

const ACCOUNT = /^(issuance|consumed|(organization|group|user):[A-Za-z0-9_-]{1,100})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

const kindsQuery = z
  .union([text(), z.array(text())])
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
  account: text()
    .refine((account) => ACCOUNT.test(account), rule('history_account'))
    .meta({ pattern: ACCOUNT.source })
    .optional()
    .describe('Movements from or to this account.'),
  from: instant('from').optional(),
  to: instant('to').optional(),
};

const orderedPeriod = <Query extends { from?: Date | undefined; to?: Date | undefined }>(query: Query) =>
  query.from === undefined || query.to === undefined || query.from < query.to;
const periodIssue = { ...rule('period_order'), path: ['to'] };

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
        'The same history as CSV (RFC 4180, a header row), for download; same filters, oldest first unless `sort` says otherwise. Each row has the item’s fields, then the kind and both sides named in the caller’s language (`lang`). Streamed, whatever its size.',
      params: organizationParams,
      query: closed(
        z.object({
          ...historyFilters,
          sort: z.enum(SORT_KEYS).default('updated_at'),
          q: text().trim().max(200).optional(),
          lang: z
            .enum(USER_LOCALES)
            .optional()
            .describe('The language of `kind_label`, `from_name` and `to_name`; the caller’s own language by default.'),
        }),
      ).refine(orderedPeriod, periodIssue),
      responses: {
        200: {
          description:
            '`text/csv`, as an attachment: the item’s fields, then `kind_label`, `from_name` and `to_name` as the screen shows them.',
        },
        404: historyNotFound,
      },
    },
  },
);
