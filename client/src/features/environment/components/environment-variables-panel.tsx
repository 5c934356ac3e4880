import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import {
  useDeleteEnvironmentVariable,
  useEnvironmentVariables,
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
  const errorMessage = useErrorMessage();
  const query = useEnvironmentVariables();
  const remove = useDeleteEnvironmentVariable();
  const [editing, setEditing] = useState<EnvironmentVariable | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EnvironmentVariable | null>(null);
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t('variables.title')}</caption>
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-700 dark:text-gray-300">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('variables.name')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('variables.value')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('variables.source')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('variables.updatedAt')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t('variables.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((variable) => (
                <tr key={variable.name} className="border-b border-gray-100 align-top dark:border-gray-800">
                  <th scope="row" className="py-2 pr-4 font-mono font-medium break-all">
                    {variable.name}
                    {variable.description ? (
                      <p className="font-sans text-xs font-normal text-gray-700 dark:text-gray-300">
                        {variable.description}
                      </p>
                    ) : null}
                  </th>
                  <td className="py-2 pr-4 font-mono break-all">
                    {variable.is_secret ? (
                      <span className="font-sans italic">{t('variables.secret')}</span>
                    ) : (
                      variable.value
                    )}
                  </td>
                  <td className="py-2 pr-4">{t(`variables.sources.${variable.source}`)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(variable.updated_at, i18n.language)}</td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {mayUpdate && variable.source === 'api' ? (
                      <>
                        <Button variant="ghost" onClick={() => setEditing(variable)}>
                          {t('variables.edit')}
                          <span className="sr-only"> {variable.name}</span>
                        </Button>
                        <Button variant="ghost" onClick={() => setDeleting(variable)}>
                          {t('variables.delete')}
                          <span className="sr-only"> {variable.name}</span>
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('variables.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('variables.delete')}
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.name, {
            onSuccess: () => {
              toast.show(t('variables.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: (error) => toast.show(errorMessage(error), 'error'),
          });
        }}
      >
        {t('variables.deleteBody')}
      </ConfirmDialog>
    </Card>
  );
};
