import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging/logger.js';
import { redisAvailability, TEST_REDIS_URL, uniqueTestName } from '../testing/services.js';
import { createBullmqJobQueue, type BullmqJobQueueOptions } from './bullmq-job-queue.js';
import { JobPayloadError } from './job-queue-rules.js';
import { bindJob, defineJob, type JobContext } from './job-queue.js';

const redis = await redisAvailability();

const mailSend = defineJob({
  id: 'mail.send',
  schema: z.object({ to: z.email(), apiKey: z.string().optional() }),
  backoffMs: 100,
});
const payload = { to: 'a@example.com' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe.skipIf(!redis.available)(`BullMQ job queue (skipped: ${redis.reason})`, () => {
  // Every key of this file lives under its own prefix; each test uses its own queue name below it.
  const prefix = uniqueTestName('test-jobs');
  const admin = new Redis(TEST_REDIS_URL);
  const cleanups: (() => Promise<unknown>)[] = [];
  let queueCount = 0;

  const setup = (options: Partial<BullmqJobQueueOptions> = {}) => {
    const queueName = `q${(queueCount += 1)}`;
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const jobs = createBullmqJobQueue({ redisUrl: TEST_REDIS_URL, prefix, queueName, logger, ...options });
    const inspect = new Queue(queueName, { connection: { url: TEST_REDIS_URL }, prefix });
    cleanups.push(
      () => jobs.close({ timeoutMs: 500 }),
      () => inspect.close(),
    );
    return { jobs, inspect, lines, queueName };
  };

  const stateOf = async (inspect: Queue, jobId: string) => (await inspect.getJob(jobId))?.getState();

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  afterAll(async () => {
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await admin.quit();
  });

  it('should answer ping and run an enqueued job once with its payload and a first-attempt context', async () => {
    const { jobs, inspect } = setup();
    const calls: [unknown, JobContext][] = [];
    const done = deferred();
    await jobs.ping();
    await jobs.startWorkers([
      bindJob(mailSend, async (received, context) => {
        calls.push([received, context]);
        done.resolve();
      }),
    ]);

    const result = await jobs.enqueue(mailSend, payload);
    await done.promise;

    expect(result.deduplicated).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toEqual(payload);
    expect(calls[0]?.[1]).toMatchObject({ jobId: result.jobId, attempt: 1 });
    await waitFor(async () => (await stateOf(inspect, result.jobId)) === 'completed');
    const job = await inspect.getJob(result.jobId);
    expect(job?.name).toBe('mail.send');
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 100 } });
  });

  it('should refuse a bad payload at enqueue, and fail one that reaches the worker without retrying', async () => {
    const { jobs, inspect, lines } = setup();
    const handle = vi.fn(async () => {});

    await expect(jobs.enqueue(mailSend, { to: 'nope' }, { jobId: 'bad-1' })).rejects.toThrow(JobPayloadError);
    expect(await inspect.getJobCounts()).toMatchObject({ waiting: 0, delayed: 0 });

    // A producer that skipped validation (or an older payload shape) is caught by the worker.
    await inspect.add('mail.send', { to: 42 }, { jobId: 'bad-2', attempts: 5 });
    await jobs.startWorkers([bindJob(mailSend, handle)]);
    await waitFor(async () => (await stateOf(inspect, 'bad-2')) === 'failed');

    const job = await inspect.getJob('bad-2');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/"mail\.send" \(jobId "bad-2"\) does not match its schema: to:/);
    expect(handle).not.toHaveBeenCalled();
    expect(lines.find((line) => line.msg === 'job failed permanently')).toMatchObject({ jobId: 'bad-2' });
  });

  it('should not add a job id twice while it is waiting or completed, even when enqueued concurrently', async () => {
    const { jobs, inspect } = setup();
    const handle = vi.fn(async () => {});

    const first = await Promise.all([
      jobs.enqueue(mailSend, payload, { jobId: 'welcome-1' }),
      jobs.enqueue(mailSend, payload, { jobId: 'welcome-1' }),
    ]);
    expect(first.map((result) => result.deduplicated).sort()).toEqual([false, true]);
    await jobs.startWorkers([bindJob(mailSend, handle)]);
    await waitFor(async () => (await stateOf(inspect, 'welcome-1')) === 'completed');

    expect(await jobs.enqueue(mailSend, payload, { jobId: 'welcome-1' })).toEqual({
      jobId: 'welcome-1',
      deduplicated: true,
    });
    await sleep(200);
    expect(handle).toHaveBeenCalledTimes(1);
    await expect(jobs.enqueue(mailSend, payload, { jobId: 'a:b' })).rejects.toThrow(/':'/);
    await expect(jobs.enqueue(mailSend, payload, { jobId: '42' })).rejects.toThrow(/integer/);
  });

  it('should run a delayed job after its delay and not before', async () => {
    const { jobs, inspect } = setup();
    let ranAt = 0;
    await jobs.startWorkers([bindJob(mailSend, async () => void (ranAt = Date.now()))]);

    const enqueuedAt = Date.now();
    const { jobId } = await jobs.enqueue(mailSend, payload, { delayMs: 700 });
    await sleep(350);
    expect(ranAt).toBe(0);
    expect(await stateOf(inspect, jobId)).toBe('delayed');
    await waitFor(() => ranAt > 0);

    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(700);
  });

  it('should run a delayed job at once when promoted, answering when it was due, and only while it waits', async () => {
    const { jobs, inspect } = setup();
    let runs = 0;
    await jobs.startWorkers([bindJob(mailSend, async () => void (runs += 1))]);

    const enqueuedAt = Date.now();
    const { jobId } = await jobs.enqueue(mailSend, payload, { jobId: 'later', delayMs: 60_000 });
    const promoted = await jobs.promote(jobId);
    expect(promoted?.dueAt.getTime()).toBeGreaterThanOrEqual(enqueuedAt + 60_000);
    expect(promoted?.dueAt.getTime()).toBeLessThan(Date.now() + 60_000);
    await waitFor(() => runs === 1);
    await waitFor(async () => (await stateOf(inspect, jobId)) === 'completed');

    expect(await jobs.promote(jobId)).toBeUndefined();
    expect(await jobs.promote('unknown')).toBeUndefined();
  });

  it('should cancel a delayed job, which then never runs and whose id is free again', async () => {
    const { jobs, inspect } = setup();
    let runs = 0;
    await jobs.startWorkers([bindJob(mailSend, async () => void (runs += 1))]);

    await jobs.enqueue(mailSend, payload, { jobId: 'cancelled', delayMs: 60_000 });
    expect(await jobs.cancel('cancelled')).toBe(true);
    expect(await jobs.cancel('cancelled')).toBe(false);
    expect(await jobs.cancel('unknown')).toBe(false);
    expect(await stateOf(inspect, 'cancelled')).toBeUndefined();

    expect((await jobs.enqueue(mailSend, payload, { jobId: 'cancelled' })).deduplicated).toBe(false);
    await waitFor(() => runs === 1);
    // A finished job is not cancelled: it is kept, and its id still deduplicates.
    await waitFor(async () => (await stateOf(inspect, 'cancelled')) === 'completed');
    expect(await jobs.cancel('cancelled')).toBe(false);
  });

  it('should retry a failing job with exponential backoff until it succeeds', async () => {
    const { jobs, inspect } = setup();
    const flaky = defineJob({ ...mailSend, attempts: 4, backoffMs: 200 });
    const tries: [number, number][] = [];
    await jobs.startWorkers([
      bindJob(flaky, async (_payload, { attempt }) => {
        tries.push([attempt, Date.now()]);
        if (attempt < 3) throw new Error('smtp down');
      }),
    ]);

    const { jobId } = await jobs.enqueue(flaky, payload);
    await waitFor(async () => (await stateOf(inspect, jobId)) === 'completed');

    expect(tries.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    const [[, t1], [, t2], [, t3]] = tries as [[number, number], [number, number], [number, number]];
    expect(t2 - t1).toBeGreaterThanOrEqual(200);
    expect(t3 - t2).toBeGreaterThanOrEqual(400);
  });

  it('should move a job to failed and log it, without its payload, once its attempts are exhausted', async () => {
    const { jobs, inspect, lines } = setup();
    const doomed = defineJob({ ...mailSend, attempts: 2, backoffMs: 50 });
    const handle = vi.fn(async () => {
      throw new Error('smtp down');
    });
    await jobs.startWorkers([bindJob(doomed, handle)]);

    await jobs.enqueue(doomed, { ...payload, apiKey: 'sk-secret' }, { jobId: 'doomed-1' });
    await waitFor(async () => (await stateOf(inspect, 'doomed-1')) === 'failed');

    expect(handle).toHaveBeenCalledTimes(2);
    expect((await inspect.getJob('doomed-1'))?.attemptsMade).toBe(2);
    expect(lines.find((line) => line.msg === 'job attempt failed')).toMatchObject({ jobId: 'doomed-1' });
    expect(lines.find((line) => line.msg === 'job failed permanently')).toMatchObject({
      jobId: 'doomed-1',
      name: 'mail.send',
      attempt: 2,
      error: 'smtp down',
    });
    expect(JSON.stringify(lines)).not.toContain('sk-secret');
  });

  it('should put aside, without spending an attempt, a job that failed because a store could not be reached', async () => {
    // The system bench (issue 26): a 15 s PostgreSQL outage spent every attempt of the analyses running then.
    const { jobs, inspect, lines } = setup({ storeRetryMs: 50 });
    const once = defineJob({ ...mailSend, attempts: 1 });
    const runs: number[] = [];
    await jobs.startWorkers([
      bindJob(once, async (_payload, { attempt }) => {
        runs.push(attempt);
        if (runs.length <= 2) {
          throw Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
        }
      }),
    ]);

    const { jobId } = await jobs.enqueue(once, payload);
    await waitFor(async () => (await stateOf(inspect, jobId)) === 'completed');

    expect(runs).toEqual([1, 1, 1]);
    expect(lines.filter((line) => line.msg === 'a store is unavailable; job put aside')).toHaveLength(2);
    expect(lines.some((line) => line.msg === 'job failed permanently')).toBe(false);
  });

  it('should run at most a binding’s concurrency of its kind at once', async () => {
    const { jobs, inspect } = setup();
    const report = defineJob({ id: 'report.build', schema: z.object({}) });
    let current = 0;
    let peak = 0;
    await jobs.startWorkers([
      bindJob(mailSend, async () => {
        current += 1;
        peak = Math.max(peak, current);
        await sleep(100);
        current -= 1;
      }),
      bindJob(report, async () => {}, { concurrency: 3 }),
    ]);

    const ids = await Promise.all([1, 2, 3].map(() => jobs.enqueue(mailSend, payload)));
    await waitFor(async () => (await inspect.getJobCounts('completed')).completed === ids.length);

    expect(peak).toBe(1);
  });

  it('should put aside, without spending an attempt, a job whose kind this worker does not handle', async () => {
    const { jobs, inspect, lines } = setup();
    const report = defineJob({ id: 'report.build', schema: z.object({}) });
    await jobs.startWorkers([bindJob(report, async () => {})]);

    const { jobId } = await jobs.enqueue(mailSend, payload);
    await waitFor(async () => (await stateOf(inspect, jobId)) === 'delayed');

    expect((await inspect.getJob(jobId))?.attemptsMade).toBe(0);
    expect(lines.find((line) => line.jobId === jobId)).toMatchObject({ name: 'mail.send' });
  });

  it('should let an active job finish on close, with its signal aborted', async () => {
    const { jobs, inspect } = setup();
    const started = deferred();
    let signal: AbortSignal | undefined;
    let finished = false;
    await jobs.startWorkers([
      bindJob(mailSend, async (_payload, context) => {
        signal = context.signal;
        started.resolve();
        await sleep(400);
        finished = true;
      }),
    ]);
    const { jobId } = await jobs.enqueue(mailSend, payload);
    await started.promise;

    await jobs.close({ timeoutMs: 5000 });

    expect(signal?.aborted).toBe(true);
    expect(finished).toBe(true);
    expect(await stateOf(inspect, jobId)).toBe('completed');
    await expect(jobs.enqueue(mailSend, payload)).rejects.toThrow(/closed/);
  });

  it('should stop waiting at the close timeout and leave a hanging job active for another worker', async () => {
    const { jobs, inspect } = setup();
    const started = deferred();
    await jobs.startWorkers([
      bindJob(mailSend, async () => {
        started.resolve();
        await new Promise(() => {});
      }),
    ]);
    const { jobId } = await jobs.enqueue(mailSend, payload);
    await started.promise;

    const closingAt = Date.now();
    await jobs.close({ timeoutMs: 300 });

    expect(Date.now() - closingAt).toBeLessThan(3000);
    expect(await stateOf(inspect, jobId)).toBe('active');
  });

  describe('When a worker process is killed mid-job', () => {
    let child: ChildProcess | undefined;
    afterEach(() => {
      child?.kill('SIGKILL');
    });

    it('should let another worker pick the stalled job up and complete it exactly once', async () => {
      const { jobs, inspect, queueName, lines } = setup({
        worker: { lockDuration: 1000, stalledInterval: 300, maxStalledCount: 1 },
      });
      const startedKey = `${prefix}:${queueName}:fixture-started`;
      const completedKey = `${prefix}:${queueName}:fixture-completed`;
      const { jobId } = await jobs.enqueue(mailSend, payload, { jobId: 'survivor' });

      const fixture = fileURLToPath(new URL('./__fixtures__/stalling-worker.mjs', import.meta.url));
      child = spawn(process.execPath, [fixture, TEST_REDIS_URL, prefix, queueName, startedKey], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitFor(async () => (await admin.get(startedKey)) === '1');
      expect(await stateOf(inspect, jobId)).toBe('active');
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const runs: JobContext[] = [];
      await jobs.startWorkers([
        bindJob(mailSend, async (_payload, context) => {
          runs.push(context);
          await admin.incr(completedKey);
        }),
      ]);
      await waitFor(async () => (await stateOf(inspect, jobId)) === 'completed');
      // Long enough for further stalled checks to re-run the job if the lock handling were wrong.
      await sleep(700);

      expect(await admin.get(startedKey)).toBe('1');
      expect(await admin.get(completedKey)).toBe('1');
      expect(runs).toHaveLength(1);
      expect(runs[0]?.jobId).toBe('survivor');
      expect(lines.find((line) => line.msg === 'job stalled; it will run again')).toMatchObject({ jobId: 'survivor' });
    });
  });

  describe('When a job repeats', () => {
    it('runs it at once and then every interval, with one scheduler however many processes register it', async () => {
      const { jobs, inspect } = setup();
      const other = createBullmqJobQueue({
        redisUrl: TEST_REDIS_URL,
        prefix,
        queueName: inspect.name,
        logger: createLogger({ level: 'silent' }),
      });
      cleanups.push(() => other.close({ timeoutMs: 500 }));
      const runs: unknown[] = [];
      await jobs.startWorkers([bindJob(mailSend, async (received) => void runs.push(received))]);

      await jobs.repeat(mailSend, payload, { schedulerId: 'digest', everyMs: 1000 });
      await other.repeat(mailSend, payload, { schedulerId: 'digest', everyMs: 1000 });
      await waitFor(() => runs.length >= 2, 10_000);

      expect(runs[0]).toEqual(payload);
      expect(await inspect.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'digest', every: 1000 })]);
    });

    it('refuses a bad payload before scheduling anything', async () => {
      const { jobs, inspect } = setup();
      await expect(jobs.repeat(mailSend, { to: 'nope' }, { schedulerId: 'digest', everyMs: 1000 })).rejects.toThrow(
        JobPayloadError,
      );
      expect(await inspect.getJobSchedulers()).toEqual([]);
    });
  });
});
