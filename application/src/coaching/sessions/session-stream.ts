import {
  coachingSessionDecider,
  ConflictError,
  coachingSessionStreamId,
  fold,
  type CoachingSessionCommand,
  type CoachingSessionEvent,
  type CoachingSessionState,
} from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';
import { awaitReadModels } from '../../commands/run-command.js';
import { streamCommandRunner, type WithoutTime } from '../../commands/stream-commands.js';
import { captureReservation } from '../../credits/reservations.js';
import { tellCoachingSessionEnded } from './session-ended.js';

// A session's own stream: its commands, the settlement of its credits once it ends, and its state as the stream holds
// it, which never lags behind a read model.

export type SessionCommand = WithoutTime<CoachingSessionCommand>;

/** The session as its own stream holds it. */
export const loadCoachingSession = async (
  services: Pick<AppServices, 'store'>,
  sessionId: string,
): Promise<CoachingSessionState> => {
  const recorded = await services.store.readStream(coachingSessionStreamId(sessionId));
  return fold(
    coachingSessionDecider,
    recorded.map((event) => ({ type: event.type, data: event.data }) as CoachingSessionEvent),
  );
};

export const runSessionCommand = streamCommandRunner(coachingSessionStreamId, coachingSessionDecider);

/**
 * Captures what the ending charged and releases the rest. Every path that may end a session calls it, and calling
 * it again does nothing: the capture's command id is the reservation's, and a reservation resolves once.
 */
const settle = async (services: AppServices, origin: Origin, state: CoachingSessionState): Promise<void> => {
  if (state.status === 'none' || state.ending === null || state.reservation.reservedCredits === 0) return;
  try {
    await captureReservation(services, origin, {
      organizationId: state.organizationId,
      reservationId: state.reservation.reservationId,
      amount: state.ending.capturedCredits,
    });
  } catch (error) {
    // Settled already (a repeated End, or the expiry job got there first): nothing is charged twice.
    if (error instanceof ConflictError && error.code === 'reservation_already_resolved') return;
    throw error;
  }
};

/**
 * A command that may end the session: its credits settled, and the ending told (`onCoachingSessionEnded`). A caller
 * that does not read its writes (`origin.readYourWrites: false`, the gateway's turns) reads them all the same once the
 * session ended: its player opens the result next, which must show the ending, the charge and the analysis asked for.
 */
export const runAndSettle = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  command: SessionCommand,
  commandId?: string,
) => {
  const result = await runSessionCommand(services, origin, sessionId, command, commandId);
  const ended = result.events.some((event) => event.type === 'CoachingSessionEnded');
  const after = ended && origin.readYourWrites === false ? { ...origin, readYourWrites: true } : origin;
  if (after !== origin) await awaitReadModels(services, after, result);
  await settle(services, after, result.state);
  if (ended) await tellCoachingSessionEnded(services, after, result.state);
  return result;
};
