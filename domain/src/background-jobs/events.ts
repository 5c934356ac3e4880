// A long-running piece of work someone started and can follow (`GET /v1/jobs/{id}`): a bulk re-run of analysis
// reports today, the session generator tomorrow (docs/background-jobs.md). One stream per job. The work is a list of
// items fixed when the job is queued, so its progress is the share of items processed, whatever retries happen.

export const backgroundJobStreamId = (jobId: string): string => `background-job-${jobId}`;

/** Which work a job does; each kind has its own queue job and says who, besides its starter, may follow it. */
export type BackgroundJobKind = 'coaching.analysis-rerun' | 'coaching.session-generation' | 'identity.user-import';

export type BackgroundJobStatus = 'queued' | 'running' | 'completed' | 'failed';

/** What became of one item: done, left alone for a reason (`detail`), or failed (`detail`: the error's code). */
export type BackgroundJobItemOutcome = 'succeeded' | 'skipped' | 'failed';

export type BackgroundJobQueued = {
  type: 'BackgroundJobQueued';
  data: {
    jobId: string;
    kind: BackgroundJobKind;
    organizationId: string;
    startedBy: string | null;
    /** What was asked, as the kind reads it (a bulk re-run's filters). */
    input: Record<string, unknown>;
    /** The ids of what the job works through, fixed at the start. */
    items: string[];
    queuedAt: string;
  };
};

export type BackgroundJobStarted = { type: 'BackgroundJobStarted'; data: { jobId: string; startedAt: string } };

export type BackgroundJobItemProcessed = {
  type: 'BackgroundJobItemProcessed';
  data: {
    jobId: string;
    item: string;
    outcome: BackgroundJobItemOutcome;
    detail: string | null;
    processedAt: string;
  };
};

export type BackgroundJobCompleted = { type: 'BackgroundJobCompleted'; data: { jobId: string; completedAt: string } };

export type BackgroundJobFailed = {
  type: 'BackgroundJobFailed';
  data: { jobId: string; reason: string; failedAt: string };
};

export type BackgroundJobEvent =
  | BackgroundJobQueued
  | BackgroundJobStarted
  | BackgroundJobItemProcessed
  | BackgroundJobCompleted
  | BackgroundJobFailed;
