import { useTranslation } from 'react-i18next';

/**
 * How quickly the persona answered aloud, as a learner reads it: the voice-to-voice median as the usual delay and the
 * 95th percentile as the slowest, in seconds (docs/voice.md, "Latency records"). Operators read the percentiles by
 * name, where they compare providers.
 */
export const VoiceDelay = ({ latency }: { latency: { p50_ms: number; p95_ms: number } }) => {
  const { t } = useTranslation('common');
  return (
    <>
      {t('voiceDelay.usual', {
        usual: t('voiceDelay.seconds', { value: latency.p50_ms / 1000 }),
        slowest: t('voiceDelay.seconds', { value: latency.p95_ms / 1000 }),
      })}
    </>
  );
};
