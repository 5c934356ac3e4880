import { defineRepeatedJob } from '../repeated-job.js';

/**
 * Mails each organization's managers the weekly digest of their overdue assignments (docs/programs.md, "Weekly
 * digest"), once per manager and ISO week, from Monday 08:00 UTC. Repeated every hour (a BullMQ job scheduler on
 * Redis, a timer in the embedded mode): a run finds who has not had this week's digest yet, so the hour after a
 * failure, or after a week's start while nothing ran, sends what is due. Three tries from 30 s.
 */
export const assignmentDigestJob = defineRepeatedJob({
  id: 'coaching.assignment.digest',
  attempts: 3,
  backoffMs: 30_000,
  everyMs: 60 * 60 * 1000,
});
