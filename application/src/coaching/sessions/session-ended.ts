import type { CoachingSessionState } from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';

// The hook a session's ending calls, so that what follows an ending (its analysis report) is not the sessions'
// business: `analysis/ended-sessions.ts` registers itself here, and the sessions never import the analysis.

/** Told once a command ended a session (every ending: End, Abort, the time limit, a deletion of a live one…). */
export type CoachingSessionEndedListener = (
  services: AppServices,
  origin: Origin,
  session: CoachingSessionState,
) => Promise<void>;

const listeners = new Set<CoachingSessionEndedListener>();

/** Registers a listener once; registering it again changes nothing. */
export const onCoachingSessionEnded = (listener: CoachingSessionEndedListener): void => {
  listeners.add(listener);
};

/** Tells every listener, one after the other; a listener that must never fail the ending catches its own errors. */
export const tellCoachingSessionEnded = async (
  services: AppServices,
  origin: Origin,
  session: CoachingSessionState,
): Promise<void> => {
  for (const listener of listeners) await listener(services, origin, session);
};
