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
   * The sender's display name for this message (an organization's mail settings); the address is
   * always MAIL_FROM's, so mail keeps passing the domain's SPF/DKIM/DMARC checks. Absent: MAIL_FROM as it is.
   */
  fromName?: string;
  /** Where replies go; absent: to the From address. */
  replyTo?: string;
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

/** The address of a From value such as `AI-Coaching <no-reply@example.com>` (or a bare address). */
export const senderAddress = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/** The display name of a From value, unquoted; '' for a bare address. */
export const senderName = (from: string): string => {
  const match = /^(.*?)\s*<[^<>]+>\s*$/.exec(from);
  return (match?.[1] ?? '').trim().replace(/^"(.*)"$/, '$1');
};
