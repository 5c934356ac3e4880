import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import type { AppServices, Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { reread } from './answers.js';
import { runAndSettle, runSessionCommand } from './session-stream.js';
import { sessionCaller, visibleSession } from './visibility.js';

// A session's life after its start: End, Abort, the system's end, a new name. Each ending is settled once
// (`runAndSettle`) and told to what follows it (`onCoachingSessionEnded`).

/** Ends a session for the system (a revoked share link): as End, charged for the time used, with its report. */
export const endCoachingSessionNow = async (services: AppServices, origin: Origin, sessionId: string) => {
  await runAndSettle(services, origin, sessionId, { type: 'EndCoachingSession', data: { sessionId } });
};

/** End or Abort; on an ended session nothing changes, but its settlement is retried in case it was cut short. */
export const stopCoachingSession = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  how: 'end' | 'abort',
): Promise<CoachingSessionAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  await runAndSettle(services, origin, sessionId, {
    type: how === 'end' ? 'EndCoachingSession' : 'AbortCoachingSession',
    data: { sessionId },
  });
  return reread(services, sessionId);
};

export const renameCoachingSession = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: { name: string },
): Promise<CoachingSessionAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  await runSessionCommand(services, origin, sessionId, {
    type: 'RenameCoachingSession',
    data: { sessionId, name: body.name },
  });
  return reread(services, sessionId);
};
