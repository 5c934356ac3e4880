/**
 * The outgoing-mail port. Job handlers render a message and hand it to a mailer; which one runs
 * is chosen by the environment (`createMailer`): SMTP when SMTP_URL is set, otherwise the outbox
 * table of the embedded mode.
 */
export type MailMessage = {
  /** One plain address; display names are not needed for transactional mail. */
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * What kind of message this is (the template id, such as `invitation`). Logged instead of the
   * subject, which can carry personal data such as an organisation or a person's name.
   */
  key?: string;
};

export type MailerKind = 'smtp' | 'outbox';

export type Mailer = {
  readonly kind: MailerKind;
  /** Resolves once the message is accepted (by the SMTP server, or stored); rejects so the job retries. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
};

/**
 * The part of an address after the last `@`, lower-cased: enough to tell which provider refuses
 * or delays mail without writing whole addresses into the logs.
 */
export const recipientDomain = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
