import { MAIL_SETTINGS_TEST, type MailJobPayload } from '@ai-coaching/application';
import { APP_NAME } from '@ai-coaching/domain';
import { senderName, type JobHandler, type Logger, type Mailer } from '@ai-coaching/platform';
import { renderMailSettingsTest } from './mail-settings-test.js';
import { renderMail } from './templates.js';

/** Who a mail says it is from and where replies go (`resolveMailSender` of the application layer). */
export type MailSenderResolver = (mail: {
  to: string;
  organizationId?: string | undefined;
}) => Promise<{ fromName?: string; replyTo?: string }>;

/**
 * Renders a transactional mail (`mail.send`) and sends it, with the sender name and reply-to of
 * the organization it belongs to (docs/mail.md "Sender"), read when it is sent. Delivery is at
 * least once: if the relay accepted the message but the job died before it was marked done, the
 * retry sends it again. A duplicate invitation is harmless; a lost one is not.
 */
export const createSendMailHandler =
  ({
    mailer,
    logger,
    sender,
    mailFrom,
  }: {
    mailer: Mailer;
    logger: Logger;
    /** Without it, every mail goes out exactly as MAIL_FROM says. */
    sender?: MailSenderResolver;
    /** MAIL_FROM: what the test mail names as the sender when no other name applies. */
    mailFrom?: string;
  }): JobHandler<MailJobPayload> =>
  async (payload, context) => {
    const from = sender ? await sender({ to: payload.to, organizationId: payload.organizationId }) : {};
    const rendered =
      payload.template === MAIL_SETTINGS_TEST
        ? renderMailSettingsTest(payload, {
            senderName: from.fromName ?? (senderName(mailFrom ?? '') || APP_NAME),
            replyTo: from.replyTo,
          })
        : renderMail(payload);
    const { messageId } = await mailer.send({
      to: payload.to,
      ...rendered,
      ...(from.fromName ? { fromName: from.fromName } : {}),
      ...(from.replyTo ? { replyTo: from.replyTo } : {}),
      key: payload.template,
      // RFC 3834: tells auto-responders (out-of-office replies) not to answer a machine.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    logger.debug(
      { jobId: context.jobId, attempt: context.attempt, template: payload.template, locale: payload.locale, messageId },
      'mail job done',
    );
  };
