import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useVoicePreview, type AiSpeechVoice } from '../api/ai-providers-api';

/**
 * "Listen": the voice's sample, asked for on the first click and played at once; the player stays under the voice,
 * and a later click replays it without asking again. Errors (no speech model, a refused key) say what to fix.
 */
export const useVoiceSample = (voice: AiSpeechVoice) => {
  const preview = useVoicePreview(voice.id);
  const [url, setUrl] = useState<string | null>(null);
  /** Clicks on "Listen" once the sample is here: each one plays it from the start. */
  const [replays, setReplays] = useState(0);
  // The sample belongs to the voice as it is: a new id or name makes a new one (the server caches per version).
  const version = `${voice.voice_id}\u0000${voice.display_name}`;
  const [sampleVersion, setSampleVersion] = useState(version);
  if (sampleVersion !== version) {
    setSampleVersion(version);
    setUrl(null);
  }
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const listen = () => {
    if (url) setReplays((count) => count + 1);
    else preview.mutate(undefined, { onSuccess: (sample) => setUrl(URL.createObjectURL(sample)) });
  };
  return { listen, url, replays, pending: preview.isPending, error: preview.error };
};

export type VoiceSampleState = ReturnType<typeof useVoiceSample>;

/** The player and the error of a voice's sample, under the voice. */
export const VoiceSample = ({ voice, sample }: { voice: AiSpeechVoice; sample: VoiceSampleState }) => {
  const { t } = useTranslation('aiProviders');
  const errorMessage = useErrorMessage();
  const player = useRef<HTMLAudioElement>(null);
  const { url, replays, error } = sample;
  useEffect(() => {
    const audio = player.current;
    if (!audio || replays === 0) return;
    audio.currentTime = 0;
    // A browser that refuses to play (no output device) leaves the controls to the user.
    void audio.play().catch(() => undefined);
  }, [replays]);
  return (
    <>
      {url ? (
        // Started by the click that asked for it; the controls replay, pause and set the volume.
        <audio
          ref={player}
          src={url}
          controls
          autoPlay
          aria-label={t('voices.sampleOf', { name: voice.display_name })}
          className="w-full max-w-sm"
        />
      ) : null}
      {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
    </>
  );
};
