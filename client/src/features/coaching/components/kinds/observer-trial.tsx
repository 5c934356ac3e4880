import type { ObserverTrialAnswer, ObserverTrialBody } from '@ai-coaching/contracts';
import { SESSION_LANGUAGES, type SessionLanguage } from '@ai-coaching/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../../components/ui/field';
import { isApiError } from '../../../../lib/http/api-error';
import { useCoachingChoices, useEndedSessions, useTryObserver } from '../../api/coaching-api';
import { readTranscriptText } from '../../utils/transcript-text';

// "Try it on a transcript" (docs/coaching-content.md, "Trying an observer"): the observer as the form holds it now,
// saved or not, scores a pasted transcript or one of the editor's ended sessions. Nothing is saved.

type Criterion = ObserverTrialAnswer['criteria'][number];
const SCALE_MAX = { pass_fail: 1, '1_5': 5, '1_10': 10 } as const;

const isSessionLanguage = (value: string): value is SessionLanguage =>
  (SESSION_LANGUAGES as readonly string[]).includes(value);

/** Where the API's refusal belongs: next to the transcript, the session, or about the observer's own fields. */
const placeOf = (error: unknown): 'transcript' | 'session' | 'scenario' | 'observer' | 'form' => {
  if (!isApiError(error)) return 'form';
  const path = error.field ?? '';
  if (path.startsWith('transcript')) return 'transcript';
  if (path === 'scenario_id') return 'scenario';
  if (path === 'session_id' || error.code === 'coaching_session_not_found') return 'session';
  if (path.startsWith('observer')) return 'observer';
  return 'form';
};

const CriterionScore = ({ criterion }: { criterion: Criterion }) => {
  const { t } = useTranslation('coaching');
  if (!criterion.assessed) return <>{t('observer.trial.notAssessed')}</>;
  if (!criterion.relevant || criterion.score === null) return <>{t('observer.trial.notRelevant')}</>;
  if (criterion.scale === 'pass_fail')
    return <>{criterion.score >= 1 ? t('observer.trial.passed') : t('observer.trial.failed')}</>;
  return <>{t('observer.trial.scoreOf', { score: criterion.score, max: SCALE_MAX[criterion.scale] })}</>;
};

const TrialResult = ({ result }: { result: ObserverTrialAnswer }) => {
  const { t } = useTranslation('coaching');
  const turnNumber = new Map(result.transcript.map((turn, index) => [turn.id, index + 1]));
  return (
    <section
      aria-labelledby="observer-trial-result"
      className="flex flex-col gap-4"
      data-testid="observer-trial-result"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id="observer-trial-result" className="text-base font-semibold">
          {t('observer.trial.result')}
        </h4>
        <p className="text-sm">
          {t('observer.trial.overall')}{' '}
          <strong className="text-lg" data-testid="observer-trial-overall">
            {result.overall === null
              ? t('observer.trial.noOverall')
              : t('observer.trial.outOf100', { score: result.overall })}
          </strong>
        </p>
      </div>
      {result.summary ? <p className="text-sm">{result.summary}</p> : null}
      <ul className="flex flex-col gap-3">
        {result.criteria.map((criterion, index) => (
          <li key={index} className="min-w-0 rounded-md border border-gray-200 p-3 dark:border-gray-700">
            <p className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="font-semibold break-words">{criterion.name}</span>
              <span className="font-semibold">
                <CriterionScore criterion={criterion} />
              </span>
            </p>
            {criterion.evidence.length === 0 ? (
              <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">{t('observer.trial.noEvidence')}</p>
            ) : (
              <ul
                className="mt-2 flex flex-col gap-1"
                aria-label={t('observer.trial.evidence', { name: criterion.name })}
              >
                {criterion.evidence.map((quote, at) => (
                  <li
                    key={at}
                    className="border-l-2 border-primary-300 pl-2 text-sm break-words dark:border-primary-700"
                  >
                    <span className="text-xs text-gray-700 dark:text-gray-300">
                      {t('observer.trial.turn', { number: turnNumber.get(quote.turn_id) ?? '?' })}
                    </span>{' '}
                    <q>{quote.quote}</q>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {(
        [
          ['wentWell', result.went_well],
          ['toImprove', result.to_improve],
        ] as const
      ).map(([key, lines]) =>
        lines.length === 0 ? null : (
          <div key={key}>
            <h5 className="text-sm font-semibold">{t(`observer.trial.${key}`)}</h5>
            <ul className="ml-5 list-disc text-sm">
              {lines.map((line, at) => (
                <li key={at}>{line}</li>
              ))}
            </ul>
          </div>
        ),
      )}
    </section>
  );
};

/** The trial, below the observer's fields; `observer` is the form's values as they are now. */
export const ObserverTrial = ({ observer }: { observer: ObserverTrialBody['observer'] }) => {
  const { t, i18n } = useTranslation('coaching');
  const [open, setOpen] = useState(false);
  const [sessionId, setSessionId] = useState('');
  const [pasted, setPasted] = useState('');
  const [scenarioId, setScenarioId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sessions = useEndedSessions(open);
  const scenarios = useCoachingChoices('scenario', open);
  const trial = useTryObserver();
  const headingId = useId();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = () => {
    setProblem(null);
    trial.reset();
    // Against a scenario, the transcript is in the scenario's language; otherwise in the editor's.
    const context = scenarioId
      ? { scenario_id: scenarioId }
      : isSessionLanguage(i18n.language)
        ? { language: i18n.language }
        : {};
    if (sessionId) {
      trial.mutate({ observer, session_id: sessionId });
      return;
    }
    const reading = readTranscriptText(pasted);
    if (!reading.ok) {
      setProblem(
        reading.problem === 'empty' ? t('observer.trial.empty') : t('observer.trial.noSpeaker', { line: reading.line }),
      );
      return;
    }
    trial.mutate({ observer, transcript: reading.turns, ...context });
  };
  const place = trial.error ? placeOf(trial.error) : null;
  const apiMessage = isApiError(trial.error) ? (trial.error.issues[0]?.message ?? trial.error.message) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-gray-200 dark:border-gray-700"
      data-testid="observer-trial"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left"
        >
          <span>{t('observer.trial.title')}</span>
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h3>
      {open ? (
        <div className="flex flex-col gap-4 border-t border-gray-200 p-3 dark:border-gray-700">
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('observer.trial.about')}</p>
          <SelectField
            label={t('observer.trial.source')}
            value={sessionId}
            onChange={(event) => setSessionId(event.target.value)}
            error={place === 'session' ? apiMessage : null}
            hint={sessions.data?.length === 0 ? t('observer.trial.noSessions') : undefined}
            options={[
              { value: '', label: t('observer.trial.pasted') },
              ...(sessions.data ?? []).map((session) => ({
                value: session.id,
                label: t('observer.trial.session', {
                  name: session.name,
                  status: t(`observer.trial.statuses.${session.status as 'win' | 'loose' | 'end'}`),
                  date: dates.format(new Date(session.ended_at ?? session.started_at)),
                }),
              })),
            ]}
          />
          {sessionId ? null : (
            <SelectField
              label={t('observer.trial.scenario')}
              hint={t('observer.trial.scenarioHint')}
              value={scenarioId}
              onChange={(event) => setScenarioId(event.target.value)}
              error={place === 'scenario' ? apiMessage : null}
              options={[
                { value: '', label: t('observer.trial.noScenario') },
                ...(scenarios.data?.items ?? [])
                  .filter((scenario) => scenario.status !== 'archived')
                  .map((scenario) => ({ value: scenario.id, label: scenario.name })),
              ]}
            />
          )}
          {sessionId ? null : (
            <TextAreaField
              label={t('observer.trial.transcript')}
              hint={t('observer.trial.transcriptHint')}
              placeholder={t('observer.trial.placeholder')}
              rows={8}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              error={problem ?? (place === 'transcript' ? apiMessage : null)}
            />
          )}
          {place === 'observer' ? (
            <Alert tone="error">{t('observer.trial.observerFirst', { message: apiMessage })}</Alert>
          ) : null}
          {place === 'form' ? <ErrorAlert error={trial.error} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" loading={trial.isPending} onClick={run}>
              {t('observer.trial.try')}
            </Button>
            <p aria-live="polite" className="text-sm text-gray-700 dark:text-gray-300">
              {trial.isPending ? t('observer.trial.judging') : ''}
            </p>
          </div>
          {trial.data ? <TrialResult result={trial.data} /> : null}
        </div>
      ) : null}
    </section>
  );
};
