import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import type { SqlDatabase, SqlExecutor } from './sql-database.js';

/**
 * Which stored state changed, told to whoever caches it: the process that made the change hears it
 * at once (synchronously, before its caller goes on), and every other process sharing the
 * PostgreSQL database hears it through `NOTIFY` when the change commits. Topics are coarse
 * (`read-model:user-directory`, `auth-sessions`): a cache drops everything it holds for the topic.
 * Every listener also hears "anything may have changed" when the connection that listens for the
 * other processes' notifications was lost, since notifications may have been missed meanwhile.
 *
 * A change made in a transaction is "being written" in this process from its announcement until the
 * transaction ends: caches of its topics neither answer nor keep anything meanwhile. Otherwise a
 * reader could cache the old state just before the commit, and serve it to someone who has already
 * seen the commit (a projection checkpoint, say) in the moment before the committer's turn comes.
 */
const RESET = Symbol('reset');
const CHANNEL = 'aic_changes';

/**
 * Announced by every append to the SQL event store, on commit, once per type of event appended: the projections
 * runtime, a process of its own in the production topology, wakes the projections that handle that type at once
 * instead of at their next poll (docs/deployment.md).
 */
export const eventAppendedTopic = (eventType: string): string => `event-store:appended:${eventType}`;

/** The topic a read model's commits are announced under. */
export const readModelTopic = (name: string): string => `read-model:${name}`;

type Feed = { emitter: EventEmitter; writing: Map<string, number>; listening?: { close(): Promise<void> } };

// One feed per database object, so that several servers in one test process keep to themselves.
const feeds = new WeakMap<object, Feed>();

const feedOf = (db: object): Feed => {
  let feed = feeds.get(db);
  if (!feed) {
    feed = { emitter: new EventEmitter().setMaxListeners(0), writing: new Map() };
    feeds.set(db, feed);
  }
  return feed;
};

/** Hears changes of these topics (and resets); returns the way to stop. */
export const onChange = (db: object, topics: readonly string[], listener: () => void): (() => void) => {
  const { emitter } = feedOf(db);
  for (const topic of [...topics, RESET]) emitter.on(topic, listener);
  return () => {
    for (const topic of [...topics, RESET]) emitter.off(topic, listener);
  };
};

const emitLocally = (db: object, topics: readonly (string | typeof RESET)[]) => {
  const { emitter } = feedOf(db);
  for (const topic of topics) emitter.emit(topic);
};

const notify = async (executor: SqlExecutor, topics: readonly string[]) => {
  for (const topic of topics) await executor.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]);
};

/**
 * Tells the other processes (and this one's listening connection) that `topics` changed, when the transaction of `tx`
 * commits: nothing if it rolls back. PostgreSQL folds the same notification sent twice in one transaction into one.
 */
export const notifyOnCommit = (tx: SqlExecutor, topics: readonly string[]): Promise<void> => notify(tx, topics);

/** Announces that `topics` changed, outside any transaction: this process and the others hear it now. */
export const announceChange = async (db: SqlExecutor, topics: readonly string[]): Promise<void> => {
  await notify(db, topics);
  emitLocally(db, topics);
};

/**
 * Runs `work` in one transaction, in which `announce(topics)` says what it changes: the other
 * processes hear it when the transaction commits (NOTIFY is transactional), this one at once and
 * again when the transaction has ended, and its caches of those topics stand aside in between.
 */
export const transactionAnnouncing = async <T>(
  db: SqlDatabase,
  work: (tx: SqlExecutor, announce: (topics: readonly string[]) => Promise<void>) => Promise<T>,
): Promise<T> => {
  const { writing } = feedOf(db);
  const announced = new Set<string>();
  try {
    return await db.transaction((tx) =>
      work(tx, async (topics) => {
        const fresh = topics.filter((topic) => !announced.has(topic));
        for (const topic of fresh) {
          announced.add(topic);
          writing.set(topic, (writing.get(topic) ?? 0) + 1);
        }
        emitLocally(db, fresh);
        await notify(tx, fresh);
      }),
    );
  } finally {
    for (const topic of announced) {
      const count = (writing.get(topic) ?? 1) - 1;
      if (count > 0) writing.set(topic, count);
      else writing.delete(topic);
    }
    emitLocally(db, [...announced]);
  }
};

/**
 * Tells this process's caches that `topics` changed, with no notification to the others: for a
 * process that knows of a commit (it waited for it) before the notification reaches it.
 */
export const forgetLocally = (db: object, topics: readonly string[]): void => emitLocally(db, topics);

/**
 * Listens for the changes other processes announce on this PostgreSQL database, on a connection of
 * its own; a lost connection is re-opened (every listener told to forget, since notifications may
 * have been missed meanwhile). PGlite lives in one process and needs none.
 */
export const listenForChanges = async (
  db: object,
  options: { connectionString: string; logger: Logger },
): Promise<{ close(): Promise<void> }> => {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'ai-coaching-changes' });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) emitLocally(db, [message.payload]);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed) return;
      emitLocally(db, [RESET]);
      options.logger.warn('the change-notification connection was lost; reconnecting');
      retryTimer = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();
  const listening = {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
  feedOf(db).listening = listening;
  return listening;
};

/** Whether to read the store whatever a change-aware cache holds. */
export type Freshness = { fresh?: boolean };

/**
 * A cache of stored state that forgets everything once one of its topics changes, and anything
 * older than `ttlMs` in any case (the bound on a notification lost for good). A value loaded while
 * a change was announced is not kept: it may predate the change.
 */
export const createChangeAwareCache = <Key, Value>(
  db: object,
  options: { topics: readonly string[]; ttlMs: number; max: number },
) => {
  const entries = new Map<Key, { value: Value; until: number }>();
  const { writing } = feedOf(db);
  const beingWritten = () => options.topics.some((topic) => writing.has(topic));
  let generation = 0;
  onChange(db, options.topics, () => {
    generation += 1;
    entries.clear();
  });
  const keep = (key: Key, value: Value, until: number) => {
    if (entries.size >= options.max) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, until });
  };
  const cached = (key: Key, now: number): Value | undefined => {
    if (beingWritten()) return undefined;
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) entries.delete(key);
    return undefined;
  };
  return {
    /**
     * The cached value, else `load()`'s, kept until `expiresAt` (ms) if earlier than the TTL. `fresh` reads the store
     * whatever is cached (and keeps what it read): for a caller about to act, which must not act on what another
     * process changed a moment ago and has not yet announced here.
     */
    async get(
      key: Key,
      load: () => Promise<Value | undefined>,
      expiresAt?: (value: Value) => number,
      { fresh = false }: Freshness = {},
    ): Promise<Value | undefined> {
      const now = Date.now();
      const hit = fresh ? undefined : cached(key, now);
      if (hit !== undefined) return hit;
      const loadedIn = generation;
      const value = await load();
      if (value !== undefined && loadedIn === generation && !beingWritten()) {
        keep(key, value, Math.min(now + options.ttlMs, expiresAt?.(value) ?? Infinity));
      }
      return value;
    },
    /** Several at once: the cached ones, and the others from one `load(missing)`; all of them when `fresh`. */
    async getMany(
      keys: readonly Key[],
      load: (missing: Key[]) => Promise<Map<Key, Value>>,
      { fresh = false }: Freshness = {},
    ): Promise<Map<Key, Value>> {
      const now = Date.now();
      const found = new Map<Key, Value>();
      const missing: Key[] = [];
      for (const key of keys) {
        const hit = fresh ? undefined : cached(key, now);
        if (hit === undefined) missing.push(key);
        else found.set(key, hit);
      }
      if (missing.length === 0) return found;
      const loadedIn = generation;
      const loaded = await load(missing);
      for (const [key, value] of loaded) {
        found.set(key, value);
        if (loadedIn === generation && !beingWritten()) keep(key, value, now + options.ttlMs);
      }
      return found;
    },
  };
};
