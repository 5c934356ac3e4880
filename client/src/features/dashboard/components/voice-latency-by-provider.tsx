import type { CoachingDashboardAnswer } from '@ai-coaching/contracts';
import { AI_PROVIDER_KINDS, type AiProviderKind } from '@ai-coaching/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { VoiceDelay } from '../../../components/voice-delay';

type Row = CoachingDashboardAnswer['voice_latency_by_provider'][number];

const isKnownKind = (kind: string): kind is AiProviderKind => (AI_PROVIDER_KINDS as readonly string[]).includes(kind);

/** The rows name the kind the gateway recorded; one this build does not know yet shows as recorded. */
const useKindName = () => {
  const { t } = useTranslation('dashboard');
  return (kind: string) => (isKnownKind(kind) ? t(`coaching.voiceLatency.kinds.${kind}`) : kind);
};

/**
 * A learner's own voice delays in words, without percentiles: the usual and the slowest, by provider when they met
 * more than one; nothing without a measured voice turn.
 */
export const VoiceDelayByProvider = ({ rows, testId }: { rows: readonly Row[]; testId: string }) => {
  const { t } = useTranslation('dashboard');
  const kindName = useKindName();
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h4 id={headingId} className="mb-1 text-sm font-semibold">
        {t('coaching.voiceDelay.title')}
      </h4>
      <ul className="space-y-1 text-sm">
        {rows.map((row) => (
          <li key={row.provider_kind}>
            {rows.length > 1 ? (
              <span className="font-medium">
                {t('labelled', { ns: 'common', label: kindName(row.provider_kind) })}{' '}
              </span>
            ) : null}
            <VoiceDelay latency={row} />
          </li>
        ))}
      </ul>
    </section>
  );
};

/**
 * Voice-to-voice latency by the kind of provider that spoke (docs/voice.md, "Latency records"), its percentiles with
 * their definition, for those who compare providers; nothing at all without a measured voice turn, so a team that
 * only types never sees an empty table.
 */
export const VoiceLatencyByProvider = ({ rows, testId }: { rows: readonly Row[]; testId: string }) => {
  const { t, i18n } = useTranslation('dashboard');
  const kindName = useKindName();
  const headingId = useId();
  const helpId = useId();
  if (rows.length === 0) return null;
  const ms = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <section aria-labelledby={headingId} aria-describedby={helpId} data-testid={testId}>
      <h4 id={headingId} className="mb-1 text-sm font-semibold">
        {t('coaching.voiceLatency.title')}
      </h4>
      <p id={helpId} className="mb-2 text-sm text-gray-700 dark:text-gray-300">
        {t('coaching.voiceLatency.help')}
      </p>
      <DataTable
        caption={t('coaching.voiceLatency.title')}
        columns={[
          {
            id: 'provider',
            header: t('coaching.voiceLatency.columns.provider'),
            cell: (row) => (
              <>
                {kindName(row.provider_kind)}
                {/* The turns' column gives way below 640 px; the count stays under the name. */}
                <span className="block text-xs font-normal text-gray-700 sm:hidden dark:text-gray-300">
                  {t('coaching.voiceLatency.turns', { count: row.turns })}
                </span>
              </>
            ),
            isRowHeader: true,
          },
          {
            id: 'turns',
            header: t('coaching.voiceLatency.columns.turns'),
            cell: (row) => ms.format(row.turns),
            align: 'end',
            priority: 2,
          },
          {
            id: 'p50',
            header: t('coaching.voiceLatency.columns.p50'),
            cell: (row) => t('coaching.voiceLatency.ms', { value: ms.format(row.p50_ms) }),
            align: 'end',
          },
          {
            id: 'p95',
            header: t('coaching.voiceLatency.columns.p95'),
            cell: (row) => t('coaching.voiceLatency.ms', { value: ms.format(row.p95_ms) }),
            align: 'end',
          },
        ]}
        items={rows}
        rowKey={(row) => row.provider_kind}
        rowData={(row) => ({ provider: row.provider_kind })}
        rowTestId={`${testId}-row`}
      />
    </section>
  );
};
