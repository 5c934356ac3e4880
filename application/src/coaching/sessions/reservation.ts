// How a session's reservation is named, apart from the session use cases so the ledger's expiry job can read it
// without importing them.

const RESERVATION_PREFIX = 'coaching-session-';

/** Derived from the session, so a retried start reserves once and the expiry job finds the session back. */
export const coachingSessionReservationId = (sessionId: string): string => `${RESERVATION_PREFIX}${sessionId}`;

/** The session whose reservation this is, if it is a session's. */
export const sessionIdOfReservation = (reservationId: string): string | null =>
  reservationId.startsWith(RESERVATION_PREFIX) ? reservationId.slice(RESERVATION_PREFIX.length) : null;
