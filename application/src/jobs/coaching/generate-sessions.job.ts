import { defineJob } from '@ai-coaching/platform';
import { backgroundJobRunPayloadSchema, type BackgroundJobRunPayload } from '../background-job-run.js';

/**
 * A session generator's run: drafts the scenarios its background job fixed at the start, one after the other. Three
 * tries: a provider that is down or slow gets another chance, and a try cut short resumes at the first draft not
 * recorded on the job.
 */
export const generateSessionsJob = defineJob({
  id: 'coaching.session-generation',
  schema: backgroundJobRunPayloadSchema,
  attempts: 3,
  backoffMs: 2000,
});

export type GenerateSessionsPayload = BackgroundJobRunPayload;

/** One queue job per background job: a start retried, or the start-up catch-up, adds nothing. */
export const generateSessionsJobId = (payload: Pick<GenerateSessionsPayload, 'jobId'>) =>
  `session-generation_${payload.jobId}`;
