import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { startCapture, type Capture } from '../../../lib/audio/capture';
import {
  browserMicrophoneDeps,
  IS_MICROPHONE_CONFIGURED_KEY,
  listMicrophones,
  MicrophoneError,
  openMicrophone,
  SELECTED_INPUT_KEY,
  type MicrophoneChoice,
} from '../../../lib/audio/microphone';

/**
 * Before a voice session (issue 14 §4): pick a microphone (remembered as `selectedInput`), try it and watch its level;
 * a working check marks `isMicrophoneConfigured` for the tab. A refusal says the spec's words, in the user's language.
 */
export const MicrophoneCheck = () => {
  const { t } = useTranslation('coachingSessions');
  const capture = useRef<Capture | null>(null);
  const [choices, setChoices] = useState<MicrophoneChoice[]>([]);
  const [selected, setSelected] = useState(() => browserMicrophoneDeps().local.getItem(SELECTED_INPUT_KEY) ?? '');
  const [level, setLevel] = useState<number | null>(null);
  const [error, setError] = useState<MicrophoneError['code'] | null>(null);
  const [configured, setConfigured] = useState(
    () => browserMicrophoneDeps().session.getItem(IS_MICROPHONE_CONFIGURED_KEY) === 'true',
  );

  const stop = async () => {
    await capture.current?.stop();
    capture.current = null;
    setLevel(null);
  };
  useEffect(() => {
    void listMicrophones(browserMicrophoneDeps()).then(setChoices);
    return () => void capture.current?.stop();
  }, []);

  const test = async () => {
    setError(null);
    try {
      const stream = await openMicrophone(browserMicrophoneDeps(), selected || null);
      // The bar falls back slowly (a peak meter), so short sounds stay visible.
      capture.current = await startCapture(stream, {
        onLevel: (value) => setLevel((shown) => Math.max(value, (shown ?? 0) * 0.9)),
      });
      setConfigured(true);
      setSelected(browserMicrophoneDeps().local.getItem(SELECTED_INPUT_KEY) ?? '');
      setChoices(await listMicrophones(browserMicrophoneDeps()));
    } catch (thrown) {
      setError(thrown instanceof MicrophoneError ? thrown.code : 'microphone_denied');
    }
  };

  // Speech sits around 0.05–0.3 RMS: scaled so that talking fills most of the bar.
  const percent = level === null ? 0 : Math.min(100, Math.round(Math.sqrt(level) * 180));
  return (
    <section
      aria-labelledby="microphone-heading"
      className="mt-4 flex flex-col gap-3 border-t border-gray-300 pt-4 dark:border-gray-700"
    >
      <h2 id="microphone-heading" className="font-semibold">
        {t('mic.title')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t(configured ? 'mic.configured' : 'mic.intro')}</p>
      {choices.length > 1 ? (
        <SelectField
          label={t('mic.device')}
          value={selected}
          onChange={(event) => {
            setSelected(event.target.value);
            void stop();
          }}
          options={[
            { value: '', label: t('mic.default') },
            ...choices.map((c) => ({ value: c.deviceId, label: c.label })),
          ]}
        />
      ) : null}
      <div
        role="meter"
        aria-label={t('mic.level')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="microphone-level"
        className="h-3 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div className="h-full bg-green-600 transition-[width] dark:bg-green-400" style={{ width: `${percent}%` }} />
      </div>
      {error ? <Alert tone="error">{t(`mic.errors.${error}`)}</Alert> : null}
      {level === null ? (
        <Button variant="secondary" onClick={() => void test()}>
          {t('mic.test')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => void stop()}>
          {t('mic.stop')}
        </Button>
      )}
    </section>
  );
};
