import {
  openCoachingSessionVoice,
  type AppServices,
  type CoachingSessionVoice,
  type Origin,
} from '@ai-coaching/application';
import { VOICE_AUDIO_FORMAT, VOICE_PROTOCOL_VERSION, type VoiceStartAnswer } from '@ai-coaching/contracts';
import {
  createEchoGate,
  createTurnRecorder,
  isTerminalCoachingSessionStatus,
  VOICE_MAX_CHUNK_MS,
  VOICE_SAMPLE_RATE,
  type TurnRecorder,
} from '@ai-coaching/domain';
import type { Logger } from '@ai-coaching/platform';
import { createLatePlayback, type LatePlayback } from './late-playback.js';
import { createCascade, type Cascade } from './modes/cascade.js';
import { openRealtimeMode, type RealtimeMode } from './modes/realtime.js';
import { createTypedTurns, type TypedTurns } from './modes/typed.js';
import type { VoiceModeContext } from './modes/voice-mode.js';
import type { VoiceSocket } from './voice-socket.js';

// A session's voice lives in the process that runs it, across sockets and modes: a socket that reconnects and sends
// `voice.start` again takes over what is left, and nothing sent is sent again (docs/voice.md, "Gateway voice
// protocol"). Each start reads the session's voice settings again and picks the mode that plays it (modes/).

export type VoiceSession = {
  key: string;
  sessionId: string;
  voice: CoachingSessionVoice;
  /** The socket audio goes to: the last one that sent `voice.start`; none while the learner is reconnecting. */
  socket: VoiceSocket | undefined;
  /** Both sides' audio, when the organization records voice sessions (docs/voice.md, "Recordings"). */
  recorder: TurnRecorder | undefined;
  /** Closes what the mode holds when nobody has come back for a while after a drop. */
  idleTimer: NodeJS.Timeout | undefined;
  mode: TypedTurns | Cascade | RealtimeMode;
  context: VoiceModeContext;
};

export type VoiceSessions = Map<string, VoiceSession>;

export const createVoiceSessions = (): VoiceSessions => new Map();

/** A session nobody is attached to and nothing plays in is forgotten, at once or after its mode's wait. */
const forgetIfIdle = (sessions: VoiceSessions, session: VoiceSession) => {
  if (session.socket || session.mode.busy()) return;
  if (session.mode.keepsIdleMs === 0) {
    sessions.delete(session.key);
    return;
  }
  clearTimeout(session.idleTimer);
  session.idleTimer = setTimeout(() => {
    if (session.socket) return;
    sessions.delete(session.key);
    void session.mode.close();
  }, session.mode.keepsIdleMs);
  session.idleTimer.unref();
};

const newVoiceSession = (
  sessions: VoiceSessions,
  key: string,
  voice: CoachingSessionVoice,
  services: AppServices,
  log: Logger,
): VoiceSession => {
  const late: LatePlayback = createLatePlayback(services, log, voice.sessionId);
  const context: VoiceModeContext = {
    services,
    log,
    sessionId: voice.sessionId,
    voice: () => session.voice,
    socket: () => session.socket,
    recorder: () => session.recorder,
    late,
    statusChanged(status) {
      session.voice = { ...session.voice, status };
      // An ended conversation is let go: what is left of the session takes typed turns, which it refuses.
      if (isTerminalCoachingSessionStatus(status) && session.mode.kind === 'realtime')
        session.mode = createTypedTurns(context);
    },
    idle: () => forgetIfIdle(sessions, session),
  };
  const session: VoiceSession = {
    key,
    sessionId: voice.sessionId,
    voice,
    socket: undefined,
    recorder: undefined,
    idleTimer: undefined,
    mode: createTypedTurns(context),
    context,
  };
  return session;
};

/**
 * The mode this start plays the session in. A realtime conversation already open goes on (it holds the persona's
 * memory of the call); otherwise the settings as they are now decide, over the typed turns and echo gate already
 * there. Whatever was being heard is dropped: each start begins from silence.
 */
const modeFor = async (
  session: VoiceSession,
  voice: CoachingSessionVoice,
  origin: () => Origin,
): Promise<VoiceSession['mode']> => {
  const { mode } = session;
  if (mode.kind === 'realtime') return mode;
  if (voice.realtime && !isTerminalCoachingSessionStatus(session.voice.status)) {
    const realtime = await openRealtimeMode(session.context, voice.realtime, origin);
    mode.detach();
    return realtime;
  }
  mode.detach();
  const turns = mode.kind === 'cascade' ? mode.turns : mode;
  if (voice.recognition)
    return createCascade(turns, voice.recognition, mode.kind === 'cascade' ? mode.gate : createEchoGate());
  turns.echo = undefined;
  return turns;
};

/** What `voice.start` answers: the audio formats, what the mode hears, and where the session stands. */
const startAnswer = (session: VoiceSession): VoiceStartAnswer => ({
  session_id: session.sessionId,
  protocol_version: VOICE_PROTOCOL_VERSION,
  input: { ...VOICE_AUDIO_FORMAT, frame_ms: 20 },
  output: { ...VOICE_AUDIO_FORMAT, max_chunk_ms: VOICE_MAX_CHUNK_MS },
  capabilities: session.mode.capabilities(),
  status: session.voice.status,
  recording: session.recorder !== undefined,
  speaking: session.mode.speaking(),
});

/** `voice.start`: opens the session's voice for this socket, or hands it what is left after a reconnect. */
export const startVoiceSession = async (
  sessions: VoiceSessions,
  socket: VoiceSocket,
  services: AppServices,
  log: Logger,
  origin: () => Origin,
  sessionId: string,
): Promise<VoiceStartAnswer> => {
  const voice = await openCoachingSessionVoice(services, origin(), sessionId);
  const key = `${socket.data.userId}:${voice.sessionId}`;
  let session = sessions.get(key);
  if (session)
    session.voice = {
      ...voice,
      status: isTerminalCoachingSessionStatus(session.voice.status) ? session.voice.status : voice.status,
    };
  else {
    session = newVoiceSession(sessions, key, voice, services, log);
    sessions.set(key, session);
  }
  // The newest socket takes over: a reconnect gets what is still to be sent, and nothing already sent.
  session.socket = socket;
  // The organization's setting as it is now: turned off, nothing more is kept from this start on.
  session.recorder = voice.recording
    ? (session.recorder ?? createTurnRecorder({ sampleRate: VOICE_SAMPLE_RATE }))
    : undefined;
  clearTimeout(session.idleTimer);
  session.mode = await modeFor(session, voice, origin);
  return startAnswer(session);
};
