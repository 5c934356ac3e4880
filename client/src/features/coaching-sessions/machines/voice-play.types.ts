import type {
  VoiceAudioOut,
  VoiceError,
  VoiceOutcome,
  VoicePlaybackStop,
  VoiceResponseDone,
  VoiceSpeech,
  VoiceStartAnswer,
  VoiceTextAnswer,
  VoiceTranscript,
} from '@ai-coaching/contracts';
import type { PlayError, PlaySession, PlaySessionStatus, PlayTurn } from './play-types';

// The voice play machine's types: what it is given (the gateway's transport, the browser's audio devices), what it
// holds, the events it takes and what it answers when done.

/** What the gateway says and when the socket comes and goes, for one session. */
export type VoiceGatewayEvent =
  | { type: 'gateway.connected' }
  | { type: 'gateway.disconnected' }
  | { type: 'gateway.audio'; header: VoiceAudioOut; pcm: Int16Array }
  | { type: 'gateway.transcript'; transcript: VoiceTranscript }
  | { type: 'gateway.responseDone'; done: VoiceResponseDone }
  | { type: 'gateway.outcome'; outcome: VoiceOutcome }
  | { type: 'gateway.error'; error: VoiceError }
  | { type: 'gateway.speech'; speech: VoiceSpeech }
  | { type: 'gateway.playbackStop'; stop: VoicePlaybackStop };

export type VoiceTurn = { turn_id: string; text: string };

/** The gateway's voice calls (api/voice-transport.ts); failures reject like the HTTP client's `ApiError`. */
export type VoiceTransport = {
  /** Forwards the gateway's events of this session until the returned function is called. */
  listen(sessionId: string, onEvent: (event: VoiceGatewayEvent) => void): () => void;
  /** `voice.start`, once the socket is connected; again after a drop, it resumes. */
  start(sessionId: string, options: { signal: AbortSignal }): Promise<VoiceStartAnswer>;
  /** `voice.text`: a typed turn; the same id after a drop is answered once. */
  sendText(sessionId: string, turn: VoiceTurn, options: { signal: AbortSignal }): Promise<VoiceTextAnswer>;
  sendAudio(sessionId: string, seq: number, frame: Int16Array): void;
  commit(sessionId: string): void;
  reportPlayback(sessionId: string, responseId: string, playedMs: number): void;
  stop(sessionId: string): void;
};

export type MicrophoneFailure = 'microphone_denied' | 'microphone_not_found' | 'microphone_busy';

export type VoiceCapture = { setMuted(muted: boolean): void; stop(): Promise<void> };
export type VoicePlayer = {
  play(responseId: string, pcm: Int16Array): void;
  drain(): void;
  /** Stops at once; answers the milliseconds heard of each response. */
  flush(): Promise<Record<string, number>>;
  isSuspended(): boolean;
  resume(): Promise<void>;
  close(): Promise<void>;
};

/** The browser's audio (utils/voice-devices.ts): the microphone with its capture, and the persona's playback. */
export type VoiceDevices = {
  /** Rejects with `{ code: MicrophoneFailure }` when the microphone cannot be had. */
  openCapture(listeners: {
    onFrame: (frame: Int16Array) => void;
    onLevel: (level: number) => void;
  }): Promise<VoiceCapture>;
  openPlayback(listeners: { onPlayed: (played: Record<string, number>) => void }): Promise<VoicePlayer>;
};

export type VoicePlayDeps = {
  transport: VoiceTransport;
  devices: VoiceDevices;
  /** The session over HTTP: after a reconnect it tells the turns this page missed. */
  load: (sessionId: string, options: { signal: AbortSignal }) => Promise<PlaySession>;
};

/** A line of the live transcript: `final` once it is the turn's recorded text. */
export type VoiceLine = { id: string; role: 'learner' | 'persona'; text: string; final: boolean };

/** One of the persona's responses as this screen plays it. */
export type VoiceResponse = {
  /** Audio received and played, in milliseconds at the wire's 24 kHz. */
  receivedMs: number;
  playedMs: number;
  /** What the last `voice.playback` said. */
  reportedMs: number;
  /** `voice.response.done` arrived: no more audio of it. */
  done: boolean;
  /** Stopped (barge-in): its late chunks are dropped. */
  cut: boolean;
};

export type VoicePlayError = PlayError;

export type VoiceInputMode = 'voice_activity' | 'push_to_talk';

/** `recorded`: the server holds it (only resending can move on); `lost`: its fate is unknown (sent again once back). */
export type VoicePendingTurn = { id: string; text: string; recorded: boolean; lost: boolean };

export type VoicePlayContext = {
  sessionId: string;
  createTurnId: () => string;
  /** What `voice.start` answered last: the formats and what the session's provider can do. */
  answer: VoiceStartAnswer | null;
  /**
   * Both sides' audio is kept for replay on the result page (the organization's setting, as the last `voice.start`
   * said): the screen says so.
   */
  recording: boolean;
  lines: VoiceLine[];
  draft: string;
  pendingTurn: VoicePendingTurn | null;
  responses: Record<string, VoiceResponse>;
  /** Hands-free (the provider hears turns end) or push-to-talk; a manual provider is push-to-talk only. */
  inputMode: VoiceInputMode;
  /** The push-to-talk button or key is held. */
  pushing: boolean;
  /** The gateway heard the learner speak (`voice.speech`). */
  learnerVoice: boolean;
  level: number;
  microphoneError: MicrophoneFailure | null;
  /** The browser holds the persona's voice back until the user interacts with the page. */
  soundBlocked: boolean;
  playbackFailed: boolean;
  audioSeq: number;
  error: VoicePlayError | null;
  status: PlaySessionStatus | null;
  attempts: number;
};

export type VoicePlayInput = {
  sessionId: string;
  turns: readonly PlayTurn[];
  createTurnId?: () => string;
};

export type VoicePlayEvent =
  | VoiceGatewayEvent
  | { type: 'mic.opened' }
  | { type: 'mic.failed'; code: MicrophoneFailure }
  | { type: 'mic.frame'; frame: Int16Array }
  | { type: 'mic.level'; level: number }
  | { type: 'playback.progress'; played: Record<string, number> }
  | { type: 'playback.flushed'; played: Record<string, number> }
  | { type: 'playback.blocked' }
  | { type: 'playback.unblocked' }
  | { type: 'playback.failed' }
  | { type: 'user.type'; text: string }
  | { type: 'user.send' }
  | { type: 'user.retry' }
  | { type: 'user.discard' }
  | { type: 'user.mute' }
  | { type: 'user.unmute' }
  | { type: 'user.talkStart' }
  | { type: 'user.talkEnd' }
  | { type: 'user.stop' }
  | { type: 'user.inputMode'; mode: VoiceInputMode }
  | { type: 'user.retryMicrophone' }
  | { type: 'user.enableSound' }
  /** The session's voice settings changed (voice-settings.tsx): `voice.start` again tells what the voice can do now. */
  | { type: 'user.settingsChanged' }
  | { type: 'voice.live' }
  /** A typed turn's answer says the session ended: its audio and `voice.outcome` are still on their way. */
  | { type: 'voice.answeredEnded' }
  | { type: 'CONNECTION.LOST' }
  | { type: 'CONNECTION.RESTORED' };

export type VoicePlayOutput = { status: PlaySessionStatus | null; lines: VoiceLine[] };

export type PlaybackCommand =
  { type: 'play'; responseId: string; pcm: Int16Array } | { type: 'drain' } | { type: 'flush' } | { type: 'resume' };
export type CaptureCommand = { type: 'mute'; muted: boolean };

/** What a `voice.playback` message says: how much of a response was heard. */
export type PlaybackReport = { responseId: string; playedMs: number };
