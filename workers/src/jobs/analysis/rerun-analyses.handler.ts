import { rerunAnalysesJob, runCoachingAnalysisRerun } from '@ai-coaching/application';
import { finishingJobHandler } from '../finishing-job-handler.js';

/**
 * `analysis.reruns`: a bulk re-run of analysis reports, one new version per session, resumable after a crash. The
 * last try records a session that keeps failing as failed, so the job completes.
 */
export const createRerunAnalysesHandler = finishingJobHandler(
  rerunAnalysesJob,
  runCoachingAnalysisRerun,
  'analysis re-run job done',
);
