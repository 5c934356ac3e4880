import { ForbiddenError, NotFoundError } from '@ai-coaching/domain';
import { findCoachingSession, type CoachingSessionView } from '@ai-coaching/projections';
import type { Caller } from '@ai-coaching/platform';
import type { AppServices } from '../../app-services.js';
import { mayAccess, type GuestCaller, type UserCaller } from '../../tenancy/scope.js';

// Who sees which session (docs/coaching-sessions.md, docs/shared-sessions.md): every session use case, and the
// analysis reports', ask here first.

export const sessionNotFound = () => new NotFoundError('coaching_session_not_found', 'This session does not exist.');

export const mayCheckOthers = (caller: UserCaller) => caller.permissions.includes('coaching-session-check-other');

const accessExpired = () =>
  new ForbiddenError(
    'coaching_session_access_expired',
    'This shared session has expired: its link is no longer valid, so its result cannot be opened any more.',
  );

/** Who may call the session routes: a signed-in user, or the guest of one session (docs/shared-sessions.md). */
export const sessionCaller = (caller: Caller | undefined): UserCaller | GuestCaller => {
  if (caller === undefined) throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  return caller;
};

/**
 * The player sees their own sessions; with `coaching-session-check-other`, the caller sees the others of their
 * organization too, and the sharer of a link the sessions of its guests, but only to read them. A guest sees the one
 * session their token names, until its link expires; a guest's session whose link expired is read by others only with
 * `coaching-session-access-expired`. A private practice session is read by its player only (docs/programs.md,
 * "Private practice"): its transcript, report, scores, recordings and chats are nobody else's. Anything else answers
 * 404, as for a missing session.
 *
 * To `erase`: the player their own session; a guest's session (its guest has no account to erase it with), whoever
 * reads it, even once its link expired, since erasing shows nothing of it (docs/shared-sessions.md).
 */
export const visibleSession = async (
  services: Pick<AppServices, 'db' | 'clock'>,
  caller: UserCaller | GuestCaller,
  sessionId: string,
  purpose: 'read' | 'play' | 'erase',
): Promise<CoachingSessionView> => {
  const session = await findCoachingSession(services.db, sessionId);
  if (!session) throw sessionNotFound();
  const expired = session.guest !== null && services.clock.now().getTime() >= Date.parse(session.guest.linkExpiresAt);
  if (caller.kind === 'guest') {
    if (session.guestId !== caller.guestId || caller.sharedSessionId !== sessionId) throw sessionNotFound();
    if (expired) throw accessExpired();
    return session;
  }
  if (!mayAccess(caller, session.organizationId)) throw sessionNotFound();
  if (session.userId === caller.userId) return session;
  // Private practice is its player's alone: no reviewer, operator or super-admin reads it, nor anything of it.
  if (session.private) throw sessionNotFound();
  const reader =
    (purpose === 'read' || (purpose === 'erase' && session.guest !== null)) &&
    (session.guest?.sharedBy === caller.userId ||
      (mayCheckOthers(caller) && session.organizationId === caller.organizationId));
  if (!reader) throw sessionNotFound();
  if (purpose === 'read' && expired && !caller.permissions.includes('coaching-session-access-expired')) {
    throw accessExpired();
  }
  return session;
};
