import type { CoachingSessionVoiceSettings, VoiceTurnDetection } from '@ai-coaching/domain';
import type { CoachingSessionView } from '@ai-coaching/projections';

// What a voice session plays with (docs/voice.md, "Voice settings"), for the gateway: the scenario's settings frozen at
// the start, as the player changed them since (`changeCoachingSessionVoiceSettings`). Read from the session as
// `visibleSession` or `findCoachingSession` answer it.

/**
 * The voice settings a session plays with now: `voiceId` is an AI speech voice's id (null: the built-in voice),
 * `recognitionModelId` an AI model's (null: the voice provider's own recognition, or typed turns).
 */
export const effectiveVoiceSettings = (
  session: Pick<CoachingSessionView, 'voiceSettings'>,
): CoachingSessionVoiceSettings => session.voiceSettings;

/**
 * The voice port's turn detection for these settings: the provider's voice activity detection ending a turn after the
 * scenario's silence, or `manual` for push-to-talk (the client commits each turn).
 */
export const voiceTurnDetectionOf = (
  settings: Pick<CoachingSessionVoiceSettings, 'turnDetection' | 'silenceMs'>,
): VoiceTurnDetection =>
  settings.turnDetection === 'push_to_talk'
    ? { type: 'manual' }
    : { type: 'server_vad', silenceDurationMs: settings.silenceMs };
