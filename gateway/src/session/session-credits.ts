import {
  captureReservation,
  releaseReservation,
  reserveCredits,
  type Origin,
  type ReservationAnswer,
  type ReservationServices,
} from '@ai-coaching/application';
import { ForbiddenError, userAccount } from '@ai-coaching/domain';
import type { SocketData } from '../socket-data.js';

// A session played over a socket pays like one played over HTTP: the same use cases of the
// application layer hold its maximum cost when it starts, charge what it used when it ends, and
// free the rest. The gateway reaches them directly; it never goes through the API.

const originOf = (socket: SocketData): Origin => ({ caller: socket.caller });

/** One reservation per session, so a start the client retries (a reconnect) holds credits once. */
export const sessionReservationId = (sessionId: string): string => `session-${sessionId}`;

const player = (socket: SocketData) => {
  if (socket.caller.kind !== 'user') {
    throw new ForbiddenError('forbidden', 'Only a signed-in user pays for a session from their own wallet.');
  }
  return socket.caller;
};

/** Holds `maxCredits` of the player's wallet for the session (409 `insufficient_credits` when they lack them). */
export const reserveSessionCredits = (
  services: ReservationServices,
  socket: SocketData,
  session: { sessionId: string; maxCredits: number; ttlSeconds: number },
): Promise<ReservationAnswer> => {
  const user = player(socket);
  return reserveCredits(services, originOf(socket), {
    organizationId: user.organizationId,
    account: userAccount(user.userId),
    actorId: user.userId,
    amount: session.maxCredits,
    sessionId: session.sessionId,
    reservationId: sessionReservationId(session.sessionId),
    ttlSeconds: session.ttlSeconds,
  });
};

/** Charges what the session used (at most what was held) and frees the rest; a session that cost nothing frees it all. */
export const settleSessionCredits = (
  services: ReservationServices,
  socket: SocketData,
  session: { sessionId: string; usedCredits: number },
): Promise<ReservationAnswer> => {
  const user = player(socket);
  const reservation = {
    organizationId: user.organizationId,
    actorId: user.userId,
    reservationId: sessionReservationId(session.sessionId),
  };
  return session.usedCredits > 0
    ? captureReservation(services, originOf(socket), { ...reservation, amount: session.usedCredits })
    : releaseReservation(services, originOf(socket), reservation);
};
