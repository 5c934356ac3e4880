import { runUserImport, userImportJob } from '@ai-coaching/application';
import { finishingJobHandler } from '../finishing-job-handler.js';

/**
 * `identity.user-import`: a confirmed bulk import of users, one line after the other, resumable after a crash. The
 * last try records a line that keeps failing as failed, so the import completes.
 */
export const createUserImportHandler = finishingJobHandler(userImportJob, runUserImport, 'user import job done');
