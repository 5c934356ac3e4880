import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';
import { jobIdPart } from '../job-id-part.js';

export const rerunAnalysesPayloadSchema = z.object({ organizationId: jobIdPart, jobId: jobIdPart });

export type RerunAnalysesPayload = z.infer<typeof rerunAnalysesPayloadSchema>;

/**
 * A bulk re-run of analysis reports: works through the sessions its background job fixed at the start, one new
 * report version each. Five tries: a try cut short (a crash, the database away) resumes where the last stopped, as
 * each processed session is recorded on the job.
 */
export const rerunAnalysesJob = defineJob({
  id: 'analysis.reruns',
  schema: rerunAnalysesPayloadSchema,
  attempts: 5,
  backoffMs: 2000,
});

/** One queue job per background job: a start retried, or the start-up catch-up, adds nothing. */
export const rerunAnalysesJobId = (payload: Pick<RerunAnalysesPayload, 'jobId'>) => `analysis-reruns_${payload.jobId}`;
