import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useAiProvider, useDeleteAiProvider } from '../api/ai-providers-api';
import { takesKeys, takesVoices } from '../utils/provider-kinds';
import { AiProviderSettingsForm } from './ai-provider-form';
import { ConnectionTest } from './connection-test';
import { ModelsSection } from './models-section';
import { EnabledBadge } from './provider-badges';
import { ServiceKeysSection } from './service-keys-section';
import { VoicesSection } from './voices-section';
import { TextLink } from '../../../components/ui/text-link';

/** `/ai-providers/edit/{providerID}`: settings, connection test, keys, models and voices of one provider. */
export const AiProviderEditor = ({ id }: { id: string }) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const query = useAiProvider(id);
  const remove = useDeleteAiProvider();

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const provider = query.data;
  // A platform-wide provider is the super-admins' to change (the API answers 403 `ai_provider_platform_only`).
  const manageable = provider.organization_id !== null || me?.organization_role === 'super-admin';

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: provider.name })}
        description={<EnabledBadge enabled={provider.enabled} />}
        actions={<TextLink to="/ai-providers/list">{t('edit.back')}</TextLink>}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card titleId="provider-settings" title={t('edit.details')}>
          <div className="flex flex-col gap-4">
            {provider.builtin ? <Alert>{t('edit.builtinNote')}</Alert> : null}
            {!manageable ? <Alert>{t('edit.readOnly')}</Alert> : null}
            <AiProviderSettingsForm key={provider.updated_at} provider={provider} readOnly={!manageable} />
            {manageable && !provider.builtin && can('ai-provider-delete') ? (
              <div className="border-t border-gray-200 pt-4 dark:border-gray-700">
                <ConfirmAction
                  label={t('edit.delete')}
                  title={t('edit.deleteTitle', { name: provider.name })}
                  body={t('edit.deleteBody')}
                  confirmLabel={t('edit.delete')}
                  doneMessage={t('edit.deleted', { name: provider.name })}
                  action={() => remove.mutateAsync(provider.id)}
                  onDone={() => void navigate('/ai-providers/list')}
                />
              </div>
            ) : null}
          </div>
        </Card>
        <div className="flex flex-col gap-6">
          <Card titleId="provider-connection" title={t('test.title')}>
            <ConnectionTest providerId={provider.id} />
          </Card>
          <Card titleId="provider-keys" title={t('keys.title')}>
            {takesKeys(provider.kind) ? (
              manageable ? (
                <ServiceKeysSection providerId={provider.id} manageable={manageable} />
              ) : (
                <p className="text-sm text-gray-700 dark:text-gray-300">{t('edit.readOnly')}</p>
              )
            ) : (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('keys.builtin')}</p>
            )}
          </Card>
        </div>
        <div className="lg:col-span-2">
          <Card titleId="provider-models" title={t('models.title')}>
            <ModelsSection providerId={provider.id} providerKind={provider.kind} manageable={manageable} />
          </Card>
        </div>
        <div className="lg:col-span-2">
          <Card titleId="provider-voices" title={t('voices.title')}>
            {takesVoices(provider.kind) ? (
              <VoicesSection providerId={provider.id} manageable={manageable} />
            ) : (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('voices.notSpeech')}</p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
};
