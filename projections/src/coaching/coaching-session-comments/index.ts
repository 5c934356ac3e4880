import type { SessionCommentAuthorRole, SessionCommentFields, SessionCommentVisibility } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { findOne, isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { comments: 'rm_coaching_session_comments' } as const;

/**
 * The comments on coaching sessions (docs/programs.md, "Manager review"). A comment judges the learner, so deleting a
 * session removes its comments here, as it removes its transcript; deleting a comment removes its replies.
 */
export const coachingSessionCommentsProjection = defineProjection({
  name: 'coaching-session-comments',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.comments} (
        comment_id text PRIMARY KEY,
        session_id text NOT NULL,
        organization_id text NOT NULL,
        author_id text NOT NULL,
        author_role text NOT NULL,
        body text NOT NULL,
        turn_index integer,
        visibility text NOT NULL,
        reply_to text,
        created_at timestamptz NOT NULL,
        edited_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${t.comments}_session_idx ON ${t.comments} (session_id, created_at);`);
  },
  on: {
    async CoachingSessionCommentAdded(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.comments} (comment_id, session_id, organization_id, author_id, author_role, body, turn_index,
           visibility, reply_to, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (comment_id) DO NOTHING`,
        [
          data.commentId,
          data.sessionId,
          data.organizationId,
          data.authorId,
          data.authorRole,
          data.body,
          data.turnIndex,
          data.visibility,
          data.replyTo,
          data.addedAt,
        ],
      );
    },
    async CoachingSessionCommentEdited(tx, { data }, t) {
      await tx.query(`UPDATE ${t.comments} SET body = $2, edited_at = $3 WHERE comment_id = $1`, [
        data.commentId,
        data.body,
        data.editedAt,
      ]);
    },
    async CoachingSessionCommentDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.comments} WHERE comment_id = $1 OR reply_to = $1`, [data.commentId]);
    },
    async CoachingSessionDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.comments} WHERE session_id = $1`, [data.sessionId]);
    },
  },
});

export type CoachingSessionCommentView = SessionCommentFields & { createdAt: string; editedAt: string | null };

type CommentRow = {
  comment_id: string;
  session_id: string;
  organization_id: string;
  author_id: string;
  author_role: SessionCommentAuthorRole;
  body: string;
  turn_index: number | null;
  visibility: SessionCommentVisibility;
  reply_to: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
};

const toComment = (row: CommentRow): CoachingSessionCommentView => ({
  commentId: row.comment_id,
  sessionId: row.session_id,
  organizationId: row.organization_id,
  authorId: row.author_id,
  authorRole: row.author_role,
  body: row.body,
  turnIndex: row.turn_index,
  visibility: row.visibility,
  replyTo: row.reply_to,
  createdAt: isoTime(row.created_at),
  editedAt: isoTimeOrNull(row.edited_at),
});

export const findCoachingSessionComment = (
  db: SqlExecutor,
  commentId: string,
): Promise<CoachingSessionCommentView | undefined> =>
  findOne(db, `SELECT * FROM ${TABLES.comments} WHERE comment_id = $1`, [commentId], toComment);

/**
 * The comments on one session, oldest first; `learnerOnly`: those its learner reads. A session has a handful, so they
 * are not paged.
 */
export const listCoachingSessionComments = async (
  db: SqlExecutor,
  sessionId: string,
  { learnerOnly }: { learnerOnly: boolean },
): Promise<CoachingSessionCommentView[]> => {
  const { rows } = await db.query<CommentRow>(
    `SELECT * FROM ${TABLES.comments} WHERE session_id = $1 ${learnerOnly ? "AND visibility = 'learner'" : ''}
     ORDER BY created_at, comment_id`,
    [sessionId],
  );
  return rows.map(toComment);
};
