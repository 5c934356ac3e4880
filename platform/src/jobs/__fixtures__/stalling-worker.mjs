// A worker process that takes one job, records that it started and then hangs, so that a test can
// SIGKILL it mid-job. Plain .mjs on BullMQ directly: the child runs on bare Node, without a TS loader.
// Usage: node stalling-worker.mjs <redisUrl> <prefix> <queueName> <startedCounterKey>
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';

const [redisUrl, prefix, queueName, startedKey] = process.argv.slice(2);
if (!redisUrl || !prefix || !queueName || !startedKey) {
  console.error('usage: stalling-worker.mjs <redisUrl> <prefix> <queueName> <startedCounterKey>');
  process.exit(2);
}

const redis = new Redis(redisUrl);
const worker = new Worker(
  queueName,
  async () => {
    await redis.incr(startedKey);
    await new Promise(() => {});
  },
  // A short lock, so the job is seen as stalled soon after this process dies. The stalled-check
  // interval matters too: the last worker to check sets a queue-wide pause of that length between checks.
  { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, lockDuration: 1000, stalledInterval: 300 },
);
worker.on('error', (error) => console.error('stalling-worker:', error.message));
