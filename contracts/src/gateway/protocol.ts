import type { z } from 'zod';
import { coachingSessionTurnBodySchema, type CoachingSessionTurnAnswer } from '../coaching-sessions.js';
import { idSchema } from '../http/fields.js';
import type { ErrorBody } from '../http/errors.js';

/**
 * The typed Socket.IO protocol shared by the gateway and the client. Event names are dotted
 * nouns and verbs declared only here. Session play (text and voice) extends these maps.
 * What the gateway keeps about a socket (`SocketData`) is the gateway's own business.
 */
export const PROTOCOL_VERSION = 1;

/** Why a connection was refused: `connect_error` carries one of these in `err.data.code`. */
export const ConnectionRefusal = {
  OriginNotAllowed: 'origin_not_allowed',
  Unauthorized: 'unauthorized',
  ClientTooOld: 'client_too_old',
} as const;
export type ConnectionRefusal = (typeof ConnectionRefusal)[keyof typeof ConnectionRefusal];

/**
 * A learner turn sent over the socket: the body of `POST /v1/coaching/sessions/{id}/turns` and the session's id. The
 * same `turn_id` after a drop is recorded once, and rejoins the reply if it is still being written.
 */
export const sessionTurnMessageSchema = coachingSessionTurnBodySchema.extend({
  session_id: idSchema,
  turn_id: idSchema,
});
export type SessionTurnMessage = z.infer<typeof sessionTurnMessageSchema>;

/** What a socket call answers: the HTTP answer, or the HTTP error body with its status, in the socket's language. */
export type GatewayResult<Answer> = { ok: true; answer: Answer } | { ok: false; status: number; error: ErrorBody };

/** A piece of the persona's reply to `turn_id`, outcome markers left out; the turn's answer holds the whole. */
export type SessionReplyDelta = { session_id: string; turn_id: string; text: string };

export type ServerToClientEvents = {
  'gateway.welcome': (payload: { protocolVersion: number; userId: string; role: string }) => void;
  'session.reply.delta': (payload: SessionReplyDelta) => void;
};

export type ClientToServerEvents = {
  'gateway.ping': (ack: (payload: { at: string }) => void) => void;
  /** Plays one turn through the same use case as the HTTP turn; deltas stream to this socket meanwhile. */
  'session.turn': (
    payload: SessionTurnMessage,
    ack: (result: GatewayResult<CoachingSessionTurnAnswer>) => void,
  ) => void;
};
