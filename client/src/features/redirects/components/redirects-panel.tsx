import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useDeleteRedirect, useRedirects, useSaveRedirect } from '../api/redirects';

/** Server-defined redirects (spec §4 step 7): path → internal path or external http(s) address. */
export const RedirectsPanel = () => {
  const { t } = useTranslation('environment');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const query = useRedirects();
  const save = useSaveRedirect();
  const remove = useDeleteRedirect();
  const [form, setForm] = useState({ source_path: '', target: '' });

  const serverField = isApiError(save.error) ? save.error.field : null;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      // The server stores the path as the browser writes it (percent-encoded), so quote its answer.
      onSuccess: (saved) => {
        toast.show(t('redirects.saved', { path: saved.source_path }));
        setForm({ source_path: '', target: '' });
      },
    });
  };

  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold">{t('redirects.title')}</h2>
      <p className="mt-1 mb-4 text-sm text-gray-700 dark:text-gray-300">{t('redirects.description')}</p>
      <form onSubmit={handleSubmit} noValidate className="mb-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <TextField
          label={t('redirects.source')}
          placeholder="/old/path"
          required
          value={form.source_path}
          onChange={(event) => setForm({ ...form, source_path: event.target.value.trim() })}
          error={serverField === 'source_path' ? errorMessage(save.error) : null}
        />
        <TextField
          label={t('redirects.target')}
          placeholder="/new/path"
          required
          value={form.target}
          onChange={(event) => setForm({ ...form, target: event.target.value.trim() })}
          error={serverField === 'target' ? errorMessage(save.error) : null}
        />
        <Button type="submit" className="sm:mt-6" loading={save.isPending} disabled={!form.source_path || !form.target}>
          {t('redirects.save')}
        </Button>
      </form>
      {save.error && !serverField ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>{t('redirects.empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800">
          {query.data.items.map((redirect) => (
            <li key={redirect.source_path} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-mono break-all">
                {redirect.source_path} <span aria-hidden="true">→</span>
                <span className="sr-only">{t('redirects.to')}</span> {redirect.target}
              </span>
              <Button
                variant="ghost"
                loading={remove.isPending && remove.variables === redirect.source_path}
                onClick={() =>
                  remove.mutate(redirect.source_path, {
                    onSuccess: () => toast.show(t('redirects.deleted', { path: redirect.source_path })),
                    onError: (error) => toast.show(errorMessage(error), 'error'),
                  })
                }
              >
                {t('redirects.delete')}
                <span className="sr-only"> {redirect.source_path}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
