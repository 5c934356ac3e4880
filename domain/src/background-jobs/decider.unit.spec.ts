import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import type { BackgroundJobCommand, QueueBackgroundJob } from './commands.js';
import { backgroundJobDecider, backgroundJobProgress } from './decider.js';
import type { BackgroundJobEvent } from './events.js';

const given = DeciderSpecification.for(backgroundJobDecider);
const now = '2026-11-25T10:00:00.000Z';
const jobId = 'j1';

const queue = (items = ['s1', 's2']): QueueBackgroundJob => ({
  type: 'QueueBackgroundJob',
  data: {
    jobId,
    kind: 'coaching.analysis-rerun',
    organizationId: 'org-1',
    startedBy: 'u1',
    input: { scenario_id: 'sc1' },
    items,
  },
  metadata: { now },
});
/** The job as queued: what the command gave, and when. */
const queued = (items = ['s1', 's2']): BackgroundJobEvent => ({
  type: 'BackgroundJobQueued',
  data: { ...queue(items).data, queuedAt: now },
});
const started: BackgroundJobEvent = { type: 'BackgroundJobStarted', data: { jobId, startedAt: now } };
const record = (item: string, outcome: 'succeeded' | 'skipped' = 'succeeded'): BackgroundJobCommand => ({
  type: 'RecordBackgroundJobItem',
  data: { jobId, item, outcome, detail: outcome === 'skipped' ? 'coaching_session_analysis_running' : null },
  metadata: { now },
});
const processed = (item: string, outcome: 'succeeded' | 'skipped' = 'succeeded'): BackgroundJobEvent => ({
  type: 'BackgroundJobItemProcessed',
  data: {
    jobId,
    item,
    outcome,
    detail: outcome === 'skipped' ? 'coaching_session_analysis_running' : null,
    processedAt: now,
  },
});
const finish = (failure: string | null = null): BackgroundJobCommand => ({
  type: 'FinishBackgroundJob',
  data: { jobId, failure },
  metadata: { now },
});

describe('background job decider', () => {
  it('should queue a job once, and refuse another job under its id', () => {
    given([]).when(queue()).then([queued()]);
    given([queued()]).when(queue()).thenNothing();
    given([queued()])
      .when({ ...queue(), data: { ...(queue().data as object), organizationId: 'org-2' } } as BackgroundJobCommand)
      .thenThrows(ConflictError, (error) => error.code === 'background_job_exists');
    given([])
      .when(queue(['s1', 's1']))
      .thenThrows(ValidationError, (error) => error.code === 'background_job_items_repeated');
  });

  it('should start a queued job once', () => {
    given([queued()]).when({ type: 'StartBackgroundJob', data: { jobId }, metadata: { now } }).then([started]);
    given([queued(), started]).when({ type: 'StartBackgroundJob', data: { jobId }, metadata: { now } }).thenNothing();
  });

  it('should count each item once, and start the job with its first item if nobody did', () => {
    given([queued(), started])
      .when(record('s1'))
      .then([processed('s1')]);
    given([queued()])
      .when(record('s1'))
      .then([started, processed('s1')]);
    given([queued(), started, processed('s1')])
      .when(record('s1', 'skipped'))
      .thenNothing();
    given([queued(), started]).when(record('s9')).thenNothing();
  });

  it('should complete once every item is processed, and fail with a reason', () => {
    given([queued(), started, processed('s1')])
      .when(finish())
      .thenThrows(ConflictError, (error) => error.code === 'background_job_unfinished');
    given([queued(), started, processed('s1'), processed('s2', 'skipped')])
      .when(finish())
      .then([{ type: 'BackgroundJobCompleted', data: { jobId, completedAt: now } }]);
    given([queued(), started])
      .when(finish('internal_error'))
      .then([{ type: 'BackgroundJobFailed', data: { jobId, reason: 'internal_error', failedAt: now } }]);
  });

  it('should change nothing once finished', () => {
    const completed: BackgroundJobEvent = { type: 'BackgroundJobCompleted', data: { jobId, completedAt: now } };
    const history = [queued(['s1']), started, processed('s1'), completed];
    given(history).when(finish()).thenNothing();
    given(history).when(finish('internal_error')).thenNothing();
    given([queued(), started, { type: 'BackgroundJobFailed', data: { jobId, reason: 'x', failedAt: now } }])
      .when(record('s2'))
      .thenNothing();
  });

  it('should tell progress as the whole share of items processed', () => {
    expect(backgroundJobProgress(3, 1, 'running')).toBe(33);
    expect(backgroundJobProgress(3, 3, 'running')).toBe(100);
    expect(backgroundJobProgress(0, 0, 'queued')).toBe(0);
    expect(backgroundJobProgress(0, 0, 'completed')).toBe(100);
  });
});
