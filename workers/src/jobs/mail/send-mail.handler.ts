import type { SendMailPayload } from '@ai-coaching/application';
import type { JobHandler, Logger, Mailer } from '@ai-coaching/platform';
import { renderMail } from './templates.js';

/**
 * Renders a transactional mail (`mail.send`) and sends it. Delivery is at least once: if the relay
 * accepted the message but the job died before it was marked done, the retry sends it again. A
 * duplicate invitation is harmless; a lost one is not.
 */
export const createSendMailHandler =
  ({ mailer, logger }: { mailer: Mailer; logger: Logger }): JobHandler<SendMailPayload> =>
  async (payload, context) => {
    const rendered = renderMail(payload);
    const { messageId } = await mailer.send({
      to: payload.to,
      ...rendered,
      key: payload.template,
      // RFC 3834: tells auto-responders (out-of-office replies) not to answer a machine.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    logger.debug(
      { jobId: context.jobId, attempt: context.attempt, template: payload.template, locale: payload.locale, messageId },
      'mail job done',
    );
  };
