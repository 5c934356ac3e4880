import type { GatewayResult, ServerToClientEvents } from '@ai-coaching/contracts';
import { ApiError } from '../../../lib/http/api-error';
import type { VoiceTransport } from '../machines/voice-play.types';
import type { SessionSocket } from './socket-transport';

// The voice protocol over the play screen's socket (docs/voice.md, "Gateway voice protocol" and "Browser voice
// screen"). Audio travels as binary attachments. Fire-and-forget messages are dropped while the socket is down:
// Socket.IO would otherwise buffer them and send stale microphone audio after a reconnect.

/** How long `voice.start` waits for the socket to (re)connect before the machine tries again. */
const CONNECT_WAIT_MS = 10_000;
const START_TIMEOUT_MS = 15_000;
/** A reply takes a while on a slow model, as a text turn does. */
const TEXT_TIMEOUT_MS = 120_000;

const connectionLost = () => new ApiError(0, 'network_error', '');

/** The socket once connected, or a network failure the machine retries. */
const connectedSocket = (currentSocket: () => SessionSocket | null, signal: AbortSignal): Promise<SessionSocket> =>
  new Promise((resolve, reject) => {
    const now = currentSocket();
    if (now?.connected) return resolve(now);
    const started = Date.now();
    // The socket may not exist yet (the page mounts it) or be between two connections.
    const timer = setInterval(() => {
      const socket = currentSocket();
      if (socket?.connected) finish(() => resolve(socket));
      else if (Date.now() - started > CONNECT_WAIT_MS) finish(() => reject(connectionLost()));
    }, 100);
    const onAbort = () => finish(() => reject(signal.reason));
    const finish = (settle: () => void) => {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    signal.addEventListener('abort', onAbort);
    // A socket the gateway refused (an expired token, refreshed since by an HTTP call) does not retry by itself.
    if (now && !now.connected) now.connect();
  });

/** One call with an acknowledgement; a drop, the timeout or the signal rejects it as a network failure. */
const call = <Answer>(
  socket: SessionSocket,
  signal: AbortSignal,
  timeoutMs: number,
  emit: (ack: (result: GatewayResult<Answer>) => void) => void,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      socket.off('disconnect', onDisconnect);
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const onDisconnect = () => finish(() => reject(connectionLost()));
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(() => finish(() => reject(connectionLost())), timeoutMs);
    socket.on('disconnect', onDisconnect);
    signal.addEventListener('abort', onAbort);
    emit((result) =>
      finish(() =>
        result.ok
          ? resolve(result.answer)
          : reject(new ApiError(result.status, result.error.code, result.error.message, result.error.details)),
      ),
    );
  });

const bytesOf = (frame: Int16Array): ArrayBuffer =>
  frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength) as ArrayBuffer;

export const socketVoiceTransport = (currentSocket: () => SessionSocket | null): VoiceTransport => {
  /** The socket to send on now, if it is connected. */
  const live = () => {
    const socket = currentSocket();
    return socket?.connected ? socket : null;
  };
  return {
    listen(sessionId, onEvent) {
      let socket: SessionSocket | null = null;
      const ours = (payload: { session_id: string }) => payload.session_id === sessionId;
      const handlers: { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & {
        connect: () => void;
        disconnect: () => void;
      } = {
        connect: () => onEvent({ type: 'gateway.connected' }),
        disconnect: () => onEvent({ type: 'gateway.disconnected' }),
        'voice.audio': (header, pcm) => {
          if (ours(header)) onEvent({ type: 'gateway.audio', header, pcm: new Int16Array(pcm) });
        },
        'voice.transcript': (transcript) => {
          if (ours(transcript)) onEvent({ type: 'gateway.transcript', transcript });
        },
        'voice.response.done': (done) => {
          if (ours(done)) onEvent({ type: 'gateway.responseDone', done });
        },
        'voice.outcome': (outcome) => {
          if (ours(outcome)) onEvent({ type: 'gateway.outcome', outcome });
        },
        'voice.error': (error) => {
          if (ours(error)) onEvent({ type: 'gateway.error', error });
        },
        'voice.speech': (speech) => {
          if (ours(speech)) onEvent({ type: 'gateway.speech', speech });
        },
        'voice.playback.stop': (stop) => {
          if (ours(stop)) onEvent({ type: 'gateway.playbackStop', stop });
        },
      };
      type AnyHandler = (...args: unknown[]) => void;
      const on = (target: SessionSocket) => {
        for (const [event, handler] of Object.entries(handlers))
          (target.on as (event: string, handler: AnyHandler) => void)(event, handler as AnyHandler);
      };
      const off = (target: SessionSocket) => {
        for (const [event, handler] of Object.entries(handlers))
          (target.off as (event: string, handler: AnyHandler) => void)(event, handler as AnyHandler);
      };
      // The page opens its socket as it mounts, and a new one if it remounts: the listeners follow the current one.
      const follow = () => {
        const now = currentSocket();
        if (now === socket) return;
        if (socket) off(socket);
        socket = now;
        if (socket) on(socket);
      };
      follow();
      const timer = setInterval(follow, 250);
      return () => {
        clearInterval(timer);
        if (socket) off(socket);
      };
    },
    async start(sessionId, { signal }) {
      const socket = await connectedSocket(currentSocket, signal);
      return call(socket, signal, START_TIMEOUT_MS, (ack) =>
        socket.emit('voice.start', { session_id: sessionId }, ack),
      );
    },
    async sendText(sessionId, turn, { signal }) {
      const socket = await connectedSocket(currentSocket, signal);
      return call(socket, signal, TEXT_TIMEOUT_MS, (ack) =>
        socket.emit('voice.text', { session_id: sessionId, turn_id: turn.turn_id, text: turn.text }, ack),
      );
    },
    sendAudio(sessionId, seq, frame) {
      live()?.emit('voice.audio.in', { session_id: sessionId, seq }, bytesOf(frame));
    },
    commit(sessionId) {
      live()?.emit('voice.commit', { session_id: sessionId });
    },
    reportPlayback(sessionId, responseId, playedMs) {
      live()?.emit('voice.playback', { session_id: sessionId, response_id: responseId, played_ms: playedMs });
    },
    stop(sessionId) {
      live()?.emit('voice.stop', { session_id: sessionId });
    },
  };
};
