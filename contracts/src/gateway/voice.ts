import type { CoachingSessionStatus, TerminalCoachingSessionStatus } from '@ai-coaching/domain';
import { z } from 'zod';
import type { CoachingSessionTurnAnswer } from '../coaching-sessions.js';
import { idSchema } from '../http/fields.js';
import { sessionTurnMessageSchema } from './session-turn.js';

/**
 * The gateway's voice protocol (docs/voice.md, "Gateway voice protocol"): a voice-mode session played over the
 * socket. Audio is PCM16 little-endian mono at 24 kHz both ways, sent as binary attachments (never base64). Versioned
 * apart from the socket protocol, so a client can tell which voice features a gateway speaks: `voice.start` answers
 * the version and what the session's provider can do.
 */
export const VOICE_PROTOCOL_VERSION = 1;

/** The one audio format of the protocol, both ways. */
export const VOICE_AUDIO_FORMAT = { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1 } as const;
export type VoiceAudioFormat = typeof VOICE_AUDIO_FORMAT;

/** `voice.start`: opens (or, after a reconnect, reopens) the voice of one session the caller plays. */
export const voiceStartMessageSchema = z.object({ session_id: idSchema });
export type VoiceStartMessage = z.infer<typeof voiceStartMessageSchema>;

/**
 * How the learner's speech reaches the persona: `push_to_talk` takes typed turns (`voice.text`) only; `audio` hears
 * the microphone (`voice.audio.in`), the end of a turn found by voice activity or by `voice.commit` (push-to-talk
 * by holding a key, `turn_detection: 'manual'`).
 */
export const VOICE_RECOGNITION_MODES = ['push_to_talk', 'audio'] as const;
export type VoiceRecognitionMode = (typeof VOICE_RECOGNITION_MODES)[number];

export type VoiceStartAnswer = {
  session_id: string;
  protocol_version: number;
  /** What `voice.audio.in` carries: 20 ms frames. */
  input: VoiceAudioFormat & { frame_ms: 20 };
  /** What `voice.audio` carries: chunks of at most `max_chunk_ms`. */
  output: VoiceAudioFormat & { max_chunk_ms: number };
  capabilities: {
    recognition: VoiceRecognitionMode;
    /** `voice_activity`: the gateway or provider hears when a turn ends; `manual`: the client sends `voice.commit`. */
    turn_detection: 'voice_activity' | 'manual';
    /** Whether `voice.audio.in` is listened to; the built-in provider accepts and ignores it. */
    audio_in: boolean;
    barge_in: boolean;
    transcripts: boolean;
  };
  /** The session's status now: a reconnect to an ended session learns it here. */
  status: CoachingSessionStatus;
  /** The reply still being spoken when the socket (re)joined, if any: its remaining audio follows, never what was sent. */
  speaking: { turn_id: string; response_id: string } | null;
  /**
   * Whether both sides' audio is kept for replay on the result page (the organization's `record_voice_sessions`): the
   * screen says so while the learner speaks.
   */
  recording: boolean;
};

/** `voice.text`: a push-to-talk turn, typed; the same id after a drop is recorded and answered once. */
export const voiceTextMessageSchema = sessionTurnMessageSchema;
export type VoiceTextMessage = z.infer<typeof voiceTextMessageSchema>;

/** The answer of `voice.text`: the turn's answer (as HTTP), and the id of the response whose audio follows. */
export type VoiceTextAnswer = CoachingSessionTurnAnswer & { response_id: string };

/** `voice.audio.in` header: the frame's sequence number; the PCM frame is the event's second argument. */
export const voiceAudioInSchema = z.object({ session_id: idSchema, seq: z.number().int().min(0) });
export type VoiceAudioIn = z.infer<typeof voiceAudioInSchema>;

/** `voice.playback`: how much of a response the browser has played, every ~250 ms and when it stops. */
export const voicePlaybackSchema = z.object({
  session_id: idSchema,
  response_id: z.string().min(1).max(200),
  played_ms: z.number().int().min(0).max(3_600_000),
});
export type VoicePlayback = z.infer<typeof voicePlaybackSchema>;

/** `voice.commit`: the end of a push-to-talk turn spoken into the microphone (the key released). */
export const voiceCommitMessageSchema = z.object({ session_id: idSchema });
export type VoiceCommitMessage = z.infer<typeof voiceCommitMessageSchema>;

/** `voice.stop`: barge-in, or leaving voice: the audio being sent stops. */
export const voiceStopMessageSchema = z.object({ session_id: idSchema });
export type VoiceStopMessage = z.infer<typeof voiceStopMessageSchema>;

/** `voice.audio` header: the PCM chunk (≤ 100 ms) is the event's second argument. `seq` counts from 0 per response. */
export type VoiceAudioOut = {
  session_id: string;
  response_id: string;
  turn_id: string;
  seq: number;
  sample_rate: 24_000;
};

/** `voice.transcript`: what was said, by either side; the persona's sentences as they are spoken, then the whole. */
export type VoiceTranscript = {
  session_id: string;
  turn_id: string;
  role: 'learner' | 'persona';
  text: string;
  /** true: the turn's recorded text, which replaces the pieces before it. */
  final: boolean;
};

/** `voice.response.done`: no more audio of this response; `cancelled` after a barge-in. */
export type VoiceResponseDone = {
  session_id: string;
  response_id: string;
  turn_id: string;
  status: 'completed' | 'cancelled' | 'failed';
  /** Chunks sent for it. */
  chunks: number;
};

/** `voice.speech`: the learner started or stopped speaking, as the gateway or the provider heard it. */
export type VoiceSpeech = { session_id: string; state: 'started' | 'stopped' };

/**
 * `voice.playback.stop`: stop playing this response now (barge-in decided by the gateway); sent before anything else,
 * the browser flushes its jitter buffer and reports what it played (`voice.playback`).
 */
export type VoicePlaybackStop = { session_id: string; response_id: string };

/** `voice.outcome`: the session ended with this turn (after its audio). */
export type VoiceOutcome = { session_id: string; status: TerminalCoachingSessionStatus };

/** `voice.error`: something failed outside a call's acknowledgement (synthesis); the message in the socket's language. */
export type VoiceError = { session_id: string; code: string; message: string; retryable: boolean };
