import type { OrganizationMetadataKind } from '@ai-coaching/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useUpdateOrganization, type Organization } from '../api/organizations-api';
import { metadataToRows, rowsToMetadata, type MetadataRow } from '../utils/metadata-rows';

const INPUT =
  'w-full min-w-0 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900';
/**
 * From 36 rem of editor width every row shares the list's four columns (key, type, value, remove) through a subgrid,
 * so the column titles line up with the controls; below, the key takes a line of its own.
 */
const ROW = '@xl:col-span-4 @xl:grid-cols-subgrid @xl:items-start';

type RowProps = {
  row: MetadataRow;
  index: number;
  editable: boolean;
  /** What the editor found wrong with the row (a key of `metadata.problems`). */
  problem: string | undefined;
  /** What the API said of the row's key, in the interface language. */
  serverProblem: string | undefined;
  onChange: (patch: Partial<MetadataRow>) => void;
  onRemove: () => void;
};

/** One entry: its key, its type and its value (a yes/no choice for a boolean), its problem under it. */
const MetadataRowFields = ({ row, index, editable, problem, serverProblem, onChange, onRemove }: RowProps) => {
  const { t } = useTranslation('organizations');
  return (
    <li
      className={`${ROW} grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-2 border-b border-gray-100 pb-3 last:border-b-0 @xl:border-b-0 @xl:pb-0 dark:border-gray-800`}
    >
      <input
        aria-label={t('metadata.key', { index: index + 1 })}
        placeholder={t('metadata.columns.key')}
        className={`${INPUT} col-span-2 @xl:col-span-1`}
        value={row.key}
        disabled={!editable}
        aria-invalid={problem || serverProblem ? true : undefined}
        onChange={(event) => onChange({ key: event.target.value })}
      />
      <select
        aria-label={t('metadata.type', { index: index + 1 })}
        className={INPUT}
        value={row.type}
        disabled={!editable}
        onChange={(event) =>
          onChange({
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
          onChange={(event) => onChange({ value: event.target.value })}
        >
          <option value="true">{t('metadata.true')}</option>
          <option value="false">{t('metadata.false')}</option>
        </select>
      ) : (
        <input
          aria-label={t('metadata.value', { index: index + 1 })}
          placeholder={t('metadata.columns.value')}
          className={INPUT}
          inputMode={row.type === 'number' ? 'decimal' : undefined}
          value={row.value}
          disabled={!editable}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      )}
      {editable ? (
        <Button variant="ghost" className="col-span-2 justify-self-end @xl:col-span-1" onClick={onRemove}>
          {t('metadata.remove')}
          <span className="sr-only"> {row.key}</span>
        </Button>
      ) : null}
      {problem || serverProblem ? (
        <p role="alert" className="col-span-2 text-sm text-red-700 @xl:col-span-4 dark:text-red-400">
          {problem ? t(`metadata.problems.${problem as 'keyBlank'}`) : serverProblem}
        </p>
      ) : null}
    </li>
  );
};

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

  // The API's message about one entry (in the interface language) goes under its row: a field issue names it
  // `metadata_<kind>.<key>`, a rule of the domain gives its key in the details. Anything else goes in the alert.
  const refusal = isApiError(update.error) ? update.error : null;
  const hasRow = (key: string) => rows.some((row) => row.key.trim() === key);
  const refusedKey = refusal?.details?.['key'];
  const serverProblems = new Map<string, string>();
  let unplaced = refusal ? 0 : 1;
  for (const issue of refusal?.issues ?? []) {
    const key = issue.path.startsWith(`metadata_${kind}.`) ? issue.path.slice(`metadata_${kind}.`.length) : null;
    if (key !== null && hasRow(key)) serverProblems.set(key, issue.message);
    else if (typeof refusedKey === 'string' && hasRow(refusedKey)) serverProblems.set(refusedKey, issue.message);
    else unplaced += 1;
  }
  if (refusal && refusal.issues.length === 0) unplaced += 1;
  const serverProblemOf = (row: MetadataRow) => (update.isError ? serverProblems.get(row.key.trim()) : undefined);

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
    // The row layout follows the editor's own width (a container query), not the window's: the editor may sit in a
    // narrow column of a wide screen, where a four-column row would leave the inputs a few pixels wide.
    <fieldset
      className="@container min-w-0 rounded-md border border-gray-200 p-4 dark:border-gray-700"
      data-testid={`metadata-${kind}`}
    >
      <legend className="px-1 font-medium">{t(`metadata.kinds.${kind}`)}</legend>
      {rows.length === 0 ? (
        <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('metadata.empty')}</p>
      ) : null}
      <ul className="flex flex-col gap-3 @xl:grid @xl:grid-cols-[minmax(10rem,2fr)_8rem_minmax(10rem,3fr)_auto] @xl:items-start @xl:gap-2">
        {rows.length > 0 ? (
          // Column titles for sighted users on a wide editor; each control carries its own accessible name.
          <li
            aria-hidden="true"
            className={`${ROW} hidden text-xs font-medium text-gray-700 @xl:-mb-1 @xl:grid dark:text-gray-300`}
          >
            <span>{t('metadata.columns.key')}</span>
            <span>{t('metadata.columns.type')}</span>
            <span>{t('metadata.columns.value')}</span>
          </li>
        ) : null}
        {rows.map((row, index) => (
          <MetadataRowFields
            key={index}
            row={row}
            index={index}
            editable={editable}
            problem={problems[index]}
            serverProblem={serverProblemOf(row)}
            onChange={(patch) => change(index, patch)}
            onRemove={() => setRows(rows.filter((_, at) => at !== index))}
          />
        ))}
      </ul>
      {tooMany ? <Alert tone="error">{t('metadata.problems.tooManyKeys')}</Alert> : null}
      {update.isError && unplaced > 0 ? <Alert tone="error">{errorMessage(update.error)}</Alert> : null}
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
