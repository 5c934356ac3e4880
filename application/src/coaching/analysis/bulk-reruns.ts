import type { BackgroundJobAnswer } from '@ai-coaching/contracts';
import { can, ForbiddenError } from '@ai-coaching/domain';
import { deterministicId } from '@ai-coaching/platform';
import { listAnalysableSessionIds } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { processBackgroundJob, queueBackgroundJob } from '../../background-jobs/background-jobs.js';
import {
  rerunAnalysesJob,
  rerunAnalysesJobId,
  type RerunAnalysesPayload,
} from '../../jobs/analysis/rerun-analyses.job.js';
import { signedInUser } from '../../tenancy/scope.js';
import { rerunSessionAnalysisForJob } from './reruns.js';
import { playedCoachingItem } from '../content/coaching-content.js';

// Bulk re-runs of analysis reports (docs/coaching-sessions.md, "Reports"): an operator re-runs the reports of every
// ended session of a scenario or of an observer in a period, in their own organization, as a background job. Each
// session gets a new report version through the single re-run's path; older versions stay readable.

const KIND = 'coaching.analysis-rerun' as const;

/**
 * Starts a bulk re-run: fixes the matching sessions as the job's items, queues the job and its `analysis.reruns`
 * queue job. The job id derives from the caller and the request's `Idempotency-Key`, so a retried start answers the
 * job it made and starts nothing more.
 */
export const startCoachingAnalysisRerun = async (
  services: AppServices,
  origin: Origin,
  input: {
    scenario_id?: string | undefined;
    observer_id?: string | undefined;
    from: string;
    to: string;
    idempotencyKey?: string | undefined;
  },
): Promise<BackgroundJobAnswer> => {
  const caller = signedInUser(origin.caller);
  // The route admits reviewers of others' sessions; re-running a report needs the reviewer's correction right too.
  if (!can(caller.permissions, ['coaching-session-analysis-report-update'])) {
    throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  }
  const jobId = input.idempotencyKey
    ? deterministicId('analysis-rerun', caller.userId, input.idempotencyKey)
    : services.ids.newId();
  const filters = {
    ...(input.scenario_id === undefined ? {} : { scenario_id: input.scenario_id }),
    ...(input.observer_id === undefined ? {} : { observer_id: input.observer_id }),
    from: input.from,
    to: input.to,
  };
  const items = await listAnalysableSessionIds(services.db, {
    organizationId: caller.organizationId,
    scenarioId: input.scenario_id,
    observerId: input.observer_id,
    from: input.from,
    to: input.to,
  });
  // A target its sessions played is known (a share since withdrawn included); otherwise it must be one the
  // organization may use, so an unknown id or another organization's answers 404 rather than an empty job.
  if (items.length === 0) {
    if (input.scenario_id !== undefined) {
      await playedCoachingItem(services, caller, 'scenario', input.scenario_id, 'scenario_id');
    }
    if (input.observer_id !== undefined) {
      await playedCoachingItem(services, caller, 'observer', input.observer_id, 'observer_id');
    }
  }
  const job = await queueBackgroundJob(services, origin, {
    jobId,
    kind: KIND,
    organizationId: caller.organizationId,
    startedBy: caller.userId,
    input: filters,
    items,
  });
  const payload = { organizationId: caller.organizationId, jobId };
  await services.queue.enqueue(rerunAnalysesJob, payload, { jobId: rerunAnalysesJobId(payload) });
  return job;
};

/**
 * The `analysis.reruns` queue job: each session not processed yet gets its new version under the request id
 * `{jobId}-{sessionId}`, so a try run again after a crash makes no second version of a session.
 */
export const runCoachingAnalysisRerun = (
  services: AppServices,
  payload: RerunAnalysesPayload,
  run: { lastAttempt: boolean; causationId: string },
) =>
  processBackgroundJob(services, { correlationId: run.causationId }, payload.jobId, run, async (sessionId, job) => {
    const result = await rerunSessionAnalysisForJob(
      services,
      { correlationId: run.causationId },
      { sessionId, requestId: `${payload.jobId}-${sessionId}`, requestedBy: job.startedBy },
    );
    return result.outcome === 'succeeded'
      ? { outcome: 'succeeded', detail: null }
      : { outcome: 'skipped', detail: result.reason };
  });
