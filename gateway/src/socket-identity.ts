import type { AppServices } from '@ai-coaching/application';
import { ConnectionRefusal, GatewayRevocation } from '@ai-coaching/contracts';
import { recheckCallers, resolveCaller, type Caller, type Freshness, type LoginCheck } from '@ai-coaching/platform';
import { findGuestLinks, type GuestLink } from '@ai-coaching/projections';
import type { SocketData } from './socket-data.js';

export type IdentityServices = Pick<AppServices, 'db' | 'tokens' | 'clock'>;

/** What a socket's caller holds now: the caller as they are and when to look again at the latest, or why it ended. */
export type SocketAccess = { caller: Caller; checkAgainInMs: number } | { revocation: GatewayRevocation };

const accessOf = (
  opened: Caller,
  login: LoginCheck,
  links: ReadonlyMap<string, GuestLink | null>,
  now: number,
  clockNow: number,
): SocketAccess => {
  if ('refusal' in login) return { revocation: login.refusal };
  // What the socket was let do was decided for the role it opened with.
  if (login.caller.role !== opened.role) return { revocation: GatewayRevocation.RoleChanged };
  let checkAgainInMs = login.until - now;
  if (opened.kind === 'guest') {
    // No link yet (its read model not caught up): the guest's own session still holds them.
    const link = links.get(opened.sharedSessionId);
    if (link?.revokedAt) return { revocation: GatewayRevocation.SharedSessionRevoked };
    if (link) {
      // The link's expiry on the server's clock, as the API decides `coaching_session_access_expired`.
      const left = Date.parse(link.expiresAt) - clockNow;
      if (left <= 0) return { revocation: GatewayRevocation.SharedSessionExpired };
      checkAgainInMs = Math.min(checkAgainInMs, left);
    }
  }
  return { caller: login.caller, checkAgainInMs };
};

/**
 * The callers of open sockets checked again, keyed by their sessions: through the change-aware caches the API's
 * requests use (sessions and users, guests' links), so a check the caches can answer costs no round trip; `fresh`
 * reads the store itself.
 */
export const checkSocketCallers = async (
  services: IdentityServices,
  callers: readonly Caller[],
  freshness: Freshness = {},
): Promise<Map<string, SocketAccess>> => {
  const now = Date.now();
  const logins = await recheckCallers(services.db, callers, now, freshness);
  const guestSessions = callers.flatMap((caller) => (caller.kind === 'guest' ? [caller.sharedSessionId] : []));
  const links = guestSessions.length > 0 ? await findGuestLinks(services.db, guestSessions, freshness) : new Map();
  const clockNow = services.clock.now().getTime();
  return new Map(
    callers.map((caller) => [caller.sessionId, accessOf(caller, logins.get(caller.sessionId)!, links, now, clockNow)]),
  );
};

/** One socket's caller checked again. */
export const checkSocketCaller = async (services: IdentityServices, caller: Caller, freshness: Freshness = {}) =>
  (await checkSocketCallers(services, [caller], freshness)).get(caller.sessionId)!;

export type SocketIdentity =
  | { data: SocketData; checkAgainInMs: number }
  | {
      refusal:
        | typeof ConnectionRefusal.Unauthorized
        | typeof ConnectionRefusal.SharedSessionRevoked
        | typeof ConnectionRefusal.SharedSessionExpired;
    };

/**
 * The handshake resolves the token exactly as HTTP requests do (a token whose session ended or whose user is disabled
 * opens no socket), then holds it to what open sockets are held to: a guest whose link was withdrawn or has expired
 * is refused with that reason.
 */
export const socketIdentity =
  (services: IdentityServices) =>
  async (token: string): Promise<SocketIdentity> => {
    const resolved = await resolveCaller(services, token);
    // Live sessions are a person's: an organization's API key works on the HTTP API only.
    if (!('caller' in resolved) || (resolved.caller.kind === 'user' && resolved.caller.apiKeyId)) {
      return { refusal: ConnectionRefusal.Unauthorized };
    }
    const access = await checkSocketCaller(services, resolved.caller);
    if ('revocation' in access) {
      const { revocation } = access;
      const linkClosed =
        revocation === GatewayRevocation.SharedSessionRevoked || revocation === GatewayRevocation.SharedSessionExpired;
      return { refusal: linkClosed ? revocation : ConnectionRefusal.Unauthorized };
    }
    const { caller } = access;
    const data: SocketData =
      caller.kind === 'user'
        ? {
            userId: caller.userId,
            role: caller.role,
            organizationId: caller.organizationId,
            tokenType: 'access',
            caller,
          }
        : {
            userId: caller.guestId,
            role: 'guest',
            tokenType: 'guest',
            sharedSessionId: caller.sharedSessionId,
            caller,
          };
    return { data, checkAgainInMs: access.checkAgainInMs };
  };
