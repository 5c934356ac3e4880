import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';

/**
 * Looks up the account a reset was asked for and, when it is active, issues a reset code and
 * enqueues its mail. The request answers before any of this runs, so its timing says nothing about
 * whether the account exists (ASVS 6.3.8). Five tries from 1 s: the lookup and the command only
 * fail while the database is away.
 */
export const sendPasswordResetJob = defineJob({
  id: 'identity.password-reset.send',
  schema: z.object({
    /** The address as typed in the forgot-password form; the job looks the account up. */
    accountEmail: z.string().max(254),
  }),
  attempts: 5,
  backoffMs: 1000,
});

export type SendPasswordResetPayload = JobPayload<typeof sendPasswordResetJob>;
