import { defineRepeatedJob } from '../repeated-job.js';

/**
 * Deletes the uploaded images nothing has pointed at for a day, their bytes and their row (docs/image-uploads.md,
 * "Cleanup"). Repeated every day (a BullMQ job scheduler on Redis, a timer in the embedded mode, both running once at
 * start); a run that fails (the read models behind, the blob store away) is tried twice more, 5 then 10 minutes
 * later, and the next day's run picks up the rest.
 */
export const imageCleanupJob = defineRepeatedJob({
  id: 'images.unreferenced-cleanup',
  attempts: 3,
  backoffMs: 5 * 60_000,
  everyMs: 24 * 60 * 60 * 1000,
});
