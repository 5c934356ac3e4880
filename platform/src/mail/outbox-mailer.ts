import type { ListPage } from '@ai-coaching/domain';
import { newId } from '../crypto/ids.js';
import type { Logger } from '../logging/logger.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import { recipientDomain, type Mailer } from './mailer.js';

export const mailOutboxMigrations: Migration[] = [
  {
    id: '0060_mail_outbox',
    sql: `
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);`,
  },
  {
    // Two messages of the same instant were listed in their ids' order, which is not the order they were kept in.
    id: '0061_mail_outbox_order',
    sql: `
      ALTER TABLE mail_outbox ADD COLUMN seq bigserial;
      CREATE INDEX mail_outbox_seq_idx ON mail_outbox (seq DESC);`,
  },
];

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601. */
  createdAt: string;
};

/**
 * The mailer of the embedded mode, when no SMTP_URL is set: each message is stored in
 * `mail_outbox`, and a log line says where to read it (a super-admin, at GET /v1/admin/mail_outbox).
 */
export const createOutboxMailer = (options: { db: SqlExecutor; logger: Logger }): Mailer => {
  const { db, logger } = options;
  return {
    kind: 'outbox',

    async send(message) {
      const id = newId();
      await db.query(
        'INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5)',
        [id, message.to, message.subject, message.text, message.html],
      );
      // Like the SMTP mailer's line, never the body: it holds a live invitation or reset code, and logs travel
      // further than the database (collectors, terminals, support tickets).
      logger.info(
        { messageId: id, recipientDomain: recipientDomain(message.to), key: message.key },
        'mail kept in the outbox (no SMTP_URL): a super-admin reads it at GET /v1/admin/mail_outbox',
      );
      return { messageId: id };
    },

    // The database belongs to the platform, which closes it after the mailer.
    async close() {},
  };
};

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
};

/** One page of the outbox, newest first. `page` counts from 1. */
export const listOutbox = async (
  db: SqlExecutor,
  options: { page: number; page_size: number },
): Promise<ListPage<OutboxMessage>> => {
  const { page, page_size } = options;
  const [{ rows }, counted] = await Promise.all([
    db.query<OutboxRow>(
      `SELECT id, to_address, subject, text_body, html_body, created_at FROM mail_outbox
       ORDER BY seq DESC LIMIT $1 OFFSET $2`,
      [page_size, (page - 1) * page_size],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM mail_outbox'),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: counted.rows[0]?.total ?? 0,
    page,
    page_size,
  };
};
