import type { AppServices, Origin } from '@ai-coaching/application';
import { ConflictError } from '@ai-coaching/domain';
import type { Logger } from '@ai-coaching/platform';
import { gatewayFailure, socketLocale } from '../socket-answers.js';
import { startVoiceSession, type VoiceSessions } from './voice-session.js';
import type { VoiceSocket } from './voice-socket.js';

export { createVoiceSessions, type VoiceSessions } from './voice-session.js';

// The gateway's voice (docs/voice.md, "Gateway voice protocol"): each voice message of a socket goes to the session
// it names, if this socket started it, and from there to the session's mode (modes/: typed turns, a cascade, or a
// realtime conversation). Each message's arguments were checked at the gateway's edge (socket-guard.ts), its
// acknowledgement there too.

/** A microphone frame as samples: PCM16 little-endian (its size checked at the gateway's edge, socket-guard.ts). */
const samplesOf = (pcm: ArrayBuffer | ArrayBufferView): Int16Array => {
  const bytes = ArrayBuffer.isView(pcm) ? Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) : Buffer.from(pcm);
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
};

const notStarted = () =>
  new ConflictError('coaching_voice_not_started', 'Start the session’s voice on this connection first (voice.start).');

export const handleVoiceSessions = (
  socket: VoiceSocket,
  services: AppServices,
  sessions: VoiceSessions,
  log: Logger,
): void => {
  const originOf = (): Origin => ({
    caller: socket.data.caller,
    correlationId: socket.id,
    log,
    locale: socketLocale(socket),
  });
  /** The session this socket started; messages of a session another socket has taken over are dropped. */
  const attached = (sessionId: string) => {
    const session = sessions.get(`${socket.data.userId}:${sessionId}`);
    return session?.socket === socket ? session : undefined;
  };
  const started = (sessionId: string) => {
    const session = attached(sessionId);
    if (!session) throw notStarted();
    return session;
  };

  socket.on('voice.start', async (payload, ack) => {
    const locale = socketLocale(socket);
    try {
      ack({ ok: true, answer: await startVoiceSession(sessions, socket, services, log, originOf, payload.session_id) });
    } catch (error) {
      ack(gatewayFailure(error, locale, log));
    }
  });

  socket.on('voice.text', async ({ session_id: sessionId, turn_id: turnId, text }, ack) => {
    const locale = socketLocale(socket);
    try {
      ack({ ok: true, answer: await started(sessionId).mode.text(turnId, text, originOf) });
    } catch (error) {
      ack(gatewayFailure(error, locale, log));
    }
  });

  socket.on('voice.stop', async ({ session_id: sessionId }, ack) => {
    const answer = (result: Parameters<NonNullable<typeof ack>>[0]) =>
      typeof ack === 'function' ? ack(result) : undefined;
    try {
      answer({ ok: true, answer: { stopped: await started(sessionId).mode.stop() } });
    } catch (error) {
      answer(gatewayFailure(error, socketLocale(socket), log));
    }
  });

  socket.on('voice.playback', ({ session_id: sessionId, response_id: responseId, played_ms: playedMs }) => {
    attached(sessionId)?.mode.playback(responseId, playedMs);
  });

  // Microphone frames go to a mode that hears them; typed turns hear none, so they are checked and dropped there.
  socket.on('voice.audio.in', ({ session_id: sessionId }, pcm) => {
    const mode = attached(sessionId)?.mode;
    if (mode?.audioIn) mode.audioIn(samplesOf(pcm), originOf);
  });

  socket.on('voice.commit', ({ session_id: sessionId }) => {
    attached(sessionId)?.mode.commit?.(originOf);
  });

  socket.on('disconnect', () => {
    for (const session of sessions.values()) {
      if (session.socket !== socket) continue;
      session.socket = undefined;
      session.mode.detach();
      session.context.idle();
    }
  });
};
