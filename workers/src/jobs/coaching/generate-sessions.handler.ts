import { generateSessionsJob, runSessionGeneration } from '@ai-coaching/application';
import { finishingJobHandler } from '../finishing-job-handler.js';

/**
 * `coaching.session-generation`: a session generator's run, one draft after the other, resumable after a crash. The
 * last try records a draft whose provider keeps failing as failed, so the run completes.
 */
export const createGenerateSessionsHandler = finishingJobHandler(
  generateSessionsJob,
  runSessionGeneration,
  'session generation job done',
);
