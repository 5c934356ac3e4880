import { isRole, permissionsOf, type ApiKeyScope, type Permission, type Role } from '@ai-coaching/domain';
import type { TokenService } from '../crypto/token-service.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import { createChangeAwareCache, readModelTopic, type Freshness } from '../sql/change-feed.js';
import { apiKeyHash, isApiKey, wellFormedApiKey } from './api-keys.js';
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
      /** The access token's jti: the server-side session it belongs to (`api-key:{id}` for a key). */
      sessionId: string;
      /**
       * Set when an organization's API key calls: it acts for its creator, in the key's organization, with the key's
       * permissions that the creator still holds (docs/api/integrations.md).
       */
      apiKeyId?: string;
      /** With `apiKeyId`: `api` keys call `/v1`, `scim` tokens `/scim/v2` only. */
      apiKeyScope?: ApiKeyScope;
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

export type CallerRefusal =
  | 'invalid_token'
  | 'session_ended'
  | 'account_disabled'
  | 'api_key_revoked'
  | 'api_key_expired'
  /** An `api` key on `/scim/v2`, or a `scim` token anywhere else (the API answers it; this layer knows no paths). */
  | 'api_key_wrong_scope';

type UserRow = {
  user_id: string | null;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
};

type SessionRow = UserRow & {
  /** Null when the session is not open (revoked, expired or unknown). */
  session_expires_at: Date | string | null;
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
 * One change-aware cache per database: what every authenticated request needs rarely changes, so it is kept until
 * one of `topics` changes anywhere (announced at once in this process, by NOTIFY in the others), and at most 30
 * seconds (the bound on a notification lost for good).
 */
const cachePerDatabase = <Row>(topics: readonly string[]) => {
  const caches = new WeakMap<object, ReturnType<typeof createChangeAwareCache<string, Row>>>();
  return (db: SqlExecutor) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = createChangeAwareCache<string, Row>(db, { topics, ttlMs: 30_000, max: 10_000 });
      caches.set(db, cache);
    }
    return cache;
  };
};

/** Sessions and their users, kept per session until a session ends or the user directory changes. */
const sessionCacheOf = cachePerDatabase<SessionRow>([AUTH_SESSIONS_TOPIC, readModelTopic('user-directory')]);

/**
 * Resolves a bearer token into a caller. The role and permissions come from the user's current
 * record, not from the token, so a role change or a disabled account applies on the next request.
 */
export const resolveCaller = async (
  deps: { db: SqlExecutor; tokens: TokenService },
  token: string,
  freshness: Freshness = {},
): Promise<{ caller: Caller } | { refusal: CallerRefusal }> => {
  if (isApiKey(token)) return resolveApiKey(deps.db, token, freshness);
  const claims = await deps.tokens.verify(token);
  if (!claims) return { refusal: 'invalid_token' };
  const row = await sessionCacheOf(deps.db).get(
    claims.jti,
    async () => (await deps.db.query<SessionRow>(SESSION_AND_USER, [claims.jti, claims.sub])).rows[0],
    // A session that is not open is not kept; an open one at most until it expires.
    (found) => (found.session_expires_at === null ? 0 : new Date(found.session_expires_at).getTime()),
    freshness,
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
  return userCaller(row, claims.jti);
};

/** A user's caller from their current record: the role and permissions as they are now. */
const userCaller = (row: UserRow, sessionId: string): { caller: Caller } | { refusal: CallerRefusal } => {
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
      sessionId,
    },
  };
};

type ApiKeyRow = UserRow & {
  api_key_id: string;
  scope: ApiKeyScope;
  key_organization_id: string;
  permissions: string[];
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
};

/** A key with its creator's current record: the key is looked up by its hash, so the key itself is stored nowhere. */
const API_KEY_AND_CREATOR = `
  SELECT k.api_key_id, k.scope, k.organization_id AS key_organization_id, k.permissions, k.expires_at, k.revoked_at,
         u.user_id, u.organization_id, u.email, u.first_name, u.last_name, u.role, u.status
  FROM rm_api_keys k LEFT JOIN rm_users u ON u.user_id = k.created_by
  WHERE k.key_hash = $1`;

/** Keys by hash, kept until keys or users change anywhere, or the key expires. */
const apiKeyCacheOf = cachePerDatabase<ApiKeyRow>([readModelTopic('api-keys'), readModelTopic('user-directory')]);

/**
 * A key acts for its creator as they are now, within the key: a super-admin's key reaches its own organization only
 * (it answers as an operator there), and it holds the key's permissions that the creator still holds.
 */
const resolveApiKey = async (
  db: SqlExecutor,
  key: string,
  freshness: Freshness,
): Promise<{ caller: Caller } | { refusal: CallerRefusal }> => {
  if (!wellFormedApiKey(key)) return { refusal: 'invalid_token' };
  const row = await apiKeyCacheOf(db).get(
    apiKeyHash(key),
    async () => (await db.query<ApiKeyRow>(API_KEY_AND_CREATOR, [apiKeyHash(key)])).rows[0],
    (found) => (found.expires_at === null ? Infinity : new Date(found.expires_at).getTime()),
    freshness,
  );
  if (!row) return { refusal: 'invalid_token' };
  if (row.revoked_at !== null) return { refusal: 'api_key_revoked' };
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now())
    return { refusal: 'api_key_expired' };
  const creator = userCaller(row, `api-key:${row.api_key_id}`);
  if (!('caller' in creator) || creator.caller.kind !== 'user') return creator;
  const role: Role = creator.caller.role === 'super-admin' ? 'operator' : creator.caller.role;
  const held = permissionsOf(role);
  return {
    caller: {
      ...creator.caller,
      organizationId: row.key_organization_id,
      role,
      permissions: row.permissions.filter((permission): permission is Permission =>
        (held as readonly string[]).includes(permission),
      ),
      apiKeyId: row.api_key_id,
      apiKeyScope: row.scope,
    },
  };
};

/**
 * What an open connection (a gateway socket) holds of its caller, checked again at each of its messages and whenever
 * sessions or users change: the caller as they are now, until when that holds at most (ms), or why it ended.
 */
export type LoginCheck =
  { caller: Caller; until: number } | { refusal: Extract<CallerRefusal, 'session_ended' | 'account_disabled'> };

type LoginRow = UserRow & {
  session_id: string;
  /** Null once the session is revoked (or unknown); an expiry, passed or not, otherwise. */
  session_expires_at: Date | string | null;
  revoked_reason: string | null;
  /** A single sign-on login's family, while it lives: until when it can still be refreshed. */
  login_expires_at: Date | string | null;
};

/**
 * Sessions and their users for many connections at once. A socket lives as long as the login it opened with, not as
 * its access token: a single sign-on token is replaced every quarter of an hour (the one replaced is revoked as
 * `rotated`) while the socket stays open, so such a session holds while its family can still be refreshed. LEAST
 * ignores the NULL of a family whose next token is being issued.
 */
const LOGINS = `
  SELECT l.session_id,
         CASE WHEN s.revoked_at IS NULL THEN s.expires_at END AS session_expires_at,
         s.revoked_reason,
         CASE WHEN s.revoked_at IS NULL OR s.revoked_reason = 'rotated' THEN family.until END AS login_expires_at,
         u.user_id, u.organization_id, u.email, u.first_name, u.last_name, u.role, u.status
  FROM unnest($1::text[], $2::text[]) AS l(session_id, user_id)
  LEFT JOIN auth_sessions s ON s.session_id = l.session_id
  LEFT JOIN LATERAL (
    SELECT LEAST(f.expires_at, (SELECT max(n.expires_at) FROM sso_refresh_tokens n
                                WHERE n.family_id = f.family_id AND n.used_at IS NULL)) AS until
    FROM sso_refresh_tokens t JOIN sso_token_families f ON f.family_id = t.family_id
    WHERE t.session_id = l.session_id AND f.revoked_at IS NULL
    LIMIT 1
  ) family ON true
  LEFT JOIN rm_users u ON u.user_id = l.user_id`;

const loginCacheOf = cachePerDatabase<LoginRow>([AUTH_SESSIONS_TOPIC, readModelTopic('user-directory')]);

const timeOf = (value: Date | string | null) => (value === null ? -Infinity : new Date(value).getTime());

const loginCheckOf = (row: LoginRow | undefined, caller: Caller, now: number): LoginCheck => {
  if (!row) return { refusal: 'session_ended' };
  const until = Math.max(timeOf(row.session_expires_at), timeOf(row.login_expires_at));
  if (until <= now) return { refusal: row.revoked_reason === 'user_disabled' ? 'account_disabled' : 'session_ended' };
  if (caller.kind === 'guest') return { caller, until };
  const current = userCaller(row, caller.sessionId);
  if ('caller' in current) return { caller: current.caller, until };
  return { refusal: current.refusal === 'account_disabled' ? 'account_disabled' : 'session_ended' };
};

/**
 * Checks again the callers of open connections, by their sessions (keyed by `sessionId`), in one round trip for those
 * the change-aware cache does not hold: a user's role and permissions come from their record as it is now.
 */
export const recheckCallers = async (
  db: SqlExecutor,
  callers: readonly Caller[],
  now = Date.now(),
  freshness: Freshness = {},
): Promise<Map<string, LoginCheck>> => {
  const userIds = new Map(
    callers.map((caller) => [caller.sessionId, caller.kind === 'user' ? caller.userId : caller.guestId]),
  );
  const rows = await loginCacheOf(db).getMany(
    [...userIds.keys()],
    async (missing) => {
      const { rows: found } = await db.query<LoginRow>(LOGINS, [missing, missing.map((id) => userIds.get(id)!)]);
      return new Map(found.map((row) => [row.session_id, row]));
    },
    freshness,
  );
  return new Map(callers.map((caller) => [caller.sessionId, loginCheckOf(rows.get(caller.sessionId), caller, now)]));
};
