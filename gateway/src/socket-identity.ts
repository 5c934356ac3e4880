import { resolveCaller, type SqlExecutor, type TokenService } from '@ai-coaching/platform';
import type { SocketData } from './socket-data.js';

/**
 * The gateway's handshake uses the same resolution as HTTP requests: a token whose session ended
 * or whose user is disabled opens no socket.
 */
export const socketIdentity =
  (deps: { db: SqlExecutor; tokens: TokenService }) =>
  async (token: string): Promise<SocketData | undefined> => {
    const result = await resolveCaller(deps, token);
    if (!('caller' in result)) return undefined;
    const { caller } = result;
    return caller.kind === 'user'
      ? { userId: caller.userId, role: caller.role, organizationId: caller.organizationId, tokenType: 'access', caller }
      : { userId: caller.guestId, role: 'guest', tokenType: 'guest', sharedSessionId: caller.sharedSessionId, caller };
  };
