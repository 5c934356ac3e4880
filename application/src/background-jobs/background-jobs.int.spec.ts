import { ConflictError } from '@ai-coaching/domain';
import type { Caller } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, type Origin } from '../app-services.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { processBackgroundJob, queueBackgroundJob, readBackgroundJob } from './background-jobs.js';

// The generic runner of background jobs (docs/background-jobs.md): what a kind's queue job relies on.

let app: TestApp;
beforeAll(async () => {
  app = await openTestApp('pglite');
}, 60_000);
afterAll(() => app?.close());

const starter = {
  kind: 'user',
  userId: 'u-starter',
  organizationId: 'org-1',
  role: 'user',
  permissions: [],
} as unknown as Caller;
const as = (caller: Caller): Origin => ({ caller });
const queue = (jobId: string, items: string[]) =>
  queueBackgroundJob(app.services, SYSTEM, {
    jobId,
    kind: 'coaching.analysis-rerun',
    organizationId: 'org-1',
    startedBy: 'u-starter',
    input: { scenario_id: 'sc-1' },
    items,
  });

describe('[JOBS]: background jobs', () => {
  it('resumes a try cut short at the first item not recorded, counting each item once', async () => {
    const queued = await queue('job-resume', ['a', 'b', 'c']);
    expect(queued).toMatchObject({ status: 'queued', progress: 0, total: 3, processed: 0 });
    const seen: string[] = [];
    // The first try dies on b (a crash, the database away): a is recorded, the queue will try again.
    await expect(
      processBackgroundJob(app.services, SYSTEM, 'job-resume', { lastAttempt: false }, async (item) => {
        seen.push(item);
        if (item === 'b') throw new Error('connection lost');
        return { outcome: 'succeeded', detail: null };
      }),
    ).rejects.toThrow('connection lost');
    expect(await readBackgroundJob(app.services, as(starter), 'job-resume')).toMatchObject({
      status: 'running',
      progress: 33,
      processed: 1,
    });
    // The retry starts at b; a skipped item says why.
    await processBackgroundJob(app.services, SYSTEM, 'job-resume', { lastAttempt: false }, async (item) => {
      seen.push(item);
      return item === 'c' ? { outcome: 'skipped', detail: 'busy' } : { outcome: 'succeeded', detail: null };
    });
    expect(seen).toEqual(['a', 'b', 'b', 'c']);
    expect(await readBackgroundJob(app.services, as(starter), 'job-resume')).toMatchObject({
      status: 'completed',
      progress: 100,
      processed: 3,
      succeeded: 2,
      skipped: 1,
      failed: 0,
    });
    // Run again once completed: nothing is done twice.
    expect(
      await processBackgroundJob(app.services, SYSTEM, 'job-resume', { lastAttempt: false }, async () => {
        throw new Error('not to be called');
      }),
    ).toBe('nothing');
  });

  it('records an item that still fails on the last try as failed, with its code, and goes on', async () => {
    await queue('job-last-try', ['a', 'b']);
    await processBackgroundJob(app.services, SYSTEM, 'job-last-try', { lastAttempt: true }, async (item) => {
      if (item === 'a') throw new ConflictError('coaching_session_analysis_running', 'Still running.');
      return { outcome: 'succeeded', detail: null };
    });
    expect(await readBackgroundJob(app.services, as(starter), 'job-last-try')).toMatchObject({
      status: 'completed',
      succeeded: 1,
      failed: 1,
    });
  });

  it('answers a start retried under the same id with the job it made, and refuses another kind of job under it', async () => {
    const first = await queue('job-retried', ['a']);
    expect((await queue('job-retried', ['a', 'b'])).total).toBe(first.total);
    await expect(
      queueBackgroundJob(app.services, SYSTEM, {
        jobId: 'job-retried',
        kind: 'coaching.analysis-rerun',
        organizationId: 'org-2',
        startedBy: null,
        input: {},
        items: [],
      }),
    ).rejects.toMatchObject({ code: 'background_job_exists' });
  });
});
