import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useBackgroundJob, useRerunChoices, useStartAnalysisRerun, type BackgroundJob } from '../api/sessions-api';
import { analysisRerunFormSchema } from '../api/sessions-form-schemas';

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The last 30 days, today included: what a re-run after an observer's improvement usually covers. */
const lastMonth = () => {
  const today = Date.now();
  return { from: dayOf(today - 30 * DAY_MS), to: dayOf(today) };
};

/** The job's progress, live, then what it did. */
const JobProgress = ({ job }: { job: BackgroundJob }) => {
  const { t } = useTranslation('coachingSessions');
  const finished = job.status === 'completed' || job.status === 'failed';
  return (
    <div className="flex flex-col gap-2" data-testid="rerun-job" data-status={job.status}>
      <progress className="w-full" max={100} value={job.progress} aria-label={t('rerun.progressLabel')} />
      <p className="text-sm" aria-live="polite">
        {finished
          ? job.status === 'completed'
            ? t('rerun.completed', {
                rerun: t('rerun.rerunCount', { count: job.succeeded }),
                skipped: t('rerun.skippedCount', { count: job.skipped }),
                failed: t('rerun.failedCount', { count: job.failed }),
              })
            : t('rerun.failed')
          : t('rerun.progress', { processed: job.processed, count: job.total, progress: job.progress })}
      </p>
    </div>
  );
};

/**
 * "Re-run reports" for operators: every ended session of the organization of a scenario and/or scored by an observer,
 * started in a period, gets a new report version as a background job whose progress is shown until it completes.
 */
export const AnalysisRerunDialog = () => {
  const { t } = useTranslation('coachingSessions');
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const choices = useRerunChoices(open);
  const start = useStartAnalysisRerun();
  const job = useBackgroundJob(jobId);
  const [period] = useState(lastMonth);
  const form = useSchemaForm({
    schema: analysisRerunFormSchema,
    initial: period,
    submit: async (values) => {
      const started = await start.mutateAsync({ request: values, idempotencyKey });
      setJobId(started.id);
    },
  });

  const close = () => {
    setOpen(false);
    setJobId(null);
    // The next run is another intent, so another key.
    setIdempotencyKey(newIdempotencyKey());
  };
  const optionsOf = (items: { id: string; name: string }[] | undefined, any: string) => [
    { value: '', label: any },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('rerun.open')}
      </Button>
      <ModalDialog open={open} title={t('rerun.title')} onCancel={close} className="max-w-lg">
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('rerun.about')}</p>
        {job.data ? (
          <div className="mt-4 flex flex-col gap-4">
            <JobProgress job={job.data} />
            <div className="flex justify-end">
              <Button onClick={close}>{t('rerun.close')}</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={form.handleSubmit} noValidate className="mt-4 flex flex-col gap-3">
            <SelectField
              label={t('rerun.scenario')}
              value={form.values.scenario_id ?? ''}
              options={optionsOf(choices.scenarios.data?.items, t('rerun.anyScenario'))}
              onChange={(event) => form.setValue('scenario_id', event.target.value || undefined)}
              error={form.field('scenario_id').error}
            />
            <SelectField
              label={t('rerun.observer')}
              value={form.values.observer_id ?? ''}
              options={optionsOf(choices.observers.data?.items, t('rerun.anyObserver'))}
              onChange={(event) => form.setValue('observer_id', event.target.value || undefined)}
              error={form.field('observer_id').error}
            />
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField label={t('rerun.from')} type="date" required {...form.field('from')} />
              <TextField label={t('rerun.to')} type="date" required {...form.field('to')} />
            </div>
            <ErrorAlert error={form.formError} />
            {job.isError ? <Alert tone="error">{errorMessage(job.error)}</Alert> : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close} disabled={form.submitting}>
                {t('rerun.cancel')}
              </Button>
              <Button type="submit" loading={form.submitting || (jobId !== null && job.isPending)}>
                {t('rerun.start')}
              </Button>
            </div>
          </form>
        )}
      </ModalDialog>
    </>
  );
};
