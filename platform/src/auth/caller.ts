import { isRole, permissionsOf, type Permission, type Role } from '@ai-coaching/domain';
import type { TokenService } from '../crypto/token-service.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import { isSessionActive } from './auth-sessions.js';

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

type UserRow = {
  user_id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
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
  if (!(await isSessionActive(deps.db, claims.jti))) return { refusal: 'session_ended' };
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
  const { rows } = await deps.db.query<UserRow>(
    'SELECT user_id, organization_id, email, first_name, last_name, role, status FROM rm_users WHERE user_id = $1',
    [claims.sub],
  );
  const user = rows[0];
  if (!user || !isRole(user.role)) return { refusal: 'invalid_token' };
  if (user.status !== 'active') return { refusal: 'account_disabled' };
  return {
    caller: {
      kind: 'user',
      userId: user.user_id,
      organizationId: user.organization_id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      role: user.role,
      permissions: permissionsOf(user.role),
      sessionId: claims.jti,
    },
  };
};
