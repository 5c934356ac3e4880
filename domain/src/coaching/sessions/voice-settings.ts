// How a voice session listens and speaks (docs/voice.md, "Voice settings"; ADR 0017). A scenario's author sets them,
// a session freezes them at its start, and its player may change the voice, the speed and the turn detection of their
// own session. Shared by the contracts (field rules), the decider and the gateway (what a conversation opens with).

/**
 * How the end of the learner's turn is found: `voice_activity` (the gateway or the provider hears `silenceMs` of
 * silence) or `push_to_talk` (the learner holds a key, or types, and the client commits the turn).
 */
export const VOICE_TURN_DETECTIONS = ['voice_activity', 'push_to_talk'] as const;
export type VoiceTurnDetectionMode = (typeof VOICE_TURN_DETECTIONS)[number];

/** 1 is the voice's normal speed; the providers accept more (OpenAI 0.25–4), but beyond these speech is hard to follow. */
export const VOICE_SPEED_MIN = 0.5;
export const VOICE_SPEED_MAX = 2;
/** End-of-turn silence: under 200 ms a breath ends a turn, over 2 s the persona seems not to listen. */
export const VOICE_SILENCE_MS_MIN = 200;
export const VOICE_SILENCE_MS_MAX = 2000;

/** What a scenario sets besides its voice (`voice_id`, a field of its own). */
export type ScenarioVoiceSettings = {
  speed: number;
  turnDetection: VoiceTurnDetectionMode;
  /** End-of-turn silence for `voice_activity`, in milliseconds. */
  silenceMs: number;
  /** An AI model with the `transcription` capability; null: the voice provider's own recognition (or typed turns). */
  recognitionModelId: string | null;
};

/** What a voice session plays with: the scenario's settings and voice, as its player last changed them. */
export type CoachingSessionVoiceSettings = ScenarioVoiceSettings & {
  /** An AI speech voice; null: the built-in voice. */
  voiceId: string | null;
};

/** What the player may change of their own session; the rest is the author's. */
export type CoachingSessionVoiceSettingsChange = Partial<
  Pick<CoachingSessionVoiceSettings, 'voiceId' | 'speed' | 'turnDetection'>
>;

/** A scenario that sets nothing, and every session started before voice settings existed. */
export const DEFAULT_VOICE_SETTINGS: Readonly<ScenarioVoiceSettings> = {
  speed: 1,
  turnDetection: 'voice_activity',
  silenceMs: 500,
  recognitionModelId: null,
};

export const isVoiceSpeed = (speed: number): boolean =>
  Number.isFinite(speed) && speed >= VOICE_SPEED_MIN && speed <= VOICE_SPEED_MAX;

export const isVoiceTurnDetection = (value: unknown): value is VoiceTurnDetectionMode =>
  (VOICE_TURN_DETECTIONS as readonly unknown[]).includes(value);

export const sameVoiceSettings = (a: CoachingSessionVoiceSettings, b: CoachingSessionVoiceSettings): boolean =>
  a.voiceId === b.voiceId &&
  a.speed === b.speed &&
  a.turnDetection === b.turnDetection &&
  a.silenceMs === b.silenceMs &&
  a.recognitionModelId === b.recognitionModelId;

/** A session's settings at its start: the scenario's, with its voice; the defaults for sessions older than them. */
export const voiceSettingsAtStart = (content: {
  voiceId: string | null;
  voiceSettings?: ScenarioVoiceSettings | undefined;
}): CoachingSessionVoiceSettings => ({
  ...DEFAULT_VOICE_SETTINGS,
  ...content.voiceSettings,
  voiceId: content.voiceId,
});
