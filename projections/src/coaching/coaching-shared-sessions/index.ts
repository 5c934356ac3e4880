import type { ListPage, ListParams, SharedSessionPayer } from '@ai-coaching/domain';
import { createChangeAwareCache, readModelTopic, type Freshness, type SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';
import { findOne, isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { links: 'rm_coaching_shared_sessions', guests: 'rm_coaching_shared_session_guests' } as const;

/**
 * Share links of scenarios and the guests who came through them (issue 13): what the sharer's list of links, the
 * public page of a code and the sessions list (a guest's name, the link's sharer and expiry) read. A link is found
 * by its code's hash only. A guest's row goes with their session, as the session's key does.
 */
export const coachingSharedSessionsProjection = defineProjection({
  name: 'coaching-shared-sessions',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.links} (
        shared_session_id text PRIMARY KEY,
        organization_id text NOT NULL,
        scenario_id text NOT NULL,
        label text NOT NULL,
        expires_at timestamptz NOT NULL,
        max_uses integer NOT NULL,
        uses integer NOT NULL DEFAULT 0,
        paid_by jsonb NOT NULL,
        code_hash text NOT NULL UNIQUE,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${t.links}_creator_idx ON ${t.links} (organization_id, created_by, created_at);
      CREATE TABLE IF NOT EXISTS ${t.guests} (
        session_id text PRIMARY KEY,
        shared_session_id text NOT NULL,
        guest_id text NOT NULL,
        display_name text NOT NULL,
        shared_by text NOT NULL,
        link_expires_at timestamptz NOT NULL,
        joined_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.guests}_link_idx ON ${t.guests} (shared_session_id);
      CREATE INDEX IF NOT EXISTS ${t.guests}_sharer_idx ON ${t.guests} (shared_by);`);
  },
  on: {
    async CoachingSharedSessionCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.links} (shared_session_id, organization_id, scenario_id, label, expires_at, max_uses, paid_by,
           code_hash, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (shared_session_id) DO NOTHING`,
        [
          data.sharedSessionId,
          data.organizationId,
          data.scenarioId,
          data.label,
          data.expiresAt,
          data.maxUses,
          JSON.stringify(data.paidBy),
          data.codeHash,
          data.createdBy,
          data.createdAt,
        ],
      );
    },
    async CoachingSharedSessionJoined(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.guests} (session_id, shared_session_id, guest_id, display_name, shared_by, link_expires_at, joined_at)
         SELECT $1, l.shared_session_id, $3, $4, l.created_by, l.expires_at, $5 FROM ${t.links} l
         WHERE l.shared_session_id = $2
         ON CONFLICT (session_id) DO NOTHING`,
        [data.sessionId, data.sharedSessionId, data.guestId, data.displayName, data.joinedAt],
      );
      await tx.query(
        `UPDATE ${t.links} SET uses = (SELECT count(*) FROM ${t.guests} WHERE shared_session_id = $1)
         WHERE shared_session_id = $1`,
        [data.sharedSessionId],
      );
    },
    async CoachingSharedSessionRevoked(tx, { data }, t) {
      await tx.query(`UPDATE ${t.links} SET revoked_at = $2 WHERE shared_session_id = $1 AND revoked_at IS NULL`, [
        data.sharedSessionId,
        data.revokedAt,
      ]);
    },
    // The guest's name is personal data of their session: it goes with it (the use stays counted on the link).
    async CoachingSessionDeleted(tx, { data }, t) {
      await tx.query(`UPDATE ${t.guests} SET display_name = '' WHERE session_id = $1`, [data.sessionId]);
    },
  },
});

export type CoachingSharedSessionView = {
  sharedSessionId: string;
  organizationId: string;
  scenarioId: string;
  label: string;
  expiresAt: string;
  maxUses: number;
  uses: number;
  paidBy: SharedSessionPayer;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
};

type LinkRecord = {
  shared_session_id: string;
  organization_id: string;
  scenario_id: string;
  label: string;
  expires_at: Date | string;
  max_uses: number;
  uses: number;
  paid_by: SharedSessionPayer;
  created_by: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
};

const LINK_COLUMNS = `l.shared_session_id, l.organization_id, l.scenario_id, l.label, l.expires_at, l.max_uses, l.uses,
  l.paid_by, l.created_by, l.created_at, l.revoked_at`;

const toLink = (row: LinkRecord): CoachingSharedSessionView => ({
  sharedSessionId: row.shared_session_id,
  organizationId: row.organization_id,
  scenarioId: row.scenario_id,
  label: row.label,
  expiresAt: isoTime(row.expires_at),
  maxUses: row.max_uses,
  uses: row.uses,
  paidBy: row.paid_by,
  createdBy: row.created_by,
  createdAt: isoTime(row.created_at),
  revokedAt: isoTimeOrNull(row.revoked_at),
});

export const findCoachingSharedSession = (
  db: SqlExecutor,
  sharedSessionId: string,
): Promise<CoachingSharedSessionView | undefined> =>
  findOne(
    db,
    `SELECT ${LINK_COLUMNS} FROM ${TABLES.links} l WHERE l.shared_session_id = $1`,
    [sharedSessionId],
    toLink,
  );

/** The link of an access code, by the code's hash: the only way in from a code. */
export const findCoachingSharedSessionByCodeHash = (
  db: SqlExecutor,
  codeHash: string,
): Promise<CoachingSharedSessionView | undefined> =>
  findOne(db, `SELECT ${LINK_COLUMNS} FROM ${TABLES.links} l WHERE l.code_hash = $1`, [codeHash], toLink);

export type CoachingSharedSessionListParams = ListParams & { organizationId: string; createdBy?: string };

export const listCoachingSharedSessions = (
  db: SqlExecutor,
  params: CoachingSharedSessionListParams,
): Promise<ListPage<CoachingSharedSessionView>> =>
  pagedList(db, {
    readModel: 'coaching-shared-sessions',
    from: `${TABLES.links} l`,
    columns: LINK_COLUMNS,
    filter: sqlFilter()
      .equals('l.organization_id', params.organizationId)
      .equals('l.created_by', params.createdBy)
      .search(['l.label'], params.q),
    order: sortOrder({ name: 'lower(l.label)', updatedAt: 'l.created_at', id: 'l.shared_session_id' }),
    params,
    toItem: toLink,
  });

/** The sessions guests are playing through a link, for a revocation to end them. */
export const listLiveGuestSessionIds = async (db: SqlExecutor, sharedSessionId: string): Promise<string[]> => {
  const { rows } = await db.query<{ session_id: string }>(
    `SELECT g.session_id FROM ${TABLES.guests} g
     JOIN rm_coaching_sessions s ON s.session_id = g.session_id
     WHERE g.shared_session_id = $1 AND s.status IN ('free-speech', 'in-progress')`,
    [sharedSessionId],
  );
  return rows.map((row) => row.session_id);
};

/** The link a guest's session came through, as an open guest socket is held to it. */
export type GuestLink = { revokedAt: string | null; expiresAt: string };

/**
 * Every message of a guest's socket is checked against its link: kept until this read model commits (announced at once
 * in this process, by NOTIFY in the others), at most 30 seconds.
 */
const guestLinkCaches = new WeakMap<object, ReturnType<typeof createChangeAwareCache<string, GuestLink | null>>>();
const guestLinkCacheOf = (db: SqlExecutor) => {
  let cache = guestLinkCaches.get(db);
  if (!cache) {
    cache = createChangeAwareCache<string, GuestLink | null>(db, {
      topics: [readModelTopic('coaching-shared-sessions')],
      ttlMs: 30_000,
      max: 10_000,
    });
    guestLinkCaches.set(db, cache);
  }
  return cache;
};

/** The links of guests' sessions, by session id; null for a session no guest joined through a link. */
export const findGuestLinks = (
  db: SqlExecutor,
  sessionIds: readonly string[],
  freshness: Freshness = {},
): Promise<Map<string, GuestLink | null>> =>
  guestLinkCacheOf(db).getMany(
    sessionIds,
    async (missing) => {
      const { rows } = await db.query<{
        session_id: string;
        revoked_at: Date | string | null;
        expires_at: Date | string;
      }>(
        `SELECT g.session_id, l.revoked_at, l.expires_at FROM ${TABLES.guests} g
       JOIN ${TABLES.links} l ON l.shared_session_id = g.shared_session_id
       WHERE g.session_id = ANY($1::text[])`,
        [missing],
      );
      const links = new Map<string, GuestLink | null>(missing.map((id) => [id, null]));
      for (const row of rows) {
        links.set(row.session_id, {
          revokedAt: isoTimeOrNull(row.revoked_at),
          expiresAt: isoTime(row.expires_at),
        });
      }
      return links;
    },
    freshness,
  );
