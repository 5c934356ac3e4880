import type { ListPage, ListParams, SortKey } from '@ai-coaching/domain';
import { createChangeAwareCache, readModelTopic, type SqlExecutor } from '@ai-coaching/platform';

/** `q` is matched literally: `%` and `_` typed by a user are not wildcards. */
export const containing = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A WHERE clause built condition by condition, each value bound as a parameter (never spliced
 * into the SQL). Conditions whose value is undefined are left out, so optional filters read as one line.
 */
export type SqlFilter = {
  /** Appends a parameter and answers its placeholder (`$3`). */
  bind(value: unknown): string;
  /** A condition written by hand, its values bound through `bind`; undefined adds nothing. */
  where(condition: string | undefined): SqlFilter;
  /** `column = value`; given several columns, any of them equals it. */
  equals(column: string | readonly string[], value: unknown): SqlFilter;
  /** `column` is one of `values` (text columns). */
  anyOf(column: string, values: readonly string[] | undefined): SqlFilter;
  /** Any of the columns contains `q`, case-insensitively and literally. */
  search(columns: readonly string[], q: string | undefined): SqlFilter;
  /** `column` from `from` (inclusive) up to `to` (exclusive); either bound may be left out. */
  inRange(column: string, from: unknown, to: unknown): SqlFilter;
  /** `WHERE …`, or nothing when no condition applies. */
  readonly clause: string;
  readonly values: readonly unknown[];
};

export const sqlFilter = (): SqlFilter => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const filter: SqlFilter = {
    bind: (value) => `$${values.push(value)}`,
    where(condition) {
      if (condition !== undefined) conditions.push(condition);
      return filter;
    },
    equals(column, value) {
      if (value === undefined) return filter;
      if (typeof column === 'string') return filter.where(`${column} = ${filter.bind(value)}`);
      const placeholder = filter.bind(value);
      return filter.where(`(${column.map((name) => `${name} = ${placeholder}`).join(' OR ')})`);
    },
    anyOf: (column, list) =>
      list === undefined ? filter : filter.where(`${column} = ANY(${filter.bind(list)}::text[])`),
    search(columns, q) {
      if (!q) return filter;
      const pattern = filter.bind(containing(q));
      return filter.where(`(${columns.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`);
    },
    inRange: (column, from, to) =>
      filter
        .where(from === undefined ? undefined : `${column} >= ${filter.bind(from)}`)
        .where(to === undefined ? undefined : `${column} < ${filter.bind(to)}`),
    get clause() {
      return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    },
    values,
  };
  return filter;
};

/**
 * The spec's sort keys over a table: `name` by a case-folded name, `updated_at` oldest first,
 * `-updated_at` newest first; the id breaks ties so the order is total and pages never overlap.
 */
export const sortOrder = (columns: {
  name: string;
  updatedAt: string;
  id: string;
}): Readonly<Record<SortKey, string>> => ({
  name: `${columns.name}, ${columns.id}`,
  updated_at: `${columns.updatedAt}, ${columns.id}`,
  '-updated_at': `${columns.updatedAt} DESC, ${columns.id} DESC`,
});

/**
 * One page of a read model: the total matching the filter, and the rows of the page in the
 * requested order (page sizes and sort keys are the domain's list parameters).
 */
export const pagedList = async <Row extends object, Item>(
  db: SqlExecutor,
  query: {
    /**
     * The read model the list reads: its pages are kept until that read model commits again (told
     * at once in this process, by NOTIFY in the others), at most 30 seconds. Lists are read far
     * more often than they change. A list joining another read model's tables names both.
     */
    readModel: string | readonly string[];
    /** `table alias`, possibly with joins. */
    from: string;
    columns: string;
    filter: SqlFilter;
    order: Readonly<Record<SortKey, string>>;
    params: Pick<ListParams, 'page' | 'page_size' | 'sort'>;
    toItem: (row: Row) => Item;
  },
): Promise<ListPage<Item>> => {
  const { filter, params } = query;
  const values = [...filter.values, params.page_size, (params.page - 1) * params.page_size];
  const cacheKey = `${query.from}|${filter.clause}|${query.order[params.sort]}|${JSON.stringify(values)}`;
  const loaded = (await listCacheOf(db, query.readModel).get(cacheKey, () => loadPage(db, query, values)))!;
  return {
    items: (loaded.rows as Row[]).map(query.toItem),
    total: loaded.total,
    page: params.page,
    page_size: params.page_size,
  };
};

type LoadedPage = { rows: object[]; total: number };
type ListCache = ReturnType<typeof createChangeAwareCache<string, LoadedPage>>;

const listCaches = new WeakMap<object, Map<string, ListCache>>();
const listCacheOf = (db: SqlExecutor, readModels: string | readonly string[]) => {
  const names = typeof readModels === 'string' ? [readModels] : readModels;
  const readModel = names.join(',');
  let byReadModel = listCaches.get(db);
  if (!byReadModel) {
    byReadModel = new Map();
    listCaches.set(db, byReadModel);
  }
  let cache = byReadModel.get(readModel);
  if (!cache) {
    cache = createChangeAwareCache<string, LoadedPage>(db, {
      topics: names.map(readModelTopic),
      ttlMs: 30_000,
      max: 1_000,
    });
    byReadModel.set(readModel, cache);
  }
  return cache;
};

const loadPage = async (
  db: SqlExecutor,
  query: {
    from: string;
    columns: string;
    filter: SqlFilter;
    order: Readonly<Record<SortKey, string>>;
    params: Pick<ListParams, 'page' | 'sort'>;
  },
  values: unknown[],
): Promise<LoadedPage> => {
  const { filter, params } = query;
  // The total rides along with the page (a window count), so a list costs one round trip; only a
  // page past the end, which has no row to carry it, asks for the count on its own.
  const { rows } = await db.query<{ list_total: number }>(
    `SELECT ${query.columns}, count(*) OVER ()::int AS list_total FROM ${query.from} ${filter.clause}
     ORDER BY ${query.order[params.sort]} LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  );
  const total =
    rows[0]?.list_total ??
    (params.page > 1
      ? ((
          await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${query.from} ${filter.clause}`, [
            ...filter.values,
          ])
        ).rows[0]?.total ?? 0)
      : 0);
  return { rows, total };
};
