import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCurrentUser } from '../../../lib/session/session-context';
import { useMailSettings, useSaveMailSettings, useSendTestMail, type MailSettings } from '../api/mail-settings-api';
import { mailSettingsFormSchema } from '../api/mail-settings-form-schemas';

const SettingsForm = ({ settings }: { settings: MailSettings }) => {
  const { t } = useTranslation('settingsEmail');
  const toast = useToast();
  const save = useSaveMailSettings(settings.organization_id);
  const form = useSchemaForm({
    schema: mailSettingsFormSchema,
    initial: { sender_name: settings.sender_name, reply_to: settings.reply_to },
    submit: async (values) => {
      await save.mutateAsync(values);
      toast.show(t('saved'));
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('fields.senderName')}
        hint={t('hints.senderName')}
        autoComplete="organization"
        {...form.field('sender_name')}
      />
      <TextField
        label={t('fields.replyTo')}
        hint={t('hints.replyTo')}
        type="email"
        autoComplete="email"
        {...form.field('reply_to')}
      />
      <ErrorAlert error={form.formError} />
      <SubmitRow loading={form.submitting}>{t('save')}</SubmitRow>
    </form>
  );
};

/** What the organization's mails carry now, defaults applied: the From header and where replies go. */
const Effective = ({ settings }: { settings: MailSettings }) => {
  const { t } = useTranslation('settingsEmail');
  const { effective } = settings;
  return (
    <dl className="grid gap-3 text-sm" data-testid="effective-sender">
      <div>
        <dt className="font-medium text-gray-900 dark:text-gray-100">{t('effective.from')}</dt>
        <dd className="text-gray-700 [overflow-wrap:anywhere] dark:text-gray-300">
          {t('effective.fromValue', { name: effective.sender_name, address: effective.from_address })}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-gray-900 dark:text-gray-100">{t('effective.replyTo')}</dt>
        <dd className="text-gray-700 [overflow-wrap:anywhere] dark:text-gray-300">
          {effective.reply_to ?? t('effective.noReplyTo')}
        </dd>
      </div>
      {settings.platform_from !== null ? (
        <div>
          <dt className="font-medium text-gray-900 dark:text-gray-100">{t('effective.platformFrom')}</dt>
          <dd className="text-gray-700 [overflow-wrap:anywhere] dark:text-gray-300">
            <code>{settings.platform_from}</code>
            <span className="mt-1 block text-xs">{t('effective.platformFromHint')}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
};

const TestMail = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('settingsEmail');
  const me = useCurrentUser();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const send = useSendTestMail(organizationId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('test.description', { email: me?.email ?? '' })}</p>
      <div>
        <Button
          variant="secondary"
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (sent) => toast.show(t('test.sent', { email: sent.to })),
              onError: (error) => toast.show(errorMessage(error), 'error'),
            })
          }
        >
          {t('test.send')}
        </Button>
      </div>
    </div>
  );
};

/** `/settings/email`: the sender name and reply-to of the caller's organization's mails, and a test mail. */
export const MailSettingsPanel = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('settingsEmail');
  const query = useMailSettings(organizationId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const settings = query.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t('sender.title')}</h2>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
          {settings.is_platform_default ? t('sender.platformDescription') : t('sender.description')}
        </p>
        <SettingsForm key={`${settings.sender_name}|${settings.reply_to}`} settings={settings} />
      </Card>
      <div className="flex flex-col gap-6">
        <Card title={t('effective.title')}>
          <Effective settings={settings} />
        </Card>
        <Card title={t('test.title')}>
          <TestMail organizationId={settings.organization_id} />
        </Card>
      </div>
    </div>
  );
};
