import { createTransport } from 'nodemailer';
import type { Logger } from '../logging/logger.js';
import { recipientDomain, senderAddress, type Mailer } from './mailer.js';

export type SmtpMailerOptions = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From header of every message, such as `AI-Coaching <no-reply@example.com>`. */
  from: string;
  logger: Logger;
};

/**
 * Thrown when the SMTP server cannot be reached or refuses a message. Its message names only the
 * failure's code, the SMTP command and the server's reply code: nodemailer's own messages can quote
 * the recipient's address, and this one reaches the job logs and Redis. The original is the cause.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';

  constructor(
    readonly code: string | undefined,
    readonly command: string | undefined,
    readonly responseCode: number | undefined,
    options: { cause: unknown },
  ) {
    super(
      `SMTP delivery failed (${code ?? 'unknown error'}${command ? ` during ${command}` : ''}` +
        `${responseCode ? `, server replied ${responseCode}` : ''})`,
      options,
    );
  }
}

const field = <T>(error: unknown, name: string, type: 'string' | 'number'): T | undefined => {
  if (typeof error !== 'object' || error === null || !(name in error)) return undefined;
  const value = (error as Record<string, unknown>)[name];
  return typeof value === type ? (value as T) : undefined;
};

/**
 * Sends through an SMTP relay with nodemailer. A message is sent on its own connection, which
 * suits a trickle of invitations and resets; failures reject, so the job queue retries with backoff.
 * Logged: recipient domain, message key and message id — never credentials, addresses or bodies.
 */
export const createSmtpMailer = (options: SmtpMailerOptions): Mailer => {
  const { logger } = options;
  const transport = createTransport(
    {
      url: options.url,
      // Bounded, so a relay that accepts the connection and then hangs fails the attempt and the
      // job retries, instead of holding a worker for nodemailer's default of minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: options.from },
  );

  return {
    kind: 'smtp',

    async send(message) {
      const context = { recipientDomain: recipientDomain(message.to), key: message.key };
      let messageId: string;
      try {
        const info = await transport.sendMail({
          // Nodemailer quotes and encodes the name; the address stays MAIL_FROM's.
          ...(message.fromName ? { from: { name: message.fromName, address: senderAddress(options.from) } } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
        messageId = info.messageId;
      } catch (cause) {
        const error = new MailDeliveryError(
          field<string>(cause, 'code', 'string'),
          field<string>(cause, 'command', 'string'),
          field<number>(cause, 'responseCode', 'number'),
          { cause },
        );
        logger.warn({ ...context, error: error.message }, 'mail not sent');
        throw error;
      }
      logger.info({ ...context, messageId }, 'mail sent');
      return { messageId };
    },

    async close() {
      transport.close();
    },
  };
};
