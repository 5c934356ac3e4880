import { z } from 'zod';
import { idParams, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Background jobs (docs/background-jobs.md): long work someone started, followed by its id. Generic, so each kind
// (a bulk re-run of analysis reports, the session generator) answers its start with this shape and is followed here.

export const backgroundJobSchema = z.strictObject({
  id: text(),
  /** What the job does: `coaching.analysis-rerun`, `coaching.session-generation`. */
  kind: text(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  /** The share of items processed, 0..100. */
  progress: z.number().int().min(0).max(100),
  /** How many items the job works through, fixed when it was queued. */
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  /** Left alone, each for a reason of the kind's (a report still running). */
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Why a failed job stopped: a stable code. */
  error: text().nullable(),
  organization_id: text(),
  /** Who started it; null when the system did. */
  started_by: text().nullable(),
  /** What was asked, as the kind's start took it. */
  input: z.record(z.string(), z.unknown()),
  created_at: text(),
  started_at: text().nullable(),
  finished_at: text().nullable(),
  /** Each item processed so far, in order: what became of it, and why when it was skipped or failed. */
  results: z.array(
    z.strictObject({
      item: text(),
      outcome: z.enum(['succeeded', 'skipped', 'failed']),
      /** A stable code saying why. */
      detail: text().nullable(),
    }),
  ),
});
export type BackgroundJobAnswer = z.input<typeof backgroundJobSchema>;

export const backgroundJobOperations = defineOperations(
  { name: 'backgroundJobs', tag: 'Jobs' },
  {
    read: {
      method: 'GET',
      path: '/v1/jobs/:id',
      summary:
        'A background job and its progress. Readable by who started it and by their organization’s users allowed to start jobs of its kind.',
      params: idParams,
      responses: {
        200: { description: 'The job.', schema: backgroundJobSchema },
        404: { description: '`background_job_not_found`: no job with this id that the caller may follow.' },
      },
    },
  },
);
