// One session's start as the coaching sessions' specs write it: ada plays "Hold the price", 10 minutes and 3 turns at
// most, 2 credits a minute, its whole price reserved.
import type { StartCoachingSession } from './commands.js';
import type { CoachingSessionContent, CoachingSessionEvent } from './events.js';

export const t0 = '2026-11-24T10:00:00.000Z';
/** Seconds after the start. */
export const at = (seconds: number) => new Date(Date.parse(t0) + seconds * 1000).toISOString();

export const reservation = { reservationId: 'r1', reservedCredits: 20, expiresAt: at(900) };

export const startWith = (content: CoachingSessionContent): StartCoachingSession => ({
  type: 'StartCoachingSession',
  data: {
    sessionId: 's1',
    organizationId: 'org-1',
    player: { type: 'user', userId: 'ada' },
    name: 'Hold the price',
    content,
    timeLimitSeconds: 600,
    turnLimit: 3,
    creditsPerMinute: 2,
    reservation,
  },
  metadata: { now: t0 },
});

export const startedWith = (content: CoachingSessionContent): CoachingSessionEvent => ({
  type: 'CoachingSessionStarted',
  data: {
    sessionId: 's1',
    organizationId: 'org-1',
    player: { type: 'user', userId: 'ada' },
    name: 'Hold the price',
    content,
    status: 'in-progress',
    timeLimitSeconds: 600,
    turnLimit: 3,
    creditsPerMinute: 2,
    reservation,
    startedAt: t0,
  },
});
