import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

export const imageCleanupPayloadSchema = z.object({});

export type ImageCleanupPayload = z.infer<typeof imageCleanupPayloadSchema>;

/**
 * Deletes the uploaded images nothing has pointed at for a day, their bytes and their row (docs/image-uploads.md,
 * "Cleanup"). Repeated every day (a BullMQ job scheduler on Redis, a timer in the embedded mode, both running once at
 * start); a run that fails (the read models behind, the blob store away) is tried twice more, 5 then 10 minutes
 * later, and the next day's run picks up the rest.
 */
export const imageCleanupJob = defineJob({
  id: 'images.unreferenced-cleanup',
  schema: imageCleanupPayloadSchema,
  attempts: 3,
  backoffMs: 5 * 60_000,
});

/** One schedule however many runtimes register it at their start. */
export const IMAGE_CLEANUP_SCHEDULER_ID = 'images-unreferenced-cleanup';
export const IMAGE_CLEANUP_EVERY_MS = 24 * 60 * 60 * 1000;
