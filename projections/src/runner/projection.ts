import type { DomainEventType, EventDataOf } from '@ai-coaching/domain';
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
   * False for a projection no caller reads right after a command (an outbox a background dispatcher drains): commands
   * wake it but do not wait for it, so it adds nothing to their answers' time. True when left out.
   */
  readAfterCommands?: boolean;
  /**
   * Creates the tables if they do not exist (it runs at every start). Name indexes
   * `${t.table}_suffix`: a rebuild renames them along with their table.
   */
  setup(tx: SqlExecutor, t: TableNames<Logical>): Promise<void>;
  /** Applies one event. Must be deterministic: a rebuild has to produce the same rows. */
  apply(tx: SqlExecutor, event: RecordedEvent, t: TableNames<Logical>): Promise<void>;
};

/** A recorded event of this type, its data typed. */
export type RecordedEventOf<Type extends DomainEventType> = RecordedEvent<Type, EventDataOf<Type>>;

type EventHandler<Type extends DomainEventType, Logical extends string> = (
  tx: SqlExecutor,
  event: RecordedEventOf<Type>,
  t: TableNames<Logical>,
) => Promise<void>;

/** One handler per event type the read model applies, each receiving its event typed by name. */
export type EventHandlers<Logical extends string> = {
  [Type in DomainEventType]?: EventHandler<Type, Logical>;
};

/** The same handler for several event types (it receives their union). */
export const onEach = <const Types extends readonly DomainEventType[], Logical extends string>(
  types: Types,
  handler: EventHandler<Types[number], Logical>,
): { [Type in Types[number]]: EventHandler<Type, Logical> } =>
  Object.fromEntries(types.map((type) => [type, handler])) as unknown as {
    [Type in Types[number]]: EventHandler<Type, Logical>;
  };

export type ProjectionDefinition<Logical extends string> = Pick<
  Projection<Logical>,
  'name' | 'version' | 'tables' | 'setup' | 'readAfterCommands'
> & {
  /** What each handled event does; the types listed here are the projection's `handles`. */
  on: EventHandlers<Logical>;
};

/**
 * Declares a read model: its tables, their setup, and a handler per event type. The runner sees
 * the `handles`/`apply` pair; handlers see their event's data typed, with no casts.
 */
export const defineProjection = <Logical extends string>(
  definition: ProjectionDefinition<Logical>,
): Projection<Logical> => {
  const { on, ...rest } = definition;
  const handlers = on as Record<string, EventHandler<DomainEventType, Logical> | undefined>;
  return {
    ...rest,
    handles: Object.keys(on),
    async apply(tx, event, t) {
      await handlers[event.type]?.(tx, event as RecordedEventOf<DomainEventType>, t);
    },
  };
};

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
