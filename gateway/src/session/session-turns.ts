import {
  playCoachingSessionTurn,
  type AppServices,
  type Origin,
  type ReplyDeltaListener,
} from '@ai-coaching/application';
import type { ClientToServerEvents, CoachingSessionTurnAnswer, ServerToClientEvents } from '@ai-coaching/contracts';
import type { Logger } from '@ai-coaching/platform';
import type { Socket } from 'socket.io';
import { gatewayFailure, socketLocale } from '../socket-answers.js';
import type { SocketData } from '../socket-data.js';

// The gateway's text turn (docs/coaching-sessions.md, "Streaming over the gateway"): the same use case as
// `POST /v1/coaching/sessions/{id}/turns`, with the reply's deltas sent to the socket as the provider writes them.

/** A turn being answered in this process, which a socket resending it after a drop rejoins instead of asking again. */
type TurnInFlight = {
  answer: Promise<CoachingSessionTurnAnswer>;
  /** What the reply showed so far, for a socket that rejoins midway. */
  shown: string;
  listeners: Set<ReplyDeltaListener>;
};

export type TurnsInFlight = Map<string, TurnInFlight>;

export const createTurnsInFlight = (): TurnsInFlight => new Map();

type TurnSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * `session.turn`: records the learner's turn and streams the persona's reply. The turn goes on when the socket drops,
 * so the reply is recorded either way; the same turn sent again meanwhile (a reconnect) joins it, gets what was shown
 * so far and the rest, and the provider is asked once.
 */
export const handleSessionTurns = (
  socket: TurnSocket,
  services: AppServices,
  inFlight: TurnsInFlight,
  log: Logger,
): void => {
  // The message and its acknowledgement were checked at the gateway's edge (socket-guard.ts).
  socket.on('session.turn', async ({ session_id: sessionId, turn_id: turnId, text }, ack) => {
    const locale = socketLocale(socket);
    // The acknowledgement carries the reply and the status, all the player shows: the turn's commands do not wait for
    // the read models, which under load took most of a turn's time (docs/performance.md, "System"). A reload reads the
    // transcript a moment behind at worst, and a turn resent meanwhile is recorded once (its id).
    const origin: Origin = {
      caller: socket.data.caller,
      correlationId: socket.id,
      log,
      locale,
      readYourWrites: false,
    };

    const send: ReplyDeltaListener = (delta) =>
      socket.emit('session.reply.delta', { session_id: sessionId, turn_id: turnId, text: delta });
    // The caller is part of the key: nobody rejoins a turn of a session they could not play.
    const key = `${socket.data.userId}:${sessionId}:${turnId}`;
    let turn = inFlight.get(key);
    if (turn) {
      if (turn.shown) send(turn.shown);
    } else {
      const progress = { shown: '', listeners: new Set<ReplyDeltaListener>() };
      const answer = playCoachingSessionTurn(
        services,
        origin,
        sessionId,
        { text, turn_id: turnId },
        {
          onDelta: (delta) => {
            progress.shown += delta;
            for (const listener of progress.listeners) listener(delta);
          },
        },
      ).finally(() => inFlight.delete(key));
      const started: TurnInFlight = Object.assign(progress, { answer });
      inFlight.set(key, started);
      turn = started;
    }
    turn.listeners.add(send);
    try {
      ack({ ok: true, answer: await turn.answer });
    } catch (error) {
      ack(gatewayFailure(error, locale, log));
    } finally {
      turn.listeners.delete(send);
    }
  });
};
