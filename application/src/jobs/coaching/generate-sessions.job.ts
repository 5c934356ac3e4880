import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

/** Ids become part of a job id, so they keep to the characters BullMQ accepts there (no ':'). */
const ID = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const generateSessionsPayloadSchema = z.object({ organizationId: ID, jobId: ID });

export type GenerateSessionsPayload = z.infer<typeof generateSessionsPayloadSchema>;

/**
 * A session generator's run: drafts the scenarios its background job fixed at the start, one after the other. Three
 * tries: a provider that is down or slow gets another chance, and a try cut short resumes at the first draft not
 * recorded on the job.
 */
export const generateSessionsJob = defineJob({
  id: 'coaching.session-generation',
  schema: generateSessionsPayloadSchema,
  attempts: 3,
  backoffMs: 2000,
});

/** One queue job per background job: a start retried, or the start-up catch-up, adds nothing. */
export const generateSessionsJobId = (payload: Pick<GenerateSessionsPayload, 'jobId'>) =>
  `session-generation_${payload.jobId}`;
