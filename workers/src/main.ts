import { openPlatform, requireSharedDatabase, startHealthServer, startRuntime } from '@ai-coaching/platform';
import { startUpJobs, startWebhookDispatcher } from '@ai-coaching/application';
import { workerJobs } from './worker-jobs.js';

/** Job workers alone: they take jobs from Redis (BullMQ) and scale horizontally. */
await startRuntime('workers', async ({ config, logger, lifecycle }) => {
  requireSharedDatabase(config, 'workers');
  const platform = await openPlatform({ config, logger, lifecycle, runtime: 'workers' });
  await platform.queue.startWorkers(workerJobs(platform));
  await startUpJobs(platform);
  const webhooks = await startWebhookDispatcher(platform);
  lifecycle.add('webhook dispatcher', () => webhooks.stop());
  const health = await startHealthServer({
    host: config.HOST,
    port: config.PORT,
    checks: [
      { name: 'job_queue', check: () => platform.queue.ping() },
      { name: 'database', check: async () => void (await platform.db.query('SELECT 1')) },
    ],
  });
  lifecycle.add('health server', () => health.close());
  logger.info({ port: config.PORT }, 'workers started');
});
