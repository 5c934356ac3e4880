import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

/** Ids become part of a job id, so they keep to the characters BullMQ accepts there (no ':'). */
const ID = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const analyseObserverPayloadSchema = z.object({
  organizationId: ID,
  sessionId: ID,
  version: z.number().int().min(1),
  observerId: ID,
});

export type AnalyseObserverPayload = z.infer<typeof analyseObserverPayloadSchema>;

/**
 * One observer's report of one version of a session's analysis. Three tries, 5 s then 10 s apart: a provider that
 * times out or limits the rate often answers a little later, and after the last try the observer is marked failed
 * so the report finishes instead of waiting forever.
 */
export const analyseObserverJob = defineJob({
  id: 'analysis.observer',
  schema: analyseObserverPayloadSchema,
  attempts: 3,
  backoffMs: 5000,
});

/** One job per session, version and observer: enqueuing it again (an ending seen twice, the catch-up) adds nothing. */
export const analyseObserverJobId = (payload: Pick<AnalyseObserverPayload, 'sessionId' | 'version' | 'observerId'>) =>
  `analysis-observer_${payload.sessionId}_v${payload.version}_${payload.observerId}`;
