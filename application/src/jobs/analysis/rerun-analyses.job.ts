import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

/** Ids become part of a job id, so they keep to the characters BullMQ accepts there (no ':'). */
const ID = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const rerunAnalysesPayloadSchema = z.object({ organizationId: ID, jobId: ID });

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
