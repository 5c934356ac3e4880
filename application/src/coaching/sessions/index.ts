// The sessions area's use cases, as the workspace exports them (the other files are its own).
export { sessionCaller, visibleSession } from './visibility.js';
export { coachingSessionReservationId, sessionIdOfReservation } from './reservation.js';
export {
  DEFAULT_SESSION_TIME_LIMIT_SECONDS,
  playableScenario,
  practiceCardOf,
  publishedScenario,
} from './played-content.js';
export { briefCoachingScenario } from './scenario-brief.js';
export { SESSION_RESERVATION_GRACE_SECONDS, startCoachingSession, startSessionOf, type SessionStart } from './start.js';
export { personaInstructions } from './persona-brief.js';
export { type ReplyDeltaListener } from './persona-reply.js';
export { playCoachingSessionTurn } from './turns.js';
export { listCoachingSessionsOf, readCoachingSession, type CoachingSessionListQuery } from './read-sessions.js';
export { endCoachingSessionNow, renameCoachingSession, stopCoachingSession } from './lifecycle.js';
export { deleteCoachingSession, eraseCoachingSession } from './erase.js';
export { expireCoachingSessionTimeLimit } from './time-limit-expiry.js';
export * from './time-limit.js';
export * from './retention.js';
export * from './practice.js';
export * from './playlist-progress.js';
