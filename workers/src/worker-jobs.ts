import {
  expireReservationJob,
  resolveMailSender,
  sendMailJob,
  sendPasswordResetJob,
  type AppServices,
} from '@ai-coaching/application';
import { bindJob, type JobBinding, type Platform } from '@ai-coaching/platform';
import { createExpireReservationHandler } from './jobs/credits/expire-reservation.handler.js';
import { createSendMailHandler } from './jobs/mail/send-mail.handler.js';
import { createSendPasswordResetHandler } from './jobs/identity/send-password-reset.handler.js';

export type WorkerDeps = AppServices & Pick<Platform, 'mailer'>;

/**
 * Every job this product runs, bound to its handler. A job's definition (id, payload schema, retry
 * policy) lives in the application layer, which enqueues it; its handler is one file under
 * `jobs/<area>/<job>.handler.ts` here. Analysis reports arrive with their feature.
 */
export const workerJobs = (deps: WorkerDeps): JobBinding[] => [
  bindJob(
    sendMailJob,
    createSendMailHandler({
      mailer: deps.mailer,
      logger: deps.logger,
      sender: (mail) => resolveMailSender(deps, mail),
      mailFrom: deps.config.MAIL_FROM,
    }),
  ),
  bindJob(expireReservationJob, createExpireReservationHandler(deps)),
  bindJob(sendPasswordResetJob, createSendPasswordResetHandler(deps)),
];
