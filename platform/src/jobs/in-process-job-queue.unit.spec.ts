import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging/logger.js';
import { createInProcessJobQueue, type InProcessJobQueue } from './in-process-job-queue.js';
import { JobPayloadError } from './job-queue-rules.js';
import { bindJob, defineJob, RetryLaterError, type JobBinding, type JobContext } from './job-queue.js';

const mailSend = defineJob({
  id: 'mail.send',
  schema: z.object({ to: z.email(), apiKey: z.string().optional() }),
  backoffMs: 100,
});

const captureLogs = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

let queue: InProcessJobQueue | undefined;
const newQueue = (options: Parameters<typeof createInProcessJobQueue>[0] = {}) => {
  queue = createInProcessJobQueue({ logger: captureLogs().logger, ...options });
  return queue;
};

afterEach(async () => {
  vi.useRealTimers();
  await queue?.close({ timeoutMs: 100 });
  queue = undefined;
});

describe('In-process job queue', () => {
  describe('When a job is enqueued and its handler is bound', () => {
    it('should run the handler once with the parsed payload and a first-attempt context', async () => {
      const q = newQueue();
      const calls: [unknown, JobContext][] = [];
      await q.startWorkers([bindJob(mailSend, async (payload, context) => void calls.push([payload, context]))]);

      const result = await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'welcome-1' });
      await q.idle();

      expect(result).toEqual({ jobId: 'welcome-1', deduplicated: false });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.[0]).toEqual({ to: 'a@example.com' });
      expect(calls[0]?.[1]).toMatchObject({ jobId: 'welcome-1', attempt: 1 });
      expect(calls[0]?.[1].signal.aborted).toBe(false);
    });

    it('should generate a job id when none is given', async () => {
      const q = newQueue();
      const first = await q.enqueue(mailSend, { to: 'a@example.com' });
      const second = await q.enqueue(mailSend, { to: 'a@example.com' });
      expect(first.jobId).not.toBe(second.jobId);
      expect(second.deduplicated).toBe(false);
    });
  });

  describe('When jobs are enqueued before startWorkers', () => {
    it('should keep them and run them once their handler is bound', async () => {
      const q = newQueue();
      const seen: string[] = [];
      await q.enqueue(mailSend, { to: 'a@example.com' });
      await q.enqueue(mailSend, { to: 'b@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 20));

      await q.startWorkers([bindJob(mailSend, async ({ to }) => void seen.push(to))]);
      await q.idle();

      expect(seen).toEqual(['a@example.com', 'b@example.com']);
    });
  });

  describe('When the payload does not match the schema', () => {
    it('should refuse it at enqueue with an error naming the job and the zod issues, but not the values', async () => {
      const q = newQueue();
      const error = await q
        .enqueue(mailSend, { to: 'not-an-email', apiKey: 42 } as never, { jobId: 'bad-1' })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(JobPayloadError);
      const message = (error as JobPayloadError).message;
      expect(message).toContain('"mail.send"');
      expect(message).toContain('jobId "bad-1"');
      expect(message).toMatch(/to: .*email/i);
      expect(message).toMatch(/apiKey: .*string/i);
      expect(message).not.toContain('not-an-email');
      expect((error as JobPayloadError).issues).toHaveLength(2);
    });

    it('should refuse a payload that the schema accepts but that does not survive JSON, as Redis would store it', async () => {
      const q = newQueue();
      const remind = defineJob({ id: 'reminder.send', schema: z.object({ at: z.date() }) });
      await expect(q.enqueue(remind, { at: new Date() })).rejects.toThrow(/does not survive JSON serialisation/);
    });

    it('should fail a job without retrying when the bound schema rejects the stored payload', async () => {
      const { logger, lines } = captureLogs();
      const q = newQueue({ logger });
      const v2 = defineJob({ id: 'mail.send', schema: z.object({ recipients: z.array(z.email()) }) });
      const handle = vi.fn(async () => {});
      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'old-shape' });

      await q.startWorkers([bindJob(v2, handle)]);
      await q.idle();

      expect(handle).not.toHaveBeenCalled();
      expect(q.failedJobs()).toEqual([expect.objectContaining({ jobId: 'old-shape', name: 'mail.send', attempts: 1 })]);
      expect(lines.find((line) => line.msg === 'job failed permanently')).toMatchObject({ jobId: 'old-shape' });
    });
  });

  describe('When a job id breaks BullMQ rules', () => {
    it.each(['a:b', '42', '-7', ''])('should refuse %j', async (jobId) => {
      const q = newQueue();
      await expect(q.enqueue(mailSend, { to: 'a@example.com' }, { jobId })).rejects.toThrow(/jobId/);
    });
  });

  describe('When the same job id is enqueued again', () => {
    it('should not add it while it is waiting, running or completed', async () => {
      const q = newQueue();
      const running = deferred();
      const release = deferred();
      const handle = vi.fn(async () => {
        running.resolve();
        await release.promise;
      });
      const payload = { to: 'a@example.com' };

      expect(await q.enqueue(mailSend, payload, { jobId: 'once' })).toEqual({ jobId: 'once', deduplicated: false });
      expect(await q.enqueue(mailSend, payload, { jobId: 'once' })).toEqual({ jobId: 'once', deduplicated: true });
      await q.startWorkers([bindJob(mailSend, handle)]);
      await running.promise;
      expect((await q.enqueue(mailSend, payload, { jobId: 'once' })).deduplicated).toBe(true);
      release.resolve();
      await q.idle();
      expect((await q.enqueue(mailSend, payload, { jobId: 'once' })).deduplicated).toBe(true);
      await q.idle();

      expect(handle).toHaveBeenCalledTimes(1);
    });

    it('should remember only the most recent finished ids, so memory stays bounded', async () => {
      const q = newQueue({ finishedIdLimit: 2 });
      await q.startWorkers([bindJob(mailSend, async () => {})]);
      for (const jobId of ['j-1', 'j-2', 'j-3']) await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId });
      await q.idle();

      expect((await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'j-3' })).deduplicated).toBe(true);
      expect((await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'j-1' })).deduplicated).toBe(false);
    });
  });

  describe('When a job is delayed', () => {
    it('should run after its delay and not before', async () => {
      vi.useFakeTimers();
      const q = newQueue();
      const handle = vi.fn(async () => {});
      await q.startWorkers([bindJob(mailSend, handle)]);

      await q.enqueue(mailSend, { to: 'a@example.com' }, { delayMs: 1000 });
      await vi.advanceTimersByTimeAsync(999);
      expect(handle).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);

      expect(handle).toHaveBeenCalledTimes(1);
    });

    it('should run it at once when promoted, answering when it was due, and only while it waits', async () => {
      vi.useFakeTimers({ now: 10_000 });
      const q = newQueue();
      const handle = vi.fn(async () => {});
      await q.startWorkers([bindJob(mailSend, handle)]);

      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'later', delayMs: 60_000 });
      expect(await q.promote('later')).toEqual({ dueAt: new Date(70_000) });
      await vi.advanceTimersByTimeAsync(0);
      expect(handle).toHaveBeenCalledTimes(1);

      // Its timer is gone: it does not run again at its time, and neither it nor an unknown id is promoted again.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(handle).toHaveBeenCalledTimes(1);
      expect(await q.promote('later')).toBeUndefined();
      expect(await q.promote('unknown')).toBeUndefined();
    });

    it('should wait out a delay longer than a Node timer holds (weeks), not run it at once', async () => {
      vi.useFakeTimers({ now: 0 });
      const q = newQueue();
      const handle = vi.fn(async () => {});
      await q.startWorkers([bindJob(mailSend, handle)]);
      const sixtyDays = 60 * 86_400_000;

      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'weeks', delayMs: sixtyDays });
      await vi.advanceTimersByTimeAsync(sixtyDays - 1);
      expect(handle).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(handle).toHaveBeenCalledTimes(1);
    });

    it('should cancel a delayed job, which then never runs and whose id is free again', async () => {
      vi.useFakeTimers({ now: 0 });
      const q = newQueue();
      const handle = vi.fn(async () => {});
      await q.startWorkers([bindJob(mailSend, handle)]);

      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'reminder', delayMs: 60_000 });
      expect(await q.cancel('reminder')).toBe(true);
      expect(await q.cancel('reminder')).toBe(false);
      expect(await q.cancel('unknown')).toBe(false);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(handle).not.toHaveBeenCalled();
      await q.idle();

      expect(await q.enqueue(mailSend, { to: 'b@example.com' }, { jobId: 'reminder' })).toEqual({
        jobId: 'reminder',
        deduplicated: false,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(handle).toHaveBeenCalledTimes(1);
    });

    it('should refuse a negative delay', async () => {
      const q = newQueue();
      await expect(q.enqueue(mailSend, { to: 'a@example.com' }, { delayMs: -1 })).rejects.toThrow(/delayMs/);
    });
  });

  describe('When a handler fails', () => {
    it('should retry with exponential backoff and stop at the first success', async () => {
      vi.useFakeTimers({ now: 0 });
      const q = newQueue();
      const tries: [number, number][] = [];
      await q.startWorkers([
        bindJob(mailSend, async (_payload, { attempt }) => {
          tries.push([attempt, Date.now()]);
          if (attempt < 3) throw new Error('smtp down');
        }),
      ]);

      await q.enqueue(mailSend, { to: 'a@example.com' });
      await vi.advanceTimersByTimeAsync(1000);

      expect(tries).toEqual([
        [1, 0],
        [2, 100],
        [3, 300],
      ]);
      expect(q.failedJobs()).toEqual([]);
    });

    it('should wait the delay a RetryLaterError names when the definition lets its handler choose', async () => {
      vi.useFakeTimers({ now: 0 });
      const q = newQueue();
      const scheduled = defineJob({ ...mailSend, id: 'webhooks.deliver', backoff: 'handler' });
      const tries: [number, number][] = [];
      await q.startWorkers([
        bindJob(scheduled, async (_payload, { attempt }) => {
          tries.push([attempt, Date.now()]);
          if (attempt === 1) throw new RetryLaterError('receiver down', 700);
          // Any other failure backs off exponentially, as ever.
          if (attempt === 2) throw new Error('store down');
        }),
      ]);

      await q.enqueue(scheduled, { to: 'a@example.com' });
      await vi.advanceTimersByTimeAsync(2000);

      expect(tries).toEqual([
        [1, 0],
        [2, 700],
        [3, 900],
      ]);
    });

    it('should record and log the job as failed after its last attempt, without the payload', async () => {
      const { logger, lines } = captureLogs();
      const q = newQueue({ logger, now: () => 1234 });
      const flaky = defineJob({ ...mailSend, attempts: 3, backoffMs: 1 });
      const handle = vi.fn(async () => {
        throw new Error('smtp down');
      });
      await q.startWorkers([bindJob(flaky, handle)]);

      await q.enqueue(flaky, { to: 'a@example.com', apiKey: 'sk-secret' }, { jobId: 'doomed' });
      await q.idle();

      expect(handle).toHaveBeenCalledTimes(3);
      expect(q.failedJobs()).toEqual([
        { jobId: 'doomed', name: 'mail.send', attempts: 3, error: 'smtp down', failedAt: 1234 },
      ]);
      expect(lines.filter((line) => line.msg === 'job attempt failed')).toHaveLength(2);
      expect(lines.find((line) => line.msg === 'job failed permanently')).toMatchObject({
        jobId: 'doomed',
        name: 'mail.send',
        attempt: 3,
        error: 'smtp down',
      });
      expect(JSON.stringify(lines)).not.toContain('sk-secret');
      expect((await q.enqueue(flaky, { to: 'a@example.com' }, { jobId: 'doomed' })).deduplicated).toBe(true);
    });
  });

  describe('When a binding has a concurrency', () => {
    it('should run at most that many of its jobs at once, independently of other kinds', async () => {
      const q = newQueue();
      const other = defineJob({ id: 'report.build', schema: z.object({}) });
      let current = 0;
      let peak = 0;
      const otherRan = deferred();
      await q.startWorkers([
        bindJob(
          mailSend,
          async () => {
            current += 1;
            peak = Math.max(peak, current);
            await otherRan.promise;
            await new Promise((resolve) => setTimeout(resolve, 5));
            current -= 1;
          },
          { concurrency: 2 },
        ),
        bindJob(other, async () => otherRan.resolve()),
      ]);

      for (let i = 0; i < 5; i += 1) await q.enqueue(mailSend, { to: 'a@example.com' });
      await q.enqueue(other, {});
      await q.idle();

      expect(peak).toBe(2);
    });
  });

  describe('When startWorkers gets bad bindings', () => {
    it('should refuse a second call, a kind bound twice and a concurrency below 1', async () => {
      const q = newQueue();
      const binding = bindJob(mailSend, async () => {}) as JobBinding;
      await expect(q.startWorkers([binding, binding])).rejects.toThrow(/bound twice/);
      await expect(q.startWorkers([{ ...binding, concurrency: 0 }])).rejects.toThrow(/concurrency/);
      await q.startWorkers([binding]);
      await expect(q.startWorkers([binding])).rejects.toThrow(/already/);
    });
  });

  describe('When the queue is closed', () => {
    it('should abort the signal, wait for the running handler and drop jobs that have not started', async () => {
      const { logger, lines } = captureLogs();
      const q = newQueue({ logger });
      const running = deferred();
      let finished = false;
      let signal: AbortSignal | undefined;
      const handle = vi.fn(async (_payload: unknown, context: JobContext) => {
        signal = context.signal;
        running.resolve();
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
      });
      await q.startWorkers([bindJob(mailSend, handle)]);
      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'active' });
      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'queued' });
      await q.enqueue(mailSend, { to: 'a@example.com' }, { jobId: 'later', delayMs: 20 });
      await running.promise;

      await q.close({ timeoutMs: 2000 });

      expect(signal?.aborted).toBe(true);
      expect(finished).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(handle).toHaveBeenCalledTimes(1);
      expect(lines.find((line) => line.msg?.toString().includes('they are lost'))).toMatchObject({
        count: 2,
        jobIds: ['queued', 'later'],
      });
      await expect(q.enqueue(mailSend, { to: 'a@example.com' })).rejects.toThrow(/closed/);
      await expect(q.ping()).rejects.toThrow(/closed/);
      await expect(q.idle()).resolves.toBeUndefined();
    });

    it('should return after the timeout when a handler ignores the signal', async () => {
      const q = newQueue();
      const running = deferred();
      await q.startWorkers([
        bindJob(mailSend, async () => {
          running.resolve();
          await new Promise(() => {});
        }),
      ]);
      await q.enqueue(mailSend, { to: 'a@example.com' });
      await running.promise;

      const startedAt = Date.now();
      await q.close({ timeoutMs: 100 });

      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(95);
      expect(Date.now() - startedAt).toBeLessThan(1000);
    });
  });

  describe('When a job repeats', () => {
    it('should run it at once, then every interval, until the queue closes', async () => {
      vi.useFakeTimers();
      const q = newQueue();
      const runs: unknown[] = [];
      await q.startWorkers([bindJob(mailSend, async (payload) => void runs.push(payload))]);

      await q.repeat(mailSend, { to: 'a@example.com' }, { schedulerId: 'digest', everyMs: 60_000 });
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(runs).toHaveLength(3);

      // Registering the same schedule again replaces it rather than doubling it.
      await q.repeat(mailSend, { to: 'a@example.com' }, { schedulerId: 'digest', everyMs: 60_000 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toHaveLength(5);

      await q.close({ timeoutMs: 100 });
      await vi.advanceTimersByTimeAsync(180_000);
      expect(runs).toHaveLength(5);
    });

    it('should refuse a bad payload or schedule before scheduling anything', async () => {
      const q = newQueue();
      await expect(q.repeat(mailSend, { to: 'nope' }, { schedulerId: 'digest', everyMs: 60_000 })).rejects.toThrow(
        JobPayloadError,
      );
      await expect(
        q.repeat(mailSend, { to: 'a@example.com' }, { schedulerId: 'di:gest', everyMs: 60_000 }),
      ).rejects.toThrow(/':'/);
      await expect(q.repeat(mailSend, { to: 'a@example.com' }, { schedulerId: 'digest', everyMs: 10 })).rejects.toThrow(
        /everyMs/,
      );
    });
  });
});
