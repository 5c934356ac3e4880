// One session's start as the coaching sessions' specs write it: ada plays "Hold the price", 10 minutes and 3 turns at
// most, 2 credits a minute, its whole price reserved.
import type { StartCoachingSession } from './commands.js';
import type { CoachingSessionContent, CoachingSessionEvent, CoachingSessionSetup } from './events.js';

export const t0 = '2026-11-24T10:00:00.000Z';
/** Seconds after the start. */
export const at = (seconds: number) => new Date(Date.parse(t0) + seconds * 1000).toISOString();

export const reservation = { reservationId: 'r1', reservedCredits: 20, expiresAt: at(900) };

const setupWith = (content: CoachingSessionContent): CoachingSessionSetup => ({
  sessionId: 's1',
  organizationId: 'org-1',
  player: { type: 'user', userId: 'ada' },
  name: 'Hold the price',
  content,
  timeLimitSeconds: 600,
  turnLimit: 3,
  creditsPerMinute: 2,
  reservation,
});

export const startWith = (content: CoachingSessionContent): StartCoachingSession => ({
  type: 'StartCoachingSession',
  data: setupWith(content),
  metadata: { now: t0 },
});

/** The start as recorded: the setup with its status after the content, as the decider writes it. */
export const startedWith = (content: CoachingSessionContent): CoachingSessionEvent => {
  const { timeLimitSeconds, turnLimit, creditsPerMinute, reservation: reserved, ...who } = setupWith(content);
  return {
    type: 'CoachingSessionStarted',
    data: {
      ...who,
      status: 'in-progress',
      timeLimitSeconds,
      turnLimit,
      creditsPerMinute,
      reservation: reserved,
      startedAt: t0,
    },
  };
};
