import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { auditTimes, findOne, isoTime } from '../../shared/rows.js';

const TABLES = { chats: 'rm_coaching_chats', exchanges: 'rm_coaching_chat_exchanges' } as const;

/**
 * The conversations with the coach about coaching sessions ("Ask the coach", docs/coaching-sessions.md). The coach
 * quotes the transcript, so deleting a session removes its conversations here, as it removes its transcript.
 */
export const coachingChatsProjection = defineProjection({
  name: 'coaching-chats',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.chats} (
        chat_id text PRIMARY KEY,
        session_id text NOT NULL,
        organization_id text NOT NULL,
        user_id text NOT NULL,
        title text,
        exchange_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.chats}_session_idx ON ${t.chats} (session_id, created_at);
      CREATE TABLE IF NOT EXISTS ${t.exchanges} (
        chat_id text NOT NULL,
        message_id text NOT NULL,
        -- The order questions were recorded in; times may be equal.
        seq integer NOT NULL,
        question text NOT NULL,
        answer text NOT NULL,
        asked_at timestamptz NOT NULL,
        PRIMARY KEY (chat_id, message_id)
      );`);
  },
  on: {
    async CoachingChatStarted(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.chats} (chat_id, session_id, organization_id, user_id, title, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (chat_id) DO NOTHING`,
        [data.chatId, data.sessionId, data.organizationId, data.userId, data.title, data.startedAt],
      );
    },
    async CoachingChatExchangeRecorded(tx, { data }, t) {
      const inserted = await tx.query(
        `INSERT INTO ${t.exchanges} (chat_id, message_id, seq, question, answer, asked_at)
         SELECT $1, $2, COALESCE(MAX(seq), 0) + 1, $3, $4, $5 FROM ${t.exchanges} WHERE chat_id = $1
         ON CONFLICT (chat_id, message_id) DO NOTHING RETURNING message_id`,
        [data.chatId, data.messageId, data.question, data.answer, data.askedAt],
      );
      if (inserted.rows.length === 0) return;
      await tx.query(`UPDATE ${t.chats} SET exchange_count = exchange_count + 1, updated_at = $2 WHERE chat_id = $1`, [
        data.chatId,
        data.askedAt,
      ]);
    },
    async CoachingChatRenamed(tx, { data }, t) {
      await tx.query(`UPDATE ${t.chats} SET title = $2, updated_at = $3 WHERE chat_id = $1`, [
        data.chatId,
        data.title,
        data.renamedAt,
      ]);
    },
    async CoachingChatDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.exchanges} WHERE chat_id = $1`, [data.chatId]);
      await tx.query(`DELETE FROM ${t.chats} WHERE chat_id = $1`, [data.chatId]);
    },
    async CoachingSessionDeleted(tx, { data }, t) {
      await tx.query(
        `DELETE FROM ${t.exchanges} WHERE chat_id IN (SELECT chat_id FROM ${t.chats} WHERE session_id = $1)`,
        [data.sessionId],
      );
      await tx.query(`DELETE FROM ${t.chats} WHERE session_id = $1`, [data.sessionId]);
    },
  },
});

export type CoachingChatView = {
  chatId: string;
  sessionId: string;
  organizationId: string;
  userId: string;
  title: string | null;
  exchangeCount: number;
  createdAt: string;
  updatedAt: string;
};

export type CoachingChatExchangeView = { messageId: string; question: string; answer: string; askedAt: string };

type ChatRow = {
  chat_id: string;
  session_id: string;
  organization_id: string;
  user_id: string;
  title: string | null;
  exchange_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const toChat = (row: ChatRow): CoachingChatView => ({
  chatId: row.chat_id,
  sessionId: row.session_id,
  organizationId: row.organization_id,
  userId: row.user_id,
  title: row.title,
  exchangeCount: row.exchange_count,
  ...auditTimes(row),
});

const CHAT_COLUMNS = 'chat_id, session_id, organization_id, user_id, title, exchange_count, created_at, updated_at';

export const findCoachingChat = (db: SqlExecutor, chatId: string): Promise<CoachingChatView | undefined> =>
  findOne(db, `SELECT ${CHAT_COLUMNS} FROM ${TABLES.chats} WHERE chat_id = $1`, [chatId], toChat);

/** The conversations about one session, newest first: a session has a handful, so they are not paged. */
export const listCoachingChatsOfSession = async (db: SqlExecutor, sessionId: string): Promise<CoachingChatView[]> => {
  const { rows } = await db.query<ChatRow>(
    `SELECT ${CHAT_COLUMNS} FROM ${TABLES.chats} WHERE session_id = $1 ORDER BY created_at DESC, chat_id`,
    [sessionId],
  );
  return rows.map(toChat);
};

export const listCoachingChatExchanges = async (
  db: SqlExecutor,
  chatId: string,
): Promise<CoachingChatExchangeView[]> => {
  const { rows } = await db.query<{
    message_id: string;
    question: string;
    answer: string;
    asked_at: Date | string;
  }>(`SELECT message_id, question, answer, asked_at FROM ${TABLES.exchanges} WHERE chat_id = $1 ORDER BY seq`, [
    chatId,
  ]);
  return rows.map((row) => ({
    messageId: row.message_id,
    question: row.question,
    answer: row.answer,
    askedAt: isoTime(row.asked_at),
  }));
};
