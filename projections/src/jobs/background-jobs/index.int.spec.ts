import type { BackgroundJobEvent } from '@ai-coaching/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, runningReadModel } from '../../testing/read-model-spec.js';
import {
  backgroundJobsProjection,
  findBackgroundJob,
  listBackgroundJobItems,
  listUnfinishedBackgroundJobs,
} from './index.js';

const queued = (jobId: string, items: string[], day: number): BackgroundJobEvent => ({
  type: 'BackgroundJobQueued',
  data: {
    jobId,
    kind: 'coaching.analysis-rerun',
    organizationId: 'org-1',
    startedBy: 'op',
    input: { scenario_id: 'sc1' },
    items,
    queuedAt: at(day),
  },
});
const processed = (jobId: string, item: string, outcome: 'succeeded' | 'skipped' | 'failed'): BackgroundJobEvent => ({
  type: 'BackgroundJobItemProcessed',
  data: { jobId, item, outcome, detail: outcome === 'succeeded' ? null : 'why', processedAt: at(2) },
});

describe('background-jobs read model', () => {
  const readModel = runningReadModel<BackgroundJobEvent>(backgroundJobsProjection);
  const { db, rebuild } = readModel;
  const append = (jobId: string, ...events: BackgroundJobEvent[]) =>
    readModel.append(`background-job-${jobId}`, ...events);

  beforeAll(async () => {
    await append(
      'j1',
      queued('j1', ['a', 'b', 'c'], 1),
      { type: 'BackgroundJobStarted', data: { jobId: 'j1', startedAt: at(2) } },
      processed('j1', 'a', 'succeeded'),
      processed('j1', 'b', 'skipped'),
      processed('j1', 'c', 'failed'),
      { type: 'BackgroundJobCompleted', data: { jobId: 'j1', completedAt: at(3) } },
    );
    await append('j2', queued('j2', ['a'], 4));
  });

  it('counts each outcome and keeps the job’s times', async () => {
    expect(await findBackgroundJob(db, 'j1')).toEqual({
      jobId: 'j1',
      kind: 'coaching.analysis-rerun',
      organizationId: 'org-1',
      startedBy: 'op',
      status: 'completed',
      input: { scenario_id: 'sc1' },
      total: 3,
      succeeded: 1,
      skipped: 1,
      failed: 1,
      error: null,
      queuedAt: at(1),
      startedAt: at(2),
      finishedAt: at(3),
    });
    expect(await findBackgroundJob(db, 'j9')).toBeUndefined();
  });

  it('keeps each processed item’s outcome and why, in the order processed', async () => {
    expect(await listBackgroundJobItems(db, 'j1')).toEqual([
      { item: 'a', outcome: 'succeeded', detail: null, processedAt: at(2) },
      { item: 'b', outcome: 'skipped', detail: 'why', processedAt: at(2) },
      { item: 'c', outcome: 'failed', detail: 'why', processedAt: at(2) },
    ]);
    expect(await listBackgroundJobItems(db, 'j2')).toEqual([]);
  });

  it('lists the jobs still to finish, for the start-up catch-up', async () => {
    expect(await listUnfinishedBackgroundJobs(db, 'coaching.analysis-rerun')).toEqual([
      { jobId: 'j2', organizationId: 'org-1' },
    ]);
  });

  it('rebuilds to the very same rows as it built event by event', async () => {
    const rows = async () => [
      (await db.query('SELECT * FROM rm_background_jobs ORDER BY job_id')).rows,
      (await db.query('SELECT * FROM rm_background_job_items ORDER BY job_id, item')).rows,
    ];
    const incremental = await rows();
    await rebuild();
    expect(await rows()).toEqual(incremental);
  });
});
