import {
  analyseObserverJob,
  assignmentDigestJob,
  assignmentReminderJob,
  assignmentStandingJob,
  analyseSessionOfReservation,
  rerunAnalysesJob,
  generateSessionsJob,
  expireReservationJob,
  idempotencyRetentionJob,
  expireSessionTimeLimitJob,
  resolveMailSender,
  sendMailJob,
  sendPasswordResetJob,
  sessionRetentionJob,
  imageCleanupJob,
  deliverWebhookJob,
  userImportJob,
  type AppServices,
} from '@ai-coaching/application';
import { bindJob, type JobBinding, type Platform } from '@ai-coaching/platform';
import { createAnalyseObserverHandler } from './jobs/analysis/analyse-observer.handler.js';
import { createRerunAnalysesHandler } from './jobs/analysis/rerun-analyses.handler.js';
import { createAssignmentDigestHandler } from './jobs/coaching/assignment-digest.handler.js';
import { createAssignmentReminderHandler } from './jobs/coaching/assignment-reminder.handler.js';
import { createAssignmentStandingHandler } from './jobs/coaching/assignment-standing.handler.js';
import { createGenerateSessionsHandler } from './jobs/coaching/generate-sessions.handler.js';
import { createExpireReservationHandler } from './jobs/credits/expire-reservation.handler.js';
import { createSendMailHandler } from './jobs/mail/send-mail.handler.js';
import { createSendPasswordResetHandler } from './jobs/identity/send-password-reset.handler.js';
import { createUserImportHandler } from './jobs/identity/user-import.handler.js';
import { createIdempotencyRetentionHandler } from './jobs/idempotency/retention.handler.js';
import { createSessionRetentionHandler } from './jobs/session/retention.handler.js';
import { createImageCleanupHandler } from './jobs/images/unreferenced-cleanup.handler.js';
import { createExpireSessionTimeLimitHandler } from './jobs/session/expire-time-limit.handler.js';
import { createDeliverWebhookHandler } from './jobs/webhooks/deliver-webhook.handler.js';

export type WorkerDeps = AppServices & Pick<Platform, 'mailer'>;

/**
 * Every job this product runs, bound to its handler. A job's definition (id, payload schema, retry
 * policy) lives in the application layer, which enqueues it; its handler is one file under
 * `jobs/<area>/<job>.handler.ts` here.
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
  bindJob(expireReservationJob, async (payload, context) => {
    await createExpireReservationHandler(deps)(payload, context);
    // An abandoned session the expiry ended gets its report like any other ending.
    await analyseSessionOfReservation(deps, payload.reservationId);
  }),
  bindJob(sendPasswordResetJob, createSendPasswordResetHandler(deps)),
  // Sessions end at their time limit whether or not anybody is still watching them.
  bindJob(expireSessionTimeLimitJob, createExpireSessionTimeLimitHandler(deps)),
  // Observers of one session are independent model calls: a few at once keep a report's wait short.
  bindJob(analyseObserverJob, createAnalyseObserverHandler(deps), { concurrency: 4 }),
  bindJob(rerunAnalysesJob, createRerunAnalysesHandler(deps)),
  bindJob(generateSessionsJob, createGenerateSessionsHandler(deps)),
  bindJob(userImportJob, createUserImportHandler(deps)),
  bindJob(sessionRetentionJob, createSessionRetentionHandler(deps)),
  bindJob(idempotencyRetentionJob, createIdempotencyRetentionHandler(deps)),
  bindJob(imageCleanupJob, createImageCleanupHandler(deps)),
  bindJob(assignmentReminderJob, createAssignmentReminderHandler(deps)),
  bindJob(assignmentStandingJob, createAssignmentStandingHandler(deps)),
  bindJob(assignmentDigestJob, createAssignmentDigestHandler(deps)),
  // Receivers answer at their own pace: a few deliveries at once keep one slow endpoint from holding the rest.
  bindJob(deliverWebhookJob, createDeliverWebhookHandler(deps), { concurrency: 8 }),
];
