import {
  GatewayRevocation,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type GatewayRevoked,
  type ServerToClientEvents,
  type SessionReplyDelta,
} from '@ai-coaching/contracts';
import { io, type Socket } from 'socket.io-client';
import { ApiError } from '../../../lib/http/api-error';
import { currentAccessToken, currentLanguage } from '../../../lib/http/api';
import type { OutgoingTurn, PlaySessionTransport, PlayTurnAnswer } from '../machines/play-types';

// The play screen's transport once a socket is open (docs/coaching-sessions.md, "Streaming over the gateway"): the
// learner's turn goes over the gateway and the persona's reply streams back; loading, End and Abort stay HTTP calls.
// Without a connected socket a turn goes over HTTP, whole: the learner plays on, only without streaming.

export type SessionSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  'connected' | 'on' | 'off' | 'connect'
> & {
  emit: Socket<ServerToClientEvents, ClientToServerEvents>['emit'];
};

/** A reply takes a while on a slow model; past this the turn is given up as unreachable and resent after a reload. */
const TURN_TIMEOUT_MS = 120_000;

const connectionLost = () => new ApiError(0, 'network_error', '');

/** One turn over the socket; a drop or the timeout rejects it as a network failure, which the machine resends. */
const turnOverSocket = (
  socket: SessionSocket,
  sessionId: string,
  turn: OutgoingTurn,
  { signal, onDelta }: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<PlayTurnAnswer> =>
  new Promise<PlayTurnAnswer>((resolve, reject) => {
    const onReplyDelta = (delta: SessionReplyDelta) => {
      if (delta.session_id === sessionId && delta.turn_id === turn.turn_id) onDelta(delta.text);
    };
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      socket.off('session.reply.delta', onReplyDelta);
      socket.off('disconnect', onDisconnect);
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onDisconnect = () => finish(() => reject(connectionLost()));
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(() => finish(() => reject(connectionLost())), TURN_TIMEOUT_MS);
    socket.on('session.reply.delta', onReplyDelta);
    socket.on('disconnect', onDisconnect);
    signal.addEventListener('abort', onAbort);
    socket.emit('session.turn', { session_id: sessionId, turn_id: turn.turn_id, text: turn.text }, (result) =>
      finish(() =>
        result.ok
          ? resolve(result.answer)
          : reject(new ApiError(result.status, result.error.code, result.error.message, result.error.details)),
      ),
    );
  });

/**
 * The gateway's transport: a turn over the socket `currentSocket` gives when connected, everything else as `http`
 * does it (the same calls, whole replies).
 */
export const socketSessionTransport = (
  currentSocket: () => SessionSocket | null,
  http: PlaySessionTransport,
): PlaySessionTransport => ({
  ...http,
  sendTurn: (sessionId, turn, options) => {
    const socket = currentSocket();
    if (socket?.connected) return turnOverSocket(socket, sessionId, turn, options);
    // A socket the gateway refused (an expired token, since refreshed by the HTTP call) does not retry by itself.
    socket?.connect();
    return http.sendTurn(sessionId, turn, options);
  },
});

/** The socket of the play screen: the token and language are read at each (re)connection. */
export const openSessionSocket = (): Socket<ServerToClientEvents, ClientToServerEvents> =>
  io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (callback) =>
      callback({ token: currentAccessToken() ?? '', protocolVersion: PROTOCOL_VERSION, locale: currentLanguage() }),
  });

/** A guest's link withdrawn or expired: their part is over (the gateway also refuses their handshake with it). */
export const isLinkClosed = (code: unknown): code is GatewayRevocation =>
  code === GatewayRevocation.SharedSessionRevoked || code === GatewayRevocation.SharedSessionExpired;

/**
 * Tells `listener` why the gateway ended this socket's access (docs/security.md, "Revocation reaches open sockets"):
 * `gateway.revoked` before it disconnects an open socket, or the refusal of a guest's handshake once their link
 * closed. Returns the way to stop listening.
 */
export const onSocketRevoked = (
  socket: Pick<SessionSocket, 'on' | 'off'>,
  listener: (code: GatewayRevocation) => void,
): (() => void) => {
  const revoked = (payload: GatewayRevoked) => listener(payload.code);
  const refused = (error: Error & { data?: { code?: unknown } }) => {
    const code = error.data?.code;
    if (isLinkClosed(code)) listener(code);
  };
  socket.on('gateway.revoked', revoked);
  socket.on('connect_error', refused);
  return () => {
    socket.off('gateway.revoked', revoked);
    socket.off('connect_error', refused);
  };
};
