import type { Logger } from '../logging/logger.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type CreateMailerOptions = {
  /** SMTP_URL; without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  /** MAIL_FROM. */
  from: string;
  db: SqlExecutor;
  logger: Logger;
};

/** The mailer the environment selects (the `mail` column of the topology table). */
export const createMailer = (options: CreateMailerOptions): Mailer => {
  const logger = options.logger.child({ component: 'mailer' });
  if (options.smtpUrl) return createSmtpMailer({ url: options.smtpUrl, from: options.from, logger });
  logger.info(
    'SMTP_URL is not set: mail is not delivered but kept in the mail_outbox table (a super-admin reads it at GET /v1/admin/mail_outbox)',
  );
  return createOutboxMailer({ db: options.db, logger });
};
