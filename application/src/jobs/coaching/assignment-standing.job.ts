import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';
import { jobIdPart } from '../job-id-part.js';

/**
 * Looks again at a learner's assignments after one of their sessions got its report (docs/programs.md,
 * "Certificates"): each one they have now passed issues its certificate and tells them. Enqueued by the observer job
 * once per report and observer; running it again issues nothing twice.
 */
export const assignmentStandingJob = defineJob({
  id: 'coaching.assignment.standing',
  schema: z.object({ organizationId: jobIdPart, userId: jobIdPart }),
  attempts: 8,
  backoffMs: 2000,
});

export type AssignmentStandingPayload = JobPayload<typeof assignmentStandingJob>;
