import { openPlatform, requireSharedDatabase, startHealthServer, startRuntime } from '@ai-coaching/platform';
import { allProjections } from './all-projections.js';
import { projectionMigrations } from './runner/checkpoint-store.js';
import { createProjectionRunner } from './runner/projection-runner.js';

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
  const runner = createProjectionRunner({
    store: platform.store,
    db: platform.db,
    projections: allProjections,
    logger,
  });
  await runner.start();
  lifecycle.add('projections', () => runner.stop());
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
