import {
  eventAppendedTopic,
  onChange,
  openPlatform,
  requireSharedDatabase,
  startHealthServer,
  startRuntime,
} from '@ai-coaching/platform';
import { allProjections, startAllProjections } from './all-projections.js';
import { projectionMigrations } from './runner/checkpoint-store.js';

const PROJECTIONS_POLL_MS = 1000;

/**
 * Projections alone. Run exactly one replica: each projection is a single writer of its
 * checkpoint and tables.
 */
await startRuntime('projections', async ({ config, logger, lifecycle }) => {
  requireSharedDatabase(config, 'projections');
  const platform = await openPlatform({
    config,
    logger,
    lifecycle,
    migrations: projectionMigrations,
    runtime: 'projections',
  });
  // Each append's notification wakes the projections that handle its events (below), so the poll is only the backstop
  // and the way a projection moves its checkpoint past the events it skips: once a second, many events to one
  // transaction, rather than every 100 ms, which cost ~30 projections × 10 reads and commits a second, loaded or idle
  // (docs/performance.md, "System").
  const runner = await startAllProjections(platform, logger, lifecycle, { pollIntervalMs: PROJECTIONS_POLL_MS });
  // The commands of the other processes wait for the read models after each write: each append's notification wakes
  // the projections that handle its events at once. A lost notification connection wakes them all.
  const stopWaking = allProjections.map((projection) =>
    onChange(platform.db, projection.handles.map(eventAppendedTopic), () => runner.wake([projection.name])),
  );
  lifecycle.add('projection wake-ups', async () => stopWaking.forEach((stop) => stop()));
  const health = await startHealthServer({
    host: config.HOST,
    port: config.PORT,
    checks: [
      { name: 'event_store', check: () => platform.store.ping() },
      {
        name: 'projections',
        check: async () => {
          const failed = (await runner.statuses()).filter((status) => status.status === 'failed');
          if (failed.length > 0) throw new Error(`failed: ${failed.map((status) => status.name).join(', ')}`);
        },
      },
    ],
  });
  lifecycle.add('health server', () => health.close());
  logger.info({ port: config.PORT }, 'projections started');
});
