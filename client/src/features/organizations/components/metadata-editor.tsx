import type { OrganizationMetadataKind } from '@ai-coaching/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useUpdateOrganization, type Organization } from '../api/organizations-api';
import { metadataToRows, rowsToMetadata, type MetadataRow } from '../utils/metadata-rows';

const INPUT =
  'w-full rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm dark:border-gray-600 dark:bg-gray-900';

/** Key/value rows of one metadata kind, saved with that kind's own permission (spec §6). */
export const MetadataEditor = ({
  organization,
  kind,
  editable,
}: {
  organization: Organization;
  kind: OrganizationMetadataKind;
  editable: boolean;
}) => {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateOrganization(organization.id);
  const [rows, setRows] = useState<MetadataRow[]>(() => metadataToRows(organization.metadata[kind]));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [tooMany, setTooMany] = useState(false);

  const change = (index: number, patch: Partial<MetadataRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const save = () => {
    const result = rowsToMetadata(rows);
    if (!result.ok) {
      setTooMany('all' in result.problems);
      setProblems('all' in result.problems ? {} : result.problems);
      return;
    }
    setProblems({});
    setTooMany(false);
    update.mutate(
      { [`metadata_${kind}`]: result.metadata },
      { onSuccess: () => toast.show(t('metadata.saved', { kind: t(`metadata.kinds.${kind}`) })) },
    );
  };

  return (
    <fieldset className="rounded-md border border-gray-200 p-4 dark:border-gray-700" data-testid={`metadata-${kind}`}>
      <legend className="px-1 font-medium">{t(`metadata.kinds.${kind}`)}</legend>
      {rows.length === 0 ? (
        <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('metadata.empty')}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {rows.map((row, index) => (
          <li key={index} className="grid gap-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-start">
            <input
              aria-label={t('metadata.key', { index: index + 1 })}
              className={INPUT}
              value={row.key}
              disabled={!editable}
              aria-invalid={problems[index] ? true : undefined}
              onChange={(event) => change(index, { key: event.target.value })}
            />
            <select
              aria-label={t('metadata.type', { index: index + 1 })}
              className={INPUT}
              value={row.type}
              disabled={!editable}
              onChange={(event) =>
                change(index, {
                  type: event.target.value as MetadataRow['type'],
                  value: event.target.value === 'boolean' ? 'true' : row.value,
                })
              }
            >
              {(['text', 'number', 'boolean'] as const).map((type) => (
                <option key={type} value={type}>
                  {t(`metadata.types.${type}`)}
                </option>
              ))}
            </select>
            {row.type === 'boolean' ? (
              <select
                aria-label={t('metadata.value', { index: index + 1 })}
                className={INPUT}
                value={row.value}
                disabled={!editable}
                onChange={(event) => change(index, { value: event.target.value })}
              >
                <option value="true">{t('metadata.true')}</option>
                <option value="false">{t('metadata.false')}</option>
              </select>
            ) : (
              <input
                aria-label={t('metadata.value', { index: index + 1 })}
                className={INPUT}
                inputMode={row.type === 'number' ? 'decimal' : undefined}
                value={row.value}
                disabled={!editable}
                onChange={(event) => change(index, { value: event.target.value })}
              />
            )}
            {editable ? (
              <Button variant="ghost" onClick={() => setRows(rows.filter((_, at) => at !== index))}>
                {t('metadata.remove')}
                <span className="sr-only"> {row.key}</span>
              </Button>
            ) : null}
            {problems[index] ? (
              <p role="alert" className="text-sm text-red-700 sm:col-span-4 dark:text-red-400">
                {t(`metadata.problems.${problems[index] as 'keyBlank'}`)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {tooMany ? <Alert tone="error">{t('metadata.problems.tooManyKeys')}</Alert> : null}
      {update.isError ? <Alert tone="error">{errorMessage(update.error)}</Alert> : null}
      {editable ? (
        <div className="mt-3 flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => setRows([...rows, { key: '', type: 'text', value: '' }])}>
            {t('metadata.add')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('metadata.save')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
};
