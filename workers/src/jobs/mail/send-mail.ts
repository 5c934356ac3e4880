import { defineJob, type JobHandler, type Logger, type Mailer } from '@ai-coaching/platform';
import { z } from 'zod';
import { MAIL_LOCALES, renderMail, templateParamsSchemas } from './templates.js';

const recipient = { locale: z.enum(MAIL_LOCALES), to: z.email() };

/** One variant per template, so `params` is checked (and typed) against the template it goes with. */
export const sendMailPayloadSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('invitation'), ...recipient, params: templateParamsSchemas.invitation }),
  z.object({ template: z.literal('password-reset'), ...recipient, params: templateParamsSchemas['password-reset'] }),
]);

export type SendMailPayload = z.infer<typeof sendMailPayloadSchema>;

/**
 * Renders a transactional mail and sends it. Eight tries from 2 s doubling spread over about four
 * minutes, enough to ride out a relay restart or a greylisting delay.
 */
export const sendMailJob = defineJob({
  id: 'mail.send',
  version: 1,
  schema: sendMailPayloadSchema,
  attempts: 8,
  backoffMs: 2000,
});

/**
 * Delivery is at least once: if the relay accepted the message but the job died before it was
 * marked done, the retry sends it again. A duplicate invitation is harmless; a lost one is not.
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
