import {
  DEFAULT_VOICE_SETTINGS,
  isVoiceSpeed,
  isVoiceTurnDetection,
  VOICE_SILENCE_MS_MAX,
  VOICE_SILENCE_MS_MIN,
  type CoachingFields,
  type ScenarioVoiceSettings,
} from '@ai-coaching/domain';

// Reading a content version's fields (`CoachingFields`, untyped JSON kept per kind) as the use cases need them.

/** A text field, '' when absent or not text. */
export const textField = (fields: CoachingFields, key: string): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};

/** A list of phrases (a mission's success criteria…), without what is not text; [] when absent. */
export const phraseList = (fields: CoachingFields | null, key: string): string[] => {
  const value = fields?.[key];
  return Array.isArray(value) ? value.filter((phrase): phrase is string => typeof phrase === 'string') : [];
};

/**
 * A scenario's voice settings (`voice_settings`), as a session freezes them: each setting the stored content lacks
 * or holds out of its rules (a scenario saved before they existed) reads as its default.
 */
export const scenarioVoiceSettingsOf = (fields: CoachingFields): ScenarioVoiceSettings => {
  const raw = fields['voice_settings'];
  const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const { speed, turn_detection: turnDetection, silence_ms: silenceMs } = stored;
  const recognitionModelId = stored['recognition_model_id'];
  return {
    speed: typeof speed === 'number' && isVoiceSpeed(speed) ? speed : DEFAULT_VOICE_SETTINGS.speed,
    turnDetection: isVoiceTurnDetection(turnDetection) ? turnDetection : DEFAULT_VOICE_SETTINGS.turnDetection,
    silenceMs:
      typeof silenceMs === 'number' && silenceMs >= VOICE_SILENCE_MS_MIN && silenceMs <= VOICE_SILENCE_MS_MAX
        ? silenceMs
        : DEFAULT_VOICE_SETTINGS.silenceMs,
    recognitionModelId:
      typeof recognitionModelId === 'string' && recognitionModelId !== ''
        ? recognitionModelId
        : DEFAULT_VOICE_SETTINGS.recognitionModelId,
  };
};
