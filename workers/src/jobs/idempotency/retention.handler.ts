import type { AppServices, RepeatedJobPayload } from '@ai-coaching/application';
import { deleteExpiredIdempotencyKeys, type JobHandler } from '@ai-coaching/platform';

/** `idempotency.retention`: forgets the keys claimed more than 24 hours ago, and the answers kept with them. */
export const createIdempotencyRetentionHandler =
  (services: Pick<AppServices, 'db' | 'logger'>): JobHandler<RepeatedJobPayload> =>
  async (_payload, context) => {
    const deleted = await deleteExpiredIdempotencyKeys(services.db);
    services.logger.debug({ jobId: context.jobId, deleted }, 'idempotency retention job done');
  };
