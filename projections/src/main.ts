import { openPlatform, requireSharedDatabase, startHealthServer, startRuntime } from '@ai-coaching/platform';
import { startAllProjections } from './all-projections.js';
import { projectionMigrations } from './runner/checkpoint-store.js';

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
  const runner = await startAllProjections(platform, logger, lifecycle);
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
