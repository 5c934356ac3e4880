import {
  keepCoachingVoiceRecording,
  type AppServices,
  type CoachingSessionVoice,
  type Origin,
} from '@ai-coaching/application';
import {
  errorText,
  VOICE_AUDIO_FORMAT,
  type ErrorCode,
  type VoiceAudioOut,
  type VoiceStartAnswer,
  type VoiceTextAnswer,
  type VoiceTranscript,
} from '@ai-coaching/contracts';
import type { CoachingSessionStatus, Pcm16, TurnRecorder } from '@ai-coaching/domain';
import type { Logger } from '@ai-coaching/platform';
import { socketLocale } from '../../socket-answers.js';
import type { LatePlayback } from '../late-playback.js';
import type { VoiceSocket } from '../voice-socket.js';

// How a voice session hears the learner and speaks (docs/voice.md): typed turns spoken by the session's voice
// (typed.ts), a cascade that also hears the microphone and recognises its utterances (cascade.ts), or a
// speech-to-speech provider that does both itself (realtime.ts). The session (voice-session.ts) holds one mode and
// hands it each socket message; the mode keeps its own state.

/** What a mode knows of its session, which outlives sockets and modes. */
export type VoiceModeContext = {
  services: AppServices;
  log: Logger;
  sessionId: string;
  /** The session's voice as last opened, its status as turns end. */
  voice(): CoachingSessionVoice;
  /** The socket audio goes to: the last one that sent `voice.start`; none while the learner is reconnecting. */
  socket(): VoiceSocket | undefined;
  /** Both sides' audio, while the organization records voice sessions (docs/voice.md, "Recordings"). */
  recorder(): TurnRecorder | undefined;
  /** Responses already recorded, so a late playback report updates their played milliseconds. */
  late: LatePlayback;
  /** A turn changed the session's status (an outcome ends it). */
  statusChanged(status: CoachingSessionStatus): void;
  /** Nothing plays any more: a session nobody is attached to may be forgotten. */
  idle(): void;
};

export type VoiceSpeaking = { turn_id: string; response_id: string };

export type VoiceMode = {
  readonly kind: 'typed' | 'cascade' | 'realtime';
  /** What `voice.start` tells the client this mode hears and does. */
  capabilities(): VoiceStartAnswer['capabilities'];
  /** The reply still being spoken, for a socket that joins. */
  speaking(): VoiceSpeaking | null;
  /** A typed turn (`voice.text`); the same turn id again (a resend after a drop) joins the first. */
  text(turnId: string, text: string, origin: () => Origin): Promise<VoiceTextAnswer>;
  /** Barge-in by hand (`voice.stop`): whether a reply was speaking. */
  stop(): Promise<boolean>;
  /** How much of a response the browser has played (`voice.playback`). */
  playback(responseId: string, playedMs: number): void;
  /** A microphone frame, for a mode that hears the microphone (`voice.audio.in`). */
  audioIn?(samples: Int16Array, origin: () => Origin): void;
  /** The end of a push-to-talk turn spoken into the microphone (`voice.commit`). */
  commit?(origin: () => Origin): void;
  /** The socket left, or another start takes over: what was being heard is dropped. */
  detach(): void;
  /** Something is still playing: the session is not forgotten yet. */
  busy(): boolean;
  /**
   * How long the session waits for its learner to come back once nobody is attached, before it is let go; zero
   * forgets it at once (`voice.start` opens it again).
   */
  readonly keepsIdleMs: number;
  close(): Promise<void>;
};

/** What a mode that hears the microphone answers: the turn detection the player chose. */
export const audioCapabilities = (voice: CoachingSessionVoice): VoiceStartAnswer['capabilities'] => ({
  recognition: 'audio',
  turn_detection: voice.recognition?.turnDetection === 'push_to_talk' ? 'manual' : 'voice_activity',
  audio_in: true,
  barge_in: true,
  transcripts: true,
});

/** Keeps one side's audio of a turn, when the session is recorded; a failure costs the recording, never the turn. */
export const keepAudio = (
  context: VoiceModeContext,
  turnId: string,
  role: 'learner' | 'persona',
  audio: Pcm16 | undefined,
): void => {
  if (!context.recorder() || !audio) return;
  void keepCoachingVoiceRecording(context.services, {
    sessionId: context.sessionId,
    organizationId: context.voice().organizationId,
    turnId,
    role,
    audio,
  }).catch((error: unknown) =>
    context.log.warn({ err: error, sessionId: context.sessionId }, 'could not keep a voice recording'),
  );
};

/** Shows a piece of a turn's words to the attached socket, if any. */
export const sendTranscript = (context: VoiceModeContext, transcript: Omit<VoiceTranscript, 'session_id'>): void => {
  context.socket()?.emit('voice.transcript', { session_id: context.sessionId, ...transcript });
};

/** Tells the attached socket, in its language, that a part of the voice failed. */
export const sendVoiceError = (context: VoiceModeContext, code: ErrorCode, retryable: boolean): void => {
  const target = context.socket();
  target?.emit('voice.error', {
    session_id: context.sessionId,
    code,
    message: errorText(socketLocale(target), code),
    retryable,
  });
};

/** One chunk of the persona's speech to a socket. */
export const sendAudioChunk = (
  target: VoiceSocket,
  header: Omit<VoiceAudioOut, 'sample_rate'>,
  chunk: Uint8Array,
): void => {
  target.emit(
    'voice.audio',
    { ...header, sample_rate: VOICE_AUDIO_FORMAT.sample_rate },
    Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) as unknown as ArrayBuffer,
  );
};

/**
 * A playback report of a response being spoken: how much was played, and when the first audio started playing (this
 * report's time less what it says was played), counted from `arrivedAt`, when the learner's turn arrived or ended.
 */
export const notePlayback = (
  response: { firstPlayedMs: number | null; playedMs: number | null },
  arrivedAt: number,
  playedMs: number,
  now: number,
): void => {
  if (response.firstPlayedMs === null && playedMs > 0) response.firstPlayedMs = Math.max(0, now - playedMs - arrivedAt);
  response.playedMs = Math.max(response.playedMs ?? 0, playedMs);
};
