import { analyseObserver, analyseObserverJob } from '@ai-coaching/application';
import { finishingJobHandler } from '../finishing-job-handler.js';

/**
 * `analysis.observer`: one observer's report of one version of a session's analysis, appended once. The last try
 * records a failure instead of throwing, so the report finishes.
 */
export const createAnalyseObserverHandler = finishingJobHandler(
  analyseObserverJob,
  analyseObserver,
  'observer analysis job done',
);
