import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptedPractice } from '../../../components/scripted-practice';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { newIdempotencyKey } from '../../../lib/http/api';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import { useCorrectScore, useRerunAnalysis, useSessionAnalysis, type SessionAnalysis } from '../api/sessions-api';
import { correctScoreFormSchema } from '../api/sessions-form-schemas';

type ObserverReport = SessionAnalysis['observers'][number];
type Criterion = ObserverReport['criteria'][number];

const SCALE_RANGE = { pass_fail: [0, 1], '1_5': [1, 5], '1_10': [1, 10] } as const;

/** A score as the report shows it: passed or not, else out of the scale's maximum. */
const useScoreText = () => {
  const { t } = useTranslation('coachingSessions');
  return (scale: Criterion['scale'], score: number | null) =>
    score === null
      ? t('report.notRelevant')
      : scale === 'pass_fail'
        ? t(score >= 1 ? 'report.pass' : 'report.fail')
        : `${score} / ${SCALE_RANGE[scale][1]}`;
};

/**
 * A reviewer's correction of one criterion: a score on its scale and a comment, each problem next to its field (the
 * contract's schema here, the scale's bounds from the API). One key per opened form, so a retry corrects once.
 */
const CorrectionForm = ({
  sessionId,
  version,
  observerId,
  criterion,
  onDone,
}: {
  sessionId: string;
  version: number;
  observerId: string;
  criterion: Criterion;
  onDone: () => void;
}) => {
  const { t } = useTranslation('coachingSessions');
  const scoreText = useScoreText();
  const correct = useCorrectScore(sessionId);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [min, max] = SCALE_RANGE[criterion.scale];
  const form = useSchemaForm({
    schema: correctScoreFormSchema,
    initial: {
      version,
      observer_id: observerId,
      criterion: criterion.name,
      score: criterion.score ?? min,
      comment: '',
    },
    requiredMessages: { comment: t('report.correction.commentRequired') },
    submit: async (correction) => {
      await correct.mutateAsync({ correction, idempotencyKey });
      onDone();
    },
  });
  const scoreField = form.field('score');
  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="correction-form"
      className="mt-2 flex flex-col gap-2 rounded border border-gray-200 p-3 dark:border-gray-700"
    >
      <SelectField
        label={t('report.correction.score')}
        name="score"
        required
        value={String(form.values.score)}
        options={Array.from({ length: max - min + 1 }, (_, index) => min + index).map((score) => ({
          value: String(score),
          label: scoreText(criterion.scale, score),
        }))}
        onChange={(event) => form.setValue('score', Number(event.target.value))}
        error={scoreField.error}
      />
      <TextAreaField
        label={t('report.correction.comment')}
        hint={t('report.correction.commentHint')}
        rows={3}
        required
        {...form.field('comment')}
      />
      <ErrorAlert error={form.formError} />
      <SubmitRow loading={form.submitting} cancel={{ label: t('report.correction.cancel'), onClick: onDone }}>
        {t('report.correction.save')}
      </SubmitRow>
    </form>
  );
};

/** The score, "original → corrected" once a reviewer corrected it, and who did, when and why. */
const CriterionRow = ({
  criterion,
  correctable,
  sessionId,
  version,
  observerId,
}: {
  criterion: Criterion;
  correctable: boolean;
  sessionId: string;
  version: number;
  observerId: string;
}) => {
  const { t, i18n } = useTranslation('coachingSessions');
  const scoreText = useScoreText();
  const [editing, setEditing] = useState(false);
  const correction = criterion.correction;
  const dates = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  return (
    <tr className="border-b border-gray-100 align-top dark:border-gray-800" data-testid="report-criterion">
      <td className="py-1 pr-2">
        <span className="block font-medium">{criterion.name}</span>
        {criterion.evidence.map((quote) => (
          <q key={`${quote.turn_id}-${quote.quote}`} className="block text-gray-700 italic dark:text-gray-300">
            {quote.quote}
          </q>
        ))}
        {correction ? (
          <p className="mt-1 text-gray-700 dark:text-gray-300" data-testid="criterion-correction">
            {t('report.correction.by', {
              name: correction.corrected_by.name ?? t('report.correction.someone'),
              date: dates.format(new Date(correction.corrected_at)),
              comment: correction.comment,
            })}
          </p>
        ) : null}
        {editing ? (
          <CorrectionForm
            sessionId={sessionId}
            version={version}
            observerId={observerId}
            criterion={criterion}
            onDone={() => setEditing(false)}
          />
        ) : null}
      </td>
      <td className="py-1 text-right whitespace-nowrap">
        {correction ? (
          <>
            {/* Read out as one sentence; the struck-through figure alone would not say it was corrected. */}
            <span className="sr-only">
              {t('report.correction.change', {
                from: scoreText(criterion.scale, correction.original_score),
                to: scoreText(criterion.scale, criterion.score),
              })}
            </span>
            <span aria-hidden="true" data-testid="corrected-score">
              <s className="text-gray-600 dark:text-gray-400">
                {scoreText(criterion.scale, correction.original_score)}
              </s>
              {' → '}
              <span className="font-semibold">{scoreText(criterion.scale, criterion.score)}</span>
            </span>
          </>
        ) : criterion.assessed ? (
          scoreText(criterion.scale, criterion.relevant ? criterion.score : null)
        ) : (
          t('report.notAssessed')
        )}
        {correctable && !editing ? (
          <div>
            <Button
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={t('report.correction.open', { name: criterion.name })}
            >
              {t('report.correction.action')}
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
};

const ObserverCard = ({
  report,
  name,
  sessionId,
  version,
  correctable,
}: {
  report: ObserverReport;
  name: string;
  sessionId: string;
  version: number;
  correctable: boolean;
}) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <Card>
      <div data-testid="observer-report" data-status={report.status} className="flex flex-col gap-3 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold">{name}</h3>
          {report.status === 'done' && report.score !== null ? (
            <span className="text-lg font-semibold">{t('report.score', { score: report.score })}</span>
          ) : report.status === 'failed' ? (
            <span className="text-red-700 dark:text-red-400">{t('report.observerFailed')}</span>
          ) : (
            <span className="inline-flex items-center gap-2 text-gray-700 dark:text-gray-300">
              <Spinner size={16} />
              {t(report.status === 'running' ? 'report.observerStatus.running' : 'report.observerStatus.pending')}
            </span>
          )}
        </div>
        {report.status === 'done' ? (
          <>
            {report.summary ? <p>{report.summary}</p> : null}
            <table className="w-full text-left">
              <caption className="sr-only">{t('report.criteria', { name })}</caption>
              <thead>
                <tr className="border-b border-gray-200 dark:border-gray-700">
                  <th scope="col" className="py-1 pr-2">
                    {t('report.criterion')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('report.criterionScore')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.criteria.map((criterion) => (
                  <CriterionRow
                    key={criterion.name}
                    criterion={criterion}
                    correctable={correctable}
                    sessionId={sessionId}
                    version={version}
                    observerId={report.observer_id}
                  />
                ))}
              </tbody>
            </table>
            {report.went_well.length > 0 ? (
              <div>
                <p className="font-medium">{t('report.wentWell')}</p>
                <ul className="list-disc pl-5">
                  {report.went_well.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {report.to_improve.length > 0 ? (
              <div>
                <p className="font-medium">{t('report.toImprove')}</p>
                <ul className="list-disc pl-5">
                  {report.to_improve.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </Card>
  );
};

/** The observers' reports as they arrive, the overall score once all are in, the built-in metrics, older versions. */
export const SessionReport = ({ sessionId }: { sessionId: string }) => {
  const { t, i18n } = useTranslation('coachingSessions');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const count = new Intl.NumberFormat(i18n.language);
  const can = useCan();
  const errorMessage = useErrorMessage();
  const [version, setVersion] = useState<number | null>(null);
  const query = useSessionAnalysis(sessionId, version, true);
  const rerun = useRerunAnalysis(sessionId);

  if (query.isPending) return <p className="text-sm">{t('report.waiting')}</p>;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.code === 'coaching_session_analysis_not_found';
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {missing ? t('report.none') : errorMessage(query.error)}
      </p>
    );
  }
  const analysis = query.data;
  const finished = analysis.observers.filter((report) => report.status === 'done' || report.status === 'failed');
  const { metrics } = analysis;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p data-testid="report-progress" data-status={analysis.status} className="text-sm" aria-live="polite">
          {analysis.overall_score !== undefined
            ? t('report.overall', { score: analysis.overall_score })
            : t('report.progress', { done: finished.length, total: analysis.observers.length })}
        </p>
        {analysis.versions.length > 1 ? (
          <SelectField
            label={t('report.version')}
            value={String(version ?? analysis.version)}
            options={[...analysis.versions].reverse().map((number) => ({
              value: String(number),
              label: t('report.versionNumber', { number }),
            }))}
            onChange={(event) => setVersion(Number(event.target.value))}
          />
        ) : null}
      </div>
      {analysis.observers.some((report) => report.scripted) ? <ScriptedPractice role="judge" /> : null}
      {analysis.observers.map((report, index) => (
        <ObserverCard
          key={report.observer_id}
          report={report}
          // The report names its observers; a version since deleted has only its place.
          name={report.name ?? t('report.observerNumber', { number: index + 1 })}
          sessionId={sessionId}
          version={analysis.version}
          correctable={can('coaching-session-analysis-report-update')}
        />
      ))}
      <Card>
        <h3 className="mb-2 text-base font-semibold">{t('report.metrics')}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">{t('report.talkRatio')}</dt>
          <dd>{metrics.talk_ratio === null ? '—' : percent.format(metrics.talk_ratio)}</dd>
          <dt className="font-medium">{t('report.questions')}</dt>
          <dd>{t('report.questionsValue', { total: metrics.questions.total, open: metrics.questions.open })}</dd>
          <dt className="font-medium">{t('report.monologue')}</dt>
          <dd>{t('report.words', { count: metrics.longest_monologue?.words ?? 0 })}</dd>
          <dt className="font-medium">{t('report.fillers')}</dt>
          <dd>{count.format(metrics.fillers.total)}</dd>
        </dl>
      </Card>
      {can('coaching-session-analysis-report-update') &&
      analysis.status !== 'pending' &&
      analysis.status !== 'running' ? (
        <div className="flex flex-col gap-2">
          {rerun.isError ? <Alert tone="error">{errorMessage(rerun.error)}</Alert> : null}
          <div>
            <Button
              variant="secondary"
              loading={rerun.isPending}
              onClick={() => rerun.mutate(undefined, { onSuccess: () => setVersion(null) })}
            >
              {t('report.rerun')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
};
