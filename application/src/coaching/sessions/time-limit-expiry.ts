import { coachingSessionEndsAt, isTerminalCoachingSessionStatus } from '@ai-coaching/domain';
import type { AppServices } from '../../app-services.js';
import { loadCoachingSession, runAndSettle } from './session-stream.js';
import { CoachingSessionTimeNotUpYet } from './time-limit.js';

/**
 * The `session.time-limit` job: a session still playing at its deadline ends with `end` (`time_limit`), is charged the
 * whole limit and gets its report, as every other ending. An ended, deleted or unknown session changes nothing, and
 * neither does a paid one whose reservation has expired: its runtime died with the timer, and the reservation's expiry
 * ends it at its last turn (docs/coaching-sessions.md, "What each ending charges").
 */
export const expireCoachingSessionTimeLimit = async (
  services: AppServices,
  payload: { sessionId: string },
  options: { causationId: string },
): Promise<{ ended: boolean }> => {
  const session = await loadCoachingSession(services, payload.sessionId);
  if (session.status === 'none' || session.deleted || isTerminalCoachingSessionStatus(session.status)) {
    return { ended: false };
  }
  const now = services.clock.now().getTime();
  const { reservedCredits, expiresAt } = session.reservation;
  if (reservedCredits > 0 && now >= Date.parse(expiresAt)) return { ended: false };
  if (now < Date.parse(coachingSessionEndsAt(session))) {
    throw new CoachingSessionTimeNotUpYet(
      `Session ${payload.sessionId} plays until ${coachingSessionEndsAt(session)}; its time-limit job ran early.`,
    );
  }
  const result = await runAndSettle(
    services,
    { correlationId: options.causationId },
    payload.sessionId,
    { type: 'ExpireCoachingSessionTimeLimit', data: { sessionId: payload.sessionId } },
    `time-limit-${payload.sessionId}`,
  );
  return { ended: result.events.some((event) => event.type === 'CoachingSessionEnded') };
};
