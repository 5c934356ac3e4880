import type { RecordedEvent, SqlExecutor } from '@ai-coaching/platform';

/**
 * Physical names of a projection's tables. A projection writes its SQL against these names, never
 * literal ones, so the runner can rebuild it into fresh shadow tables and swap them in.
 */
export type TableNames<Logical extends string> = Readonly<Record<Logical, string>>;

export type Projection<Logical extends string = string> = {
  /** Stable, kebab-case: the checkpoint key and the read model's folder name. */
  name: string;
  /** Bump when the tables or the apply logic change: the runner then rebuilds from the start. */
  version: number;
  /** Logical table name → physical base name (prefix `rm_`). */
  tables: Readonly<Record<Logical, string>>;
  /** Event types this projection applies; others only advance its checkpoint. */
  handles: readonly string[];
  /**
   * Creates the tables if they do not exist (it runs at every start). Name indexes
   * `${t.table}_suffix`: a rebuild renames them along with their table.
   */
  setup(tx: SqlExecutor, t: TableNames<Logical>): Promise<void>;
  /** Applies one event. Must be deterministic: a rebuild has to produce the same rows. */
  apply(tx: SqlExecutor, event: RecordedEvent, t: TableNames<Logical>): Promise<void>;
};

export const defineProjection = <Logical extends string>(projection: Projection<Logical>): Projection<Logical> =>
  projection;

export const quoteTable = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe table name: ${name}`);
  return name;
};

export const liveTableNames = <L extends string>(projection: Projection<L>): TableNames<L> =>
  mapTables(projection, (base) => quoteTable(base));

export const shadowTableNames = <L extends string>(projection: Projection<L>): TableNames<L> =>
  mapTables(projection, (base) => quoteTable(`${base}__rebuild`));

const mapTables = <L extends string>(projection: Projection<L>, rename: (base: string) => string): TableNames<L> =>
  Object.fromEntries(
    Object.entries<string>(projection.tables).map(([logical, base]) => [logical, rename(base)]),
  ) as TableNames<L>;
