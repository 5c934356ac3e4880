import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';
import { jobIdPart } from '../job-id-part.js';

/**
 * One observer's report of one version of a session's analysis. Three tries, 5 s then 10 s apart: a provider that
 * times out or limits the rate often answers a little later, and after the last try the observer is marked failed
 * so the report finishes instead of waiting forever.
 */
export const analyseObserverJob = defineJob({
  id: 'analysis.observer',
  schema: z.object({
    organizationId: jobIdPart,
    sessionId: jobIdPart,
    version: z.number().int().min(1),
    observerId: jobIdPart,
  }),
  attempts: 3,
  backoffMs: 5000,
});

export type AnalyseObserverPayload = JobPayload<typeof analyseObserverJob>;

/** One job per session, version and observer: enqueuing it again (an ending seen twice, the catch-up) adds nothing. */
export const analyseObserverJobId = (payload: Pick<AnalyseObserverPayload, 'sessionId' | 'version' | 'observerId'>) =>
  `analysis-observer_${payload.sessionId}_v${payload.version}_${payload.observerId}`;
