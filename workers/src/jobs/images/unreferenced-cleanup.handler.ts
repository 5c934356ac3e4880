import { deleteUnreferencedImages, type AppServices, type RepeatedJobPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `images.unreferenced-cleanup`: deletes the images nothing has used for a day (docs/image-uploads.md). */
export const createImageCleanupHandler =
  (services: AppServices): JobHandler<RepeatedJobPayload> =>
  async (_payload, context) => {
    const { deleted, unused } = await deleteUnreferencedImages(services, { signal: context.signal });
    services.logger.debug({ jobId: context.jobId, deleted, unused }, 'image cleanup job done');
  };
