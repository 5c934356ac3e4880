import { isRole, permissionsOf, type Permission, type Role } from '@ai-coaching/domain';
import type { TokenService } from '../crypto/token-service.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import { createChangeAwareCache, readModelTopic } from '../sql/change-feed.js';
import { AUTH_SESSIONS_TOPIC } from './auth-sessions.js';

/** Who is calling, resolved on every request from the token, the session and the current user record. */
export type Caller =
  | {
      kind: 'user';
      userId: string;
      organizationId: string;
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      permissions: readonly Permission[];
      /** The access token's jti: the server-side session it belongs to. */
      sessionId: string;
    }
  | {
      kind: 'guest';
      guestId: string;
      role: 'guest';
      permissions: readonly Permission[];
      /** The one shared coaching session this guest may take part in. */
      sharedSessionId: string;
      sessionId: string;
    };

export type CallerRefusal = 'invalid_token' | 'session_ended' | 'account_disabled';

type SessionRow = {
  /** Null when the session is not open (revoked, expired or unknown). */
  session_expires_at: Date | string | null;
  user_id: string | null;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
};

/**
 * The session and the user's current record in one round trip: the session row decides
 * `session_ended`, the user row the rest (a guest has none).
 */
const SESSION_AND_USER = `
  SELECT s.expires_at AS session_expires_at,
         u.user_id, u.organization_id, u.email, u.first_name, u.last_name, u.role, u.status
  FROM (SELECT 1) AS one
  LEFT JOIN auth_sessions s ON s.session_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
  LEFT JOIN rm_users u ON u.user_id = $2`;

/**
 * Every authenticated request needs both, and they rarely change: they are kept per session until
 * a session ends or the user directory changes anywhere (announced at once in this process, by
 * NOTIFY in the others), and at most 30 seconds (the bound on a notification lost for good).
 */
const sessionCaches = new WeakMap<object, ReturnType<typeof createChangeAwareCache<string, SessionRow>>>();
const sessionCacheOf = (db: SqlExecutor) => {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = createChangeAwareCache<string, SessionRow>(db, {
      topics: [AUTH_SESSIONS_TOPIC, readModelTopic('user-directory')],
      ttlMs: 30_000,
      max: 10_000,
    });
    sessionCaches.set(db, cache);
  }
  return cache;
};

/**
 * Resolves a bearer token into a caller. The role and permissions come from the user's current
 * record, not from the token, so a role change or a disabled account applies on the next request.
 */
export const resolveCaller = async (
  deps: { db: SqlExecutor; tokens: TokenService },
  token: string,
): Promise<{ caller: Caller } | { refusal: CallerRefusal }> => {
  const claims = await deps.tokens.verify(token);
  if (!claims) return { refusal: 'invalid_token' };
  const row = await sessionCacheOf(deps.db).get(
    claims.jti,
    async () => (await deps.db.query<SessionRow>(SESSION_AND_USER, [claims.jti, claims.sub])).rows[0],
    // A session that is not open is not kept; an open one at most until it expires.
    (found) => (found.session_expires_at === null ? 0 : new Date(found.session_expires_at).getTime()),
  );
  if (!row || row.session_expires_at === null) return { refusal: 'session_ended' };
  if (claims.typ === 'guest') {
    if (!claims.scope) return { refusal: 'invalid_token' };
    return {
      caller: {
        kind: 'guest',
        guestId: claims.sub,
        role: 'guest',
        permissions: permissionsOf('guest'),
        sharedSessionId: claims.scope,
        sessionId: claims.jti,
      },
    };
  }
  if (row.user_id === null || !isRole(row.role)) return { refusal: 'invalid_token' };
  if (row.status !== 'active') return { refusal: 'account_disabled' };
  return {
    caller: {
      kind: 'user',
      userId: row.user_id,
      organizationId: row.organization_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      permissions: permissionsOf(row.role),
      sessionId: claims.jti,
    },
  };
};
