import type { AppServices } from '../app-services.js';
import { scheduleCoachingAnalyses } from '../coaching/analysis/index.js';
import { scheduleAllAssignmentReminders } from '../coaching/programs/reminders.js';
import { scheduleAssignmentDigest } from '../coaching/programs/assignment-digest.js';
import { resumeSessionGenerations } from '../coaching/generators/session-generators.js';
import { scheduleSessionRetention } from '../coaching/sessions/retention.js';
import { scheduleCoachingSessionTimeLimits } from '../coaching/sessions/time-limit.js';
import { scheduleReservationExpiries } from '../credits/reservation-expiry.js';
import { scheduleImageCleanup } from '../uploads/image-cleanup.js';
import { scheduleIdempotencyRetention } from './idempotency/retention.job.js';
import { resumeUserImports } from '../user-imports/user-imports.js';

/**
 * What every runtime that runs jobs does at its start, once its workers take jobs: it enqueues again what a stop may
 * have left behind (reservation expiries, session time limits, analysis reports, session generations, assignment reminders; each job has
 * its own id, so what is queued already is not doubled), then registers the hourly and daily runs. A new job that
 * needs either is added here, and both runtimes (workers, one process) do it.
 */
export const startUpJobs = async (services: AppServices): Promise<void> => {
  await scheduleReservationExpiries(services);
  await scheduleCoachingSessionTimeLimits(services);
  await scheduleCoachingAnalyses(services);
  await resumeSessionGenerations(services);
  await resumeUserImports(services);
  await scheduleAllAssignmentReminders(services);
  await scheduleSessionRetention(services);
  await scheduleAssignmentDigest(services);
  await scheduleIdempotencyRetention(services);
  await scheduleImageCleanup(services);
};
