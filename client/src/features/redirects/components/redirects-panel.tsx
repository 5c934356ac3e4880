import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { deleteRedirect, saveRedirect, useInvalidateRedirects, useRedirects } from '../api/redirects';
import { redirectFormSchema } from '../api/redirects-form-schemas';

/** Server-defined redirects (spec §4 step 7): path → internal path or external http(s) address. */
export const RedirectsPanel = () => {
  const { t } = useTranslation('environment');
  const toast = useToast();
  const query = useRedirects();
  const invalidate = useInvalidateRedirects();
  const form = useSchemaForm({
    schema: redirectFormSchema,
    initial: { source_path: '', target: '' },
    submit: async (input) => {
      const saved = await saveRedirect(input);
      await invalidate();
      // The server stores the path as the browser writes it (percent-encoded), so quote its answer.
      toast.show(t('redirects.saved', { path: saved.source_path }));
      form.setValue('source_path', '');
      form.setValue('target', '');
    },
  });
  // Spaces around a path are never meant: they go as they are typed.
  const trimmed = (name: 'source_path' | 'target') => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value.trim()),
    };
  };

  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold">{t('redirects.title')}</h2>
      <p className="mt-1 mb-4 text-sm text-gray-700 dark:text-gray-300">{t('redirects.description')}</p>
      <form
        onSubmit={form.handleSubmit}
        noValidate
        className="mb-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <TextField label={t('redirects.source')} placeholder="/old/path" required {...trimmed('source_path')} />
        <TextField label={t('redirects.target')} placeholder="/new/path" required {...trimmed('target')} />
        <Button
          type="submit"
          className="sm:mt-6"
          loading={form.submitting}
          disabled={!form.values.source_path || !form.values.target}
        >
          {t('redirects.save')}
        </Button>
      </form>
      <ErrorAlert error={form.formError} />
      <QueryState query={query} isEmpty={(data) => data.items.length === 0} empty={t('redirects.empty')}>
        {(data) => (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {data.items.map((redirect) => (
              <li key={redirect.source_path} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-mono break-all">
                  {redirect.source_path} <span aria-hidden="true">→</span>
                  <span className="sr-only">{t('redirects.to')}</span> {redirect.target}
                </span>
                <ConfirmAction
                  variant="ghost"
                  label={t('redirects.delete')}
                  srContext={redirect.source_path}
                  title={t('redirects.deleteTitle', { path: redirect.source_path })}
                  body={t('redirects.deleteBody')}
                  confirmLabel={t('redirects.delete')}
                  doneMessage={t('redirects.deleted', { path: redirect.source_path })}
                  action={async () => {
                    await deleteRedirect(redirect.source_path);
                    await invalidate();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
};
