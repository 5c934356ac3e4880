import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import type { BackgroundJobCommand } from './commands.js';
import type { BackgroundJobEvent, BackgroundJobKind, BackgroundJobStatus } from './events.js';

export type BackgroundJobState =
  | { status: 'none' }
  | {
      status: BackgroundJobStatus;
      jobId: string;
      kind: BackgroundJobKind;
      organizationId: string;
      startedBy: string | null;
      items: readonly string[];
      processed: ReadonlySet<string>;
    };

const finished = (status: BackgroundJobStatus | 'none') => status === 'completed' || status === 'failed';

/**
 * A job's queue entry runs at least once, and again on another worker after a crash: every command finds nothing to
 * do when what it records is already there, so progress counts each item once and a job finishes once.
 */
export const backgroundJobDecider: Decider<BackgroundJobCommand, BackgroundJobEvent, BackgroundJobState> = {
  decide: decideByType({
    QueueBackgroundJob: ({ data, metadata: { now } }, state) => {
      if (state.status !== 'none') {
        if (state.kind === data.kind && state.organizationId === data.organizationId) return [];
        throw new ConflictError('background_job_exists', 'A job with this id exists already.');
      }
      if (new Set(data.items).size !== data.items.length) {
        throw new ValidationError('background_job_items_repeated', 'A job works through each item once.');
      }
      return [{ type: 'BackgroundJobQueued', data: { ...data, queuedAt: now } }];
    },
    StartBackgroundJob: ({ data, metadata: { now } }, state) => {
      if (state.status !== 'queued') return [];
      return [{ type: 'BackgroundJobStarted', data: { jobId: data.jobId, startedAt: now } }];
    },
    RecordBackgroundJobItem: ({ data, metadata: { now } }, state) => {
      if (state.status === 'none' || finished(state.status)) return [];
      if (!state.items.includes(data.item) || state.processed.has(data.item)) return [];
      return [
        ...(state.status === 'queued'
          ? [{ type: 'BackgroundJobStarted' as const, data: { jobId: data.jobId, startedAt: now } }]
          : []),
        { type: 'BackgroundJobItemProcessed', data: { ...data, processedAt: now } },
      ];
    },
    FinishBackgroundJob: ({ data, metadata: { now } }, state) => {
      if (state.status === 'none' || finished(state.status)) return [];
      const { jobId, failure } = data;
      if (failure !== null) return [{ type: 'BackgroundJobFailed', data: { jobId, reason: failure, failedAt: now } }];
      if (state.processed.size < state.items.length) {
        throw new ConflictError('background_job_unfinished', 'This job still has items to process.', {
          remaining: state.items.length - state.processed.size,
        });
      }
      return [{ type: 'BackgroundJobCompleted', data: { jobId, completedAt: now } }];
    },
  }),
  evolve(state, event) {
    if (event.type === 'BackgroundJobQueued') {
      return {
        status: 'queued',
        jobId: event.data.jobId,
        kind: event.data.kind,
        organizationId: event.data.organizationId,
        startedBy: event.data.startedBy,
        items: event.data.items,
        processed: new Set(),
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'BackgroundJobStarted':
        return { ...state, status: 'running' };
      case 'BackgroundJobItemProcessed':
        return { ...state, processed: new Set([...state.processed, event.data.item]) };
      case 'BackgroundJobCompleted':
        return { ...state, status: 'completed' };
      case 'BackgroundJobFailed':
        return { ...state, status: 'failed' };
      default:
        return state;
    }
  },
  initialState: () => ({ status: 'none' }),
};

/** The share of items processed, 0..100, whole; a job with nothing to do is at 100 once it completes. */
export const backgroundJobProgress = (total: number, processed: number, status: BackgroundJobStatus): number => {
  if (total === 0) return status === 'completed' ? 100 : 0;
  return Math.floor((Math.min(processed, total) / total) * 100);
};
