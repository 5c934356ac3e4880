import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import { VOICE_TURN_DETECTIONS, type SessionLanguage } from '@ai-coaching/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import {
  useChangeVoiceSettings,
  useSessionSpeechVoices,
  type SessionVoiceSettings,
  type SessionVoiceSettingsChange,
} from '../api/voice-settings-api';

/** The speeds offered, and the session's own when the scenario set another. */
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const BUILTIN = '';

export type VoiceSettingsProps = {
  sessionId: string;
  language: SessionLanguage;
  /** The session's `voice_settings` (a voice session's are never null). */
  settings: SessionVoiceSettings;
  /** Once the session has ended there is nothing left to change. */
  disabled?: boolean;
  /** The session as the change answered it (the play screen may keep its own copy). */
  onChanged?: (session: CoachingSessionAnswer) => void;
};

/**
 * "Voice settings" of a voice session's play page (docs/voice.md, "Voice settings"): the speed, voice activity or
 * push-to-talk, and a voice among the organization's speech voices of the session's language, for this session only.
 * Each change is sent at once. Shown to holders of `coaching-session-ai-voice-settings-edit` (guests too: their own
 * session); the voice picker needs `ai-speech-voice-list` as well, which guests do not hold.
 */
export const VoiceSettings = (props: VoiceSettingsProps) => (
  <Can permissions="coaching-session-ai-voice-settings-edit">
    <VoiceSettingsPanel {...props} />
  </Can>
);

const VoiceSettingsPanel = ({ sessionId, language, settings, disabled = false, onChanged }: VoiceSettingsProps) => {
  const { t } = useTranslation('coachingSessions');
  const errorMessage = useErrorMessage();
  const statusId = useId();
  const can = useCan();
  const mayPickVoice = can('ai-speech-voice-list');
  const voices = useSessionSpeechVoices(language, mayPickVoice);
  const change = useChangeVoiceSettings(sessionId);
  const [current, setCurrent] = useState(settings);
  // New settings from the page (a reload of the session) replace what this control showed.
  const [shownFrom, setShownFrom] = useState(settings);
  if (shownFrom !== settings) {
    setShownFrom(settings);
    setCurrent(settings);
  }

  const send = (body: SessionVoiceSettingsChange) => {
    const before = current;
    setCurrent({ ...current, ...body });
    change.mutate(body, {
      onSuccess: (session) => {
        if (session.voice_settings) setCurrent(session.voice_settings);
        onChanged?.(session);
      },
      // What the server kept is what plays: back to it.
      onError: () => setCurrent(before),
    });
  };

  const speeds = SPEEDS.includes(current.speed) ? SPEEDS : [...SPEEDS, current.speed].sort((a, b) => a - b);
  const voiceChoices = voices.data?.items ?? [];
  // A voice the list does not hold (another language, the scenario's choice) still shows as chosen.
  const voiceOptions = [
    { value: BUILTIN, label: t('voiceSettings.builtinVoice') },
    ...voiceChoices.map((voice) => ({ value: voice.id, label: voice.display_name })),
    ...(current.voice_id !== null && !voiceChoices.some((voice) => voice.id === current.voice_id)
      ? [{ value: current.voice_id, label: t('voiceSettings.voice') }]
      : []),
  ];
  const locked = disabled || change.isPending;

  return (
    <details className="rounded-md border border-gray-300 text-sm dark:border-gray-700" data-testid="voice-settings">
      <summary className="cursor-pointer px-3 py-2 font-medium">{t('voiceSettings.title')}</summary>
      <div className="flex flex-col gap-3 px-3 pb-3" aria-describedby={statusId}>
        <p className="text-gray-700 dark:text-gray-300">{t('voiceSettings.intro')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('voiceSettings.speed')}
            value={String(current.speed)}
            disabled={locked}
            options={speeds.map((speed) => ({ value: String(speed), label: t('voiceSettings.speedValue', { speed }) }))}
            onChange={(event) => send({ speed: Number(event.target.value) })}
          />
          <SelectField
            label={t('voiceSettings.turnDetection')}
            value={current.turn_detection}
            disabled={locked}
            options={VOICE_TURN_DETECTIONS.map((value) => ({
              value,
              label: t(`voiceSettings.turnDetections.${value}`),
            }))}
            onChange={(event) => send({ turn_detection: event.target.value as (typeof VOICE_TURN_DETECTIONS)[number] })}
          />
        </div>
        {mayPickVoice ? (
          <SelectField
            label={t('voiceSettings.voice')}
            value={current.voice_id ?? BUILTIN}
            disabled={locked}
            options={voiceOptions}
            onChange={(event) => send({ voice_id: event.target.value === BUILTIN ? null : event.target.value })}
          />
        ) : null}
        <p id={statusId} role="status" aria-live="polite" className="text-gray-700 dark:text-gray-300">
          {change.isPending ? t('voiceSettings.saving') : change.isSuccess ? t('voiceSettings.saved') : ''}
        </p>
        {change.isError ? <Alert tone="error">{errorMessage(change.error)}</Alert> : null}
      </div>
    </details>
  );
};
