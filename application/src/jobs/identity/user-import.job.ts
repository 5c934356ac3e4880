import { defineJob } from '@ai-coaching/platform';
import { backgroundJobRunPayloadSchema, type BackgroundJobRunPayload } from '../background-job-run.js';

/**
 * A confirmed bulk import of users: its rows to create or update, one after the other. Three tries: a try cut short
 * resumes at the first row not recorded on its background job, and the last records a row that keeps failing as failed.
 */
export const userImportJob = defineJob({
  id: 'identity.user-import',
  schema: backgroundJobRunPayloadSchema,
  attempts: 3,
  backoffMs: 2000,
});

export type UserImportPayload = BackgroundJobRunPayload;

/** One queue job per import: a confirmation retried, or the start-up catch-up, adds nothing. */
export const userImportJobId = (payload: Pick<UserImportPayload, 'jobId'>) => `user-import_${payload.jobId}`;
