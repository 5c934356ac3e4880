import type { Command } from '../shared/command.js';
import type { BackgroundJobItemOutcome, BackgroundJobQueued } from './events.js';

export type QueueBackgroundJob = Command<'QueueBackgroundJob', Omit<BackgroundJobQueued['data'], 'queuedAt'>>;

/** Sent by the queue job when it takes the work: readers see it running. */
export type StartBackgroundJob = Command<'StartBackgroundJob', { jobId: string }>;

export type RecordBackgroundJobItem = Command<
  'RecordBackgroundJobItem',
  { jobId: string; item: string; outcome: BackgroundJobItemOutcome; detail: string | null }
>;

/** Completes a job whose every item is processed; fails one that cannot go on (`reason`: a stable code). */
export type FinishBackgroundJob = Command<'FinishBackgroundJob', { jobId: string; failure: string | null }>;

export type BackgroundJobCommand =
  QueueBackgroundJob | StartBackgroundJob | RecordBackgroundJobItem | FinishBackgroundJob;
