import type { BackgroundJobAnswer } from '@ai-coaching/contracts';
import {
  backgroundJobDecider,
  backgroundJobProgress,
  backgroundJobStreamId,
  can,
  DomainError,
  fold,
  NotFoundError,
  type BackgroundJobEvent,
  type BackgroundJobItemOutcome,
  type BackgroundJobKind,
  type Permission,
} from '@ai-coaching/domain';
import {
  findBackgroundJob,
  listBackgroundJobItems,
  type BackgroundJobItemView,
  type BackgroundJobView,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { streamCommandRunner } from '../commands/stream-commands.js';
import { isSuperAdmin, mayAccess, signedInUser } from '../tenancy/scope.js';

// Background jobs (docs/background-jobs.md): work someone started and follows by id (`GET /v1/jobs/{id}`). A kind's
// use case queues the job with the items it will work through, and its queue job processes them here: each item is
// recorded once on the job's stream, so progress survives a crash and a retry resumes where the last try stopped.

/**
 * Who, besides the one who started it, may follow a job of each kind: the users of its organization holding every
 * permission a start of that kind needs (its operators).
 */
export const BACKGROUND_JOB_FOLLOWERS: Record<BackgroundJobKind, readonly Permission[]> = {
  'coaching.analysis-rerun': ['coaching-session-check-other', 'coaching-session-analysis-report-update'],
  'coaching.session-generation': ['coaching-session-generate', 'coaching-session-generator-read'],
  'identity.user-import': ['user-import-create', 'user-import-read'],
};

const jobNotFound = () =>
  new NotFoundError('background_job_not_found', 'There is no such job, or you may not follow it.');

const runJobCommand = streamCommandRunner(backgroundJobStreamId, backgroundJobDecider);

const loadJob = async (services: Pick<AppServices, 'store'>, jobId: string) => {
  const recorded = await services.store.readStream(backgroundJobStreamId(jobId));
  return fold(
    backgroundJobDecider,
    recorded.map((event) => ({ type: event.type, data: event.data }) as BackgroundJobEvent),
  );
};

export const backgroundJobAnswer = (
  view: BackgroundJobView,
  items: readonly BackgroundJobItemView[],
): BackgroundJobAnswer => {
  const processed = view.succeeded + view.skipped + view.failed;
  return {
    id: view.jobId,
    kind: view.kind,
    status: view.status,
    progress: backgroundJobProgress(view.total, processed, view.status),
    total: view.total,
    processed,
    succeeded: view.succeeded,
    skipped: view.skipped,
    failed: view.failed,
    error: view.error,
    organization_id: view.organizationId,
    started_by: view.startedBy,
    input: view.input,
    created_at: view.queuedAt,
    started_at: view.startedAt,
    finished_at: view.finishedAt,
    results: items.map((item) => ({ item: item.item, outcome: item.outcome, detail: item.detail })),
  };
};

/** The one who started it, super-admins, and the operators of its organization (`BACKGROUND_JOB_FOLLOWERS`). */
export const readBackgroundJob = async (
  services: AppServices,
  origin: Origin,
  jobId: string,
): Promise<BackgroundJobAnswer> => {
  const caller = signedInUser(origin.caller);
  const view = await findBackgroundJob(services.db, jobId);
  if (!view || !mayAccess(caller, view.organizationId)) throw jobNotFound();
  const follows =
    view.startedBy === caller.userId ||
    isSuperAdmin(caller) ||
    [...BACKGROUND_JOB_FOLLOWERS[view.kind]].every((permission) => can(caller.permissions, [permission]));
  if (!follows) throw jobNotFound();
  return backgroundJobAnswer(view, await listBackgroundJobItems(services.db, jobId));
};

/**
 * Queues a job of this kind over these items, once per job id (a retried start finds the job it made), and answers
 * it as `GET /v1/jobs/{id}` would. The caller enqueues the kind's queue job after this.
 */
export const queueBackgroundJob = async (
  services: AppServices,
  origin: Origin,
  job: {
    jobId: string;
    kind: BackgroundJobKind;
    organizationId: string;
    startedBy: string | null;
    input: Record<string, unknown>;
    items: string[];
  },
): Promise<BackgroundJobAnswer> => {
  await runJobCommand(services, origin, job.jobId, { type: 'QueueBackgroundJob', data: job }, `job-queue-${job.jobId}`);
  const view = await findBackgroundJob(services.db, job.jobId);
  if (!view) throw jobNotFound();
  return backgroundJobAnswer(view, await listBackgroundJobItems(services.db, job.jobId));
};

/** What the kind's work made of one item; `detail` says why it was skipped or failed. */
export type BackgroundJobItemResult = { outcome: BackgroundJobItemOutcome; detail: string | null };

/**
 * Works through a job's items not processed yet, recording each, then completes it. An item whose work throws stops
 * the try, so the queue tries again from that item; on the last try it is recorded failed (with the error's code)
 * and the job goes on, so one bad item never holds the others back.
 */
export const processBackgroundJob = async (
  services: AppServices,
  origin: Origin,
  jobId: string,
  run: { lastAttempt: boolean },
  work: (item: string, job: { organizationId: string; startedBy: string | null }) => Promise<BackgroundJobItemResult>,
): Promise<'completed' | 'nothing'> => {
  const state = await loadJob(services, jobId);
  if (state.status === 'none' || state.status === 'completed' || state.status === 'failed') return 'nothing';
  await runJobCommand(services, origin, jobId, { type: 'StartBackgroundJob', data: { jobId } }, `job-start-${jobId}`);
  for (const item of state.items) {
    if (state.processed.has(item)) continue;
    let result: BackgroundJobItemResult;
    try {
      result = await work(item, { organizationId: state.organizationId, startedBy: state.startedBy });
    } catch (error) {
      if (!run.lastAttempt) throw error;
      (origin.log ?? services.logger).error({ err: error, jobId, item }, 'a background job item failed');
      result = { outcome: 'failed', detail: error instanceof DomainError ? error.code : 'internal_error' };
    }
    await runJobCommand(
      services,
      origin,
      jobId,
      { type: 'RecordBackgroundJobItem', data: { jobId, item, ...result } },
      `job-item-${jobId}-${item}`,
    );
  }
  await runJobCommand(
    services,
    origin,
    jobId,
    { type: 'FinishBackgroundJob', data: { jobId, failure: null } },
    `job-finish-${jobId}`,
  );
  return 'completed';
};
