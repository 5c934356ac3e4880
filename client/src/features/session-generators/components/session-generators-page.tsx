import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedTable } from '../../../components/ui/paged-table';
import { useListParams } from '../../../hooks/use-list-params';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import {
  useDeleteSessionGenerator,
  useGenerateSessions,
  useGenerationJob,
  usePublishDraft,
  useSessionGenerators,
  type BackgroundJob,
  type SessionGenerator,
} from '../api/session-generators-api';
import { SessionGeneratorFormDialog } from './session-generator-form';

/** Why a draft failed, in words; a code without its own sentence is named as it is. */
const REASONS = ['generated_draft_invalid', 'invalid_output', 'ai_model_not_found'] as const;
type Reason = (typeof REASONS)[number];

/** One saved draft's "Publish draft": its scenario, persona, mission and observers published in one call. */
const PublishDraft = ({ generatorId, draftId, number }: { generatorId: string; draftId: string; number: number }) => {
  const { t } = useTranslation('sessionGenerators');
  const errorMessage = useErrorMessage();
  const publish = usePublishDraft(generatorId);
  if (publish.isSuccess) {
    return (
      <span className="text-green-700 dark:text-green-300" role="status">
        {t('run.published')}
      </span>
    );
  }
  return (
    <>
      <Button variant="primary" disabled={publish.isPending} onClick={() => publish.mutate(draftId)}>
        {publish.isPending ? t('run.publishing') : t('run.publish')}
        <span className="sr-only"> {t('run.draft', { number })}</span>
      </Button>
      {publish.isError ? <Alert tone="error">{errorMessage(publish.error)}</Alert> : null}
    </>
  );
};

const DraftResults = ({ job, generatorId }: { job: BackgroundJob; generatorId: string }) => {
  const { t } = useTranslation('sessionGenerators');
  const can = useCan();
  return (
    <ol className="flex flex-col gap-2" aria-label={t('run.drafts')}>
      {job.results.map((result, index) => (
        <li
          key={result.item}
          data-testid="generated-draft"
          data-outcome={result.outcome}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm dark:border-gray-800"
        >
          <span className="font-medium">{t('run.draft', { number: index + 1 })}</span>
          {result.outcome === 'succeeded' ? (
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/apps/ai-coaching/scenario/edit/${result.item}`}
                className={buttonClassName('secondary', 'px-3')}
              >
                {t('run.open')}
                <span className="sr-only"> {t('run.draft', { number: index + 1 })}</span>
              </Link>
              {can('coaching-scenario-update') ? (
                <PublishDraft generatorId={generatorId} draftId={result.item} number={index + 1} />
              ) : null}
            </div>
          ) : (
            <span className="text-red-700 dark:text-red-300">
              {(REASONS as readonly string[]).includes(result.detail ?? '')
                ? t(`run.reasons.${result.detail as Reason}`)
                : t('run.reasons.other', { code: result.detail ?? '' })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
};

/** A run of one generator: its progress, live, then each draft with a link to the scenario editor. */
const GenerationRun = ({
  generator,
  jobId,
  onClose,
}: {
  generator: SessionGenerator;
  jobId: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('sessionGenerators');
  const errorMessage = useErrorMessage();
  const job = useGenerationJob(jobId);
  const data = job.data;
  const finished = data?.status === 'completed' || data?.status === 'failed';
  return (
    <section
      aria-labelledby="generation-run"
      data-testid="generation-job"
      data-status={data?.status ?? 'queued'}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="generation-run" className="text-lg font-semibold break-words">
        {t('run.title', { name: generator.name })}
      </h2>
      <progress className="w-full" max={100} value={data?.progress ?? 0} aria-label={t('run.progressLabel')} />
      <p className="text-sm" aria-live="polite">
        {!data
          ? t('run.starting')
          : finished
            ? data.status === 'completed'
              ? t('run.completed', {
                  drafted: t('run.draftedCount', { count: data.succeeded }),
                  failed: t('run.failedCount', { count: data.failed }),
                })
              : t('run.failed')
            : t('run.progress', { processed: data.processed, count: data.total, progress: data.progress })}
      </p>
      {job.isError ? <Alert tone="error">{errorMessage(job.error)}</Alert> : null}
      {data && data.results.length > 0 ? <DraftResults job={data} generatorId={generator.id} /> : null}
      {finished ? (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('run.close')}
          </Button>
        </div>
      ) : null}
    </section>
  );
};

/**
 * `/apps/ai-coaching/session-generator/list`: the organization's session generators, their briefs created, changed
 * and deleted in place, and each run with its progress and drafts (docs/coaching-session-generators.md).
 */
export const SessionGeneratorsPage = () => {
  const { t } = useTranslation('sessionGenerators');
  const can = useCan();
  const errorMessage = useErrorMessage();
  const [state, update] = useListParams();
  const generators = useSessionGenerators(state);
  const remove = useDeleteSessionGenerator();
  const generate = useGenerateSessions();
  const [editing, setEditing] = useState<SessionGenerator | 'new' | null>(null);
  const [run, setRun] = useState<{ generator: SessionGenerator; jobId: string } | null>(null);
  const [startError, setStartError] = useState<unknown>(null);

  const start = async (generator: SessionGenerator) => {
    setStartError(null);
    try {
      const job = await generate.mutateAsync({ id: generator.id, idempotencyKey: newIdempotencyKey() });
      setRun({ generator, jobId: job.id });
    } catch (error) {
      setStartError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('about')}
        actions={
          can('coaching-session-generator-create') ? (
            <Button onClick={() => setEditing('new')}>{t('list.create')}</Button>
          ) : null
        }
      />
      {startError ? (
        <div className="mb-4">
          <Alert tone="error">{errorMessage(startError)}</Alert>
        </div>
      ) : null}
      {run ? <GenerationRun key={run.jobId} {...run} onClose={() => setRun(null)} /> : null}
      <PagedTable<SessionGenerator>
        query={generators}
        state={state}
        onChange={update}
        searchLabel={t('list.search')}
        empty={t('list.none')}
        noMatch={t('list.empty')}
        caption={t('title')}
        rowKey={(generator) => generator.id}
        rowTestId="generator-row"
        columns={[
          {
            id: 'name',
            header: t('list.name'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (generator) => (
              <span className="block min-w-0">
                <span className="block break-words">{generator.name}</span>
                <span className="block text-xs font-normal break-words text-gray-700 dark:text-gray-300">
                  {t('list.brief', {
                    skill: generator.skill,
                    audience: generator.audience,
                    industry: generator.industry,
                  })}
                </span>
              </span>
            ),
          },
          {
            id: 'drafts',
            header: t('list.drafts'),
            priority: 2,
            cell: (generator) =>
              t('list.draftsOf', {
                count: generator.count,
                language: t(`languages.${generator.language}`),
                difficulty: t(`difficulty.${generator.difficulty as 1 | 2 | 3 | 4 | 5}`),
              }),
          },
          {
            id: 'actions',
            header: <span className="sr-only">{t('list.actions')}</span>,
            align: 'end',
            cell: (generator) => (
              <span className="flex flex-wrap justify-end gap-1">
                {can('coaching-session-generate') ? (
                  <Button
                    className="px-3"
                    onClick={() => void start(generator)}
                    loading={generate.isPending && generate.variables.id === generator.id}
                    disabled={run !== null && run.generator.id === generator.id}
                  >
                    {t('list.generate')}
                    <span className="sr-only"> {generator.name}</span>
                  </Button>
                ) : null}
                {can('coaching-session-generator-update') ? (
                  <Button variant="ghost" className="px-3" onClick={() => setEditing(generator)}>
                    {t('list.edit')}
                    <span className="sr-only"> {generator.name}</span>
                  </Button>
                ) : null}
                {can('coaching-session-generator-delete') ? (
                  <ConfirmAction
                    label={t('list.delete')}
                    srContext={generator.name}
                    variant="ghost"
                    title={t('delete.title', { name: generator.name })}
                    body={t('delete.body')}
                    confirmLabel={t('delete.confirm')}
                    doneMessage={t('delete.done', { name: generator.name })}
                    action={() => remove.mutateAsync(generator.id)}
                  />
                ) : null}
              </span>
            ),
          },
        ]}
      />
      {editing ? (
        <SessionGeneratorFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { generator: editing })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
};
