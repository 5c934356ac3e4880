import { defineJob } from '@ai-coaching/platform';
import { backgroundJobRunPayloadSchema, type BackgroundJobRunPayload } from '../background-job-run.js';

/**
 * A bulk re-run of analysis reports: works through the sessions its background job fixed at the start, one new
 * report version each. Five tries: a try cut short (a crash, the database away) resumes where the last stopped, as
 * each processed session is recorded on the job.
 */
export const rerunAnalysesJob = defineJob({
  id: 'analysis.reruns',
  schema: backgroundJobRunPayloadSchema,
  attempts: 5,
  backoffMs: 2000,
});

export type RerunAnalysesPayload = BackgroundJobRunPayload;

/** One queue job per background job: a start retried, or the start-up catch-up, adds nothing. */
export const rerunAnalysesJobId = (payload: Pick<RerunAnalysesPayload, 'jobId'>) => `analysis-reruns_${payload.jobId}`;
