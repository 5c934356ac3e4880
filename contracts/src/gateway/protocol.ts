import type { CoachingSessionTurnAnswer } from '../coaching-sessions.js';
import type { ErrorBody } from '../http/errors.js';
import type {
  VoiceAudioIn,
  VoiceAudioOut,
  VoiceCommitMessage,
  VoiceError,
  VoiceOutcome,
  VoicePlayback,
  VoicePlaybackStop,
  VoiceResponseDone,
  VoiceSpeech,
  VoiceStartAnswer,
  VoiceStartMessage,
  VoiceStopMessage,
  VoiceTextAnswer,
  VoiceTextMessage,
  VoiceTranscript,
} from './voice.js';
import type { SessionTurnMessage } from './session-turn.js';

/**
 * The typed Socket.IO protocol shared by the gateway and the client. Event names are dotted
 * nouns and verbs declared only here. Session play extends these maps: text here, voice in `./voice.ts`.
 * What the gateway keeps about a socket (`SocketData`) is the gateway's own business.
 */
export const PROTOCOL_VERSION = 1;

/**
 * Why the gateway closed a socket that was open (docs/security.md, "Revocation reaches open sockets"):
 * `gateway.revoked` says it, in the socket's language, just before the server disconnects it. A role change ends the
 * socket too: what it was let do was decided for the role it opened with.
 */
export const GatewayRevocation = {
  SessionEnded: 'session_ended',
  AccountDisabled: 'account_disabled',
  RoleChanged: 'role_changed',
  SharedSessionRevoked: 'shared_session_revoked',
  SharedSessionExpired: 'coaching_session_access_expired',
} as const;
export type GatewayRevocation = (typeof GatewayRevocation)[keyof typeof GatewayRevocation];

export type GatewayRevoked = { code: GatewayRevocation; message: string };

/**
 * Why a connection was refused: `connect_error` carries one of these in `err.data.code`. A guest whose link was
 * withdrawn or has expired is told so; any other token that opens no socket is `unauthorized`.
 */
export const ConnectionRefusal = {
  OriginNotAllowed: 'origin_not_allowed',
  Unauthorized: 'unauthorized',
  ClientTooOld: 'client_too_old',
  SharedSessionRevoked: GatewayRevocation.SharedSessionRevoked,
  SharedSessionExpired: GatewayRevocation.SharedSessionExpired,
  ServiceUnavailable: 'service_unavailable',
} as const;
export type ConnectionRefusal = (typeof ConnectionRefusal)[keyof typeof ConnectionRefusal];

/** What a socket call answers: the HTTP answer, or the HTTP error body with its status, in the socket's language. */
export type GatewayResult<Answer> = { ok: true; answer: Answer } | { ok: false; status: number; error: ErrorBody };

/** A piece of the persona's reply to `turn_id`, outcome markers left out; the turn's answer holds the whole. */
export type SessionReplyDelta = { session_id: string; turn_id: string; text: string };

export type ServerToClientEvents = {
  'gateway.welcome': (payload: { protocolVersion: number; userId: string; role: string }) => void;
  /** This socket's access ended: the reason, then the server disconnects it. */
  'gateway.revoked': (payload: GatewayRevoked) => void;
  'session.reply.delta': (payload: SessionReplyDelta) => void;
  /** Voice (./voice.ts): a PCM16 LE 24 kHz chunk of the persona's speech, at most 100 ms. */
  'voice.audio': (header: VoiceAudioOut, pcm: ArrayBuffer) => void;
  'voice.transcript': (payload: VoiceTranscript) => void;
  'voice.response.done': (payload: VoiceResponseDone) => void;
  'voice.outcome': (payload: VoiceOutcome) => void;
  'voice.speech': (payload: VoiceSpeech) => void;
  'voice.playback.stop': (payload: VoicePlaybackStop) => void;
  'voice.error': (payload: VoiceError) => void;
};

export type ClientToServerEvents = {
  'gateway.ping': (ack: (payload: { at: string }) => void) => void;
  /** Plays one turn through the same use case as the HTTP turn; deltas stream to this socket meanwhile. */
  'session.turn': (
    payload: SessionTurnMessage,
    ack: (result: GatewayResult<CoachingSessionTurnAnswer>) => void,
  ) => void;
  /** Voice (./voice.ts): opens the voice of a voice-mode session; again after a reconnect, resumes it. */
  'voice.start': (payload: VoiceStartMessage, ack: (result: GatewayResult<VoiceStartAnswer>) => void) => void;
  /** A push-to-talk turn: played as `session.turn`, its reply spoken as `voice.audio`. */
  'voice.text': (payload: VoiceTextMessage, ack: (result: GatewayResult<VoiceTextAnswer>) => void) => void;
  /** A 20 ms frame of the learner's microphone; the built-in provider accepts and ignores it. */
  'voice.audio.in': (header: VoiceAudioIn, pcm: ArrayBuffer) => void;
  'voice.playback': (payload: VoicePlayback) => void;
  /** Ends a push-to-talk turn spoken into the microphone. */
  'voice.commit': (payload: VoiceCommitMessage) => void;
  'voice.stop': (payload: VoiceStopMessage, ack?: (result: GatewayResult<{ stopped: boolean }>) => void) => void;
};
