import {
  deleteImageUploadRow,
  listImageUploadUses,
  markImageUploadUses,
  pgErrorCode,
  PgErrorCode,
} from '@ai-coaching/platform';
import { IMAGE_REFERENCE_PROJECTIONS, referencedImageIds, waitForProjections } from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../app-services.js';
import { imageCleanupJob } from '../jobs/images/unreferenced-cleanup.job.js';
import { repeatedJobSchedule } from '../jobs/repeated-job.js';

/** How long an image stays unused before it goes: an upload waits this long for the form that will save it. */
export const IMAGE_UNUSED_GRACE_MS = 24 * 60 * 60 * 1000;
/** Images read per query. */
const PAGE = 500;
/** How long a run waits for the read models to catch up with the events before it gives up (and is retried). */
const CATCH_UP_TIMEOUT_MS = 60_000;

/** Registers the daily cleanup; every runtime that runs jobs calls it at its start. */
export const scheduleImageCleanup = repeatedJobSchedule(imageCleanupJob);

/**
 * The `images.unreferenced-cleanup` run. Each image is marked with the time a run first found nothing pointing at it
 * (an upload starts marked with its own time), and unmarked when a run finds it in use again. An image still unused
 * and marked a day ago or more is deleted: its bytes first, then its row, so a failure in between leaves a row whose
 * bytes the next run deletes again, never bytes nobody can find. Idempotent, so a retried run is harmless.
 */
export const deleteUnreferencedImages = async (
  services: Pick<AppServices, 'db' | 'store' | 'blobs' | 'clock' | 'logger'>,
  options: { signal?: AbortSignal } = {},
): Promise<{ deleted: number; unused: number }> => {
  // A reference the read models have not applied yet (a restart, a projection stopped on a failure) must not let
  // its image go: the run goes ahead only once they have caught up with every event appended so far.
  const head = await services.store.headPosition();
  if (head !== undefined) {
    const wait = await waitForProjections(services.db, head, {
      timeoutMs: CATCH_UP_TIMEOUT_MS,
      names: IMAGE_REFERENCE_PROJECTIONS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!wait.reached) throw new Error('image cleanup: the read models that refer to images are behind the events');
  }
  let referenced: Set<string>;
  try {
    referenced = await referencedImageIds(services.db);
  } catch (error) {
    // A first start runs the schedule before the projections have created their tables: nothing refers to anything.
    if (pgErrorCode(error) === PgErrorCode.undefinedTable) return { deleted: 0, unused: 0 };
    throw error;
  }

  const now = nowIso(services);
  const unusedBefore = new Date(services.clock.now().getTime() - IMAGE_UNUSED_GRACE_MS).toISOString();
  let deleted = 0;
  let unused = 0;
  let after = '';
  for (;;) {
    const page = await listImageUploadUses(services.db, after, PAGE);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    const inUse = page.filter((image) => referenced.has(image.id));
    const idle = page.filter((image) => !referenced.has(image.id));
    unused += idle.length;
    await markImageUploadUses(
      services.db,
      inUse.filter((image) => image.unreferencedSince !== null).map((image) => image.id),
      null,
    );
    await markImageUploadUses(
      services.db,
      idle.filter((image) => image.unreferencedSince === null).map((image) => image.id),
      now,
    );
    for (const image of idle) {
      if (image.unreferencedSince === null || image.unreferencedSince > unusedBefore) continue;
      await services.blobs.delete(image.key);
      await deleteImageUploadRow(services.db, image.id);
      deleted += 1;
    }
  }
  if (deleted > 0) services.logger.info({ deleted }, 'unused images deleted');
  return { deleted, unused };
};
