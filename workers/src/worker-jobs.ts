import { bindJob, type JobBinding, type Platform } from '@ai-coaching/platform';
import { createExpireReservationHandler, expireReservationJob } from './jobs/credits/expire-reservation.js';
import { createSendMailHandler, sendMailJob } from './jobs/mail/send-mail.js';

export type WorkerDeps = Pick<Platform, 'config' | 'logger' | 'db' | 'store' | 'queue' | 'mailer'>;

/**
 * Every job this product runs, bound to its handler. A job is one file under `jobs/<area>/`
 * exporting its definition (id, version, payload schema, retry policy) and a handler factory;
 * add the binding here. Analysis reports arrive with their feature.
 */
export const workerJobs = (deps: WorkerDeps): JobBinding[] => [
  bindJob(sendMailJob, createSendMailHandler({ mailer: deps.mailer, logger: deps.logger })),
  bindJob(expireReservationJob, createExpireReservationHandler({ store: deps.store, logger: deps.logger })),
];
