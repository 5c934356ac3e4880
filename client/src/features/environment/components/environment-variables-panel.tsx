import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useCan } from '../../../lib/session/session-context';
import {
  deleteEnvironmentVariable,
  useEnvironmentVariables,
  useInvalidateEnvironmentVariables,
  type EnvironmentVariable,
} from '../api/environment-variables';
import { EnvironmentVariableEditor } from './environment-variable-form';

const formatDate = (value: string | null, locale: string) =>
  value ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '—';

/** Platform-wide runtime settings (spec §2 `/env`): the server's own configuration read-only, and variables managed here. */
export const EnvironmentVariablesPanel = () => {
  const { t, i18n } = useTranslation('environment');
  const can = useCan();
  const toast = useToast();
  const query = useEnvironmentVariables();
  const invalidate = useInvalidateEnvironmentVariables();
  const [editing, setEditing] = useState<EnvironmentVariable | 'new' | null>(null);
  const mayUpdate = can('environment-variables-update');

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.items;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('variables.title')}</h2>
        {mayUpdate && editing === null ? <Button onClick={() => setEditing('new')}>{t('variables.add')}</Button> : null}
      </div>
      {editing !== null ? (
        <div className="mb-6 rounded-md border border-gray-200 p-4 dark:border-gray-700">
          <h3 className="mb-3 font-medium">{t(editing === 'new' ? 'form.addTitle' : 'form.editTitle')}</h3>
          <EnvironmentVariableEditor
            editing={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onDone={(name) => {
              setEditing(null);
              toast.show(t('variables.saved', { name }));
            }}
          />
        </div>
      ) : null}
      {items.length === 0 ? (
        <EmptyState>{t('variables.empty')}</EmptyState>
      ) : (
        <DataTable<EnvironmentVariable>
          caption={t('variables.title')}
          items={items}
          rowKey={(variable) => variable.name}
          columns={[
            {
              id: 'name',
              header: t('variables.name'),
              isRowHeader: true,
              cell: (variable) => (
                <>
                  <span className="font-mono break-all">{variable.name}</span>
                  {variable.description ? (
                    <span className="block text-xs font-normal text-gray-700 dark:text-gray-300">
                      {variable.description}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              id: 'value',
              header: t('variables.value'),
              cell: (variable) =>
                variable.is_secret ? (
                  <span className="italic">{t('variables.secret')}</span>
                ) : (
                  <span className="font-mono break-all">{variable.value}</span>
                ),
            },
            {
              id: 'source',
              header: t('variables.source'),
              priority: 3,
              cell: (variable) => t(`variables.sources.${variable.source}`),
            },
            {
              id: 'updated',
              header: t('variables.updatedAt'),
              priority: 2,
              cell: (variable) => (
                <span className="whitespace-nowrap">{formatDate(variable.updated_at, i18n.language)}</span>
              ),
            },
            {
              id: 'actions',
              header: <span className="sr-only">{t('variables.actions')}</span>,
              align: 'end',
              cell: (variable) =>
                mayUpdate && variable.source === 'api' ? (
                  <span className="flex flex-wrap justify-end gap-1">
                    <Button variant="ghost" onClick={() => setEditing(variable)}>
                      {t('variables.edit')}
                      <span className="sr-only"> {variable.name}</span>
                    </Button>
                    <ConfirmAction
                      variant="ghost"
                      label={t('variables.delete')}
                      srContext={variable.name}
                      title={t('variables.deleteTitle', { name: variable.name })}
                      body={t('variables.deleteBody')}
                      confirmLabel={t('variables.delete')}
                      doneMessage={t('variables.deleted', { name: variable.name })}
                      action={async () => {
                        await deleteEnvironmentVariable(variable.name);
                        await invalidate();
                      }}
                    />
                  </span>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
};
