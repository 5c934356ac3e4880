import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useToast } from '../../../components/ui/toast';
import { saveTextFile } from '../../../lib/save-text-file';
import {
  useConfirmUserImport,
  usePlanUserImport,
  useUserImport,
  useUserImportResultCsv,
  type UserImport,
  type UserImportRow,
} from '../api/integrations-api';

const ACTION_TONE: Record<UserImportRow['action'], string> = {
  create: 'text-scoring-800 dark:text-scoring-300',
  update: 'text-primary-800 dark:text-primary-200',
  skip: 'text-gray-700 dark:text-gray-300',
  error: 'text-red-800 dark:text-red-300',
};

/** Each row: its line, who, what it will do, and its problems (or what became of it) beside it. */
const RowsTable = ({ userImport }: { userImport: UserImport }) => {
  const { t } = useTranslation('integrations');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="user-import-rows">
        <caption className="sr-only">{t('import.rowsCaption')}</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-800">
            <th scope="col" className="py-2 pe-2">
              {t('import.line')}
            </th>
            <th scope="col" className="py-2 pe-2">
              {t('import.person')}
            </th>
            <th scope="col" className="py-2">
              {t('import.action')}
            </th>
          </tr>
        </thead>
        <tbody>
          {userImport.rows.map((row) => (
            <tr
              key={row.line}
              className="border-b border-gray-100 align-top dark:border-gray-900"
              data-action={row.action}
            >
              <td className="py-2 pe-2">{row.line}</td>
              <td className="py-2 pe-2 break-all">
                <span className="block">{row.email}</span>
                <span className="block text-gray-700 dark:text-gray-300">
                  {[row.first_name, row.last_name].filter(Boolean).join(' ')}
                  {row.role ? ` · ${row.role}` : ''}
                  {row.groups.length > 0 ? ` · ${row.groups.join(', ')}` : ''}
                </span>
              </td>
              <td className="py-2">
                <span className={`font-semibold ${ACTION_TONE[row.action]}`}>{t(`import.actions.${row.action}`)}</span>
                {row.outcome ? <span className="block">{t(`import.outcomes.${row.outcome}`)}</span> : null}
                <ul className="text-gray-800 dark:text-gray-200">
                  {row.errors.map((error) => (
                    <li key={error.code + error.column}>{error.message}</li>
                  ))}
                  {row.reason ? <li>{row.reason}</li> : null}
                  {row.outcome_message ? <li>{row.outcome_message}</li> : null}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** What the import does once confirmed: its job's progress, then the result to download. */
const Progress = ({ userImport }: { userImport: UserImport }) => {
  const { t } = useTranslation('integrations');
  const toast = useToast();
  const result = useUserImportResultCsv();
  const download = async () => {
    saveTextFile(await result.mutateAsync(userImport.id), `user-import-${userImport.id}.csv`, 'text/csv');
    toast.show(t('import.downloaded'));
  };
  const done = userImport.status === 'completed' || userImport.status === 'failed';
  return (
    <div className="space-y-2">
      <p id="user-import-progress-label">{t(`import.status.${userImport.status}`)}</p>
      <progress
        className="w-full"
        max={100}
        value={userImport.progress}
        aria-labelledby="user-import-progress-label"
        data-testid="user-import-progress"
      />
      {done ? (
        <Button type="button" variant="secondary" loading={result.isPending} onClick={() => void download()}>
          {t('import.download')}
        </Button>
      ) : null}
      <ErrorAlert error={result.error} />
    </div>
  );
};

/** Settings → Integrations, "Bulk import": a CSV file's dry run, its confirmation, its progress and its result. */
export const UserImportSection = () => {
  const { t } = useTranslation('integrations');
  const plan = usePlanUserImport();
  const confirm = useConfirmUserImport();
  const [importId, setImportId] = useState<string | null>(null);
  const current = useUserImport(importId);
  const userImport = current.data ?? plan.data;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const planned = await plan.mutateAsync({ csv: await file.text(), file_name: file.name });
    setImportId(planned.id);
  };
  const counts = userImport?.counts;
  return (
    <section aria-labelledby="user-import-heading" className="space-y-3">
      <SectionHeading id="user-import-heading" title={t('import.title')} className="items-center gap-2" />
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('import.description')}</p>
      <label className="block text-sm font-medium">
        {t('import.file')}
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full text-sm"
          onChange={(event) => void choose(event.target.files?.[0]).catch(() => undefined)}
        />
      </label>
      <ErrorAlert error={plan.error} />
      {userImport && counts ? (
        <div className="space-y-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="user-import-counts">
            {(['create', 'update', 'skip', 'error'] as const).map((action) => (
              <li key={action} className={counts[action] > 0 ? ACTION_TONE[action] : ACTION_TONE.skip}>
                {t(`import.counted.${action}`, { count: counts[action] })}
              </li>
            ))}
          </ul>
          {userImport.status === 'planned' ? (
            <Button
              type="button"
              loading={confirm.isPending}
              disabled={counts.create + counts.update === 0}
              onClick={() => void confirm.mutateAsync(userImport.id).catch(() => undefined)}
            >
              {t('import.confirm')}
            </Button>
          ) : (
            <Progress userImport={userImport} />
          )}
          <ErrorAlert error={confirm.error} />
          <RowsTable userImport={userImport} />
        </div>
      ) : null}
    </section>
  );
};
