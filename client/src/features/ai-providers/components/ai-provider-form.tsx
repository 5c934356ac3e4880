import type { AiProviderKind } from '@ai-coaching/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm, type SchemaForm } from '../../../hooks/use-schema-form';
import { useCurrentUser } from '../../../lib/session/session-context';
import {
  useCreateAiProvider,
  useOrganizationChoices,
  useUpdateAiProvider,
  type AiProvider,
} from '../api/ai-providers-api';
import { CREATABLE_KINDS, endpointSettingsFor, settingUse, type EndpointSetting } from '../utils/provider-kinds';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { useScopeLabel } from './provider-badges';
import { aiProviderCreateFormSchema, aiProviderUpdateFormSchema } from '../api/ai-providers-form-schemas';

type EndpointValues = { base_url?: string | null; api_version?: string | null; region?: string | null };

type HintKey =
  | 'form.baseUrlHint'
  | 'form.baseUrlHintAzure'
  | 'form.baseUrlHintSpeech'
  | 'form.baseUrlHintOptional'
  | 'form.apiVersionHint'
  | 'form.regionHint';

const hintOf = (kind: AiProviderKind, setting: EndpointSetting): HintKey => {
  if (setting === 'api_version') return 'form.apiVersionHint';
  if (setting === 'region') return 'form.regionHint';
  if (kind === 'openai_azure') return 'form.baseUrlHintAzure';
  if (kind === 'azure_microsoft') return 'form.baseUrlHintSpeech';
  return settingUse(kind, 'base_url') === 'required' ? 'form.baseUrlHint' : 'form.baseUrlHintOptional';
};

const LABELS = { base_url: 'form.baseUrl', api_version: 'form.apiVersion', region: 'form.region' } as const;

/** The endpoint settings the kind takes; a required one carries `required`, and the API's refusal shows beside it. */
const EndpointFields = <Values extends EndpointValues & Record<string, unknown>>({
  kind,
  form,
}: {
  kind: AiProviderKind;
  form: SchemaForm<Values>;
}) => {
  const { t } = useTranslation('aiProviders');
  return (
    <>
      {(['base_url', 'api_version', 'region'] as const satisfies readonly EndpointSetting[]).map((setting) => {
        const use = settingUse(kind, setting);
        if (use === 'hidden') return null;
        return (
          <TextField
            key={setting}
            label={t(LABELS[setting])}
            hint={t(hintOf(kind, setting))}
            required={use === 'required'}
            type={setting === 'base_url' ? 'url' : 'text'}
            inputMode={setting === 'base_url' ? 'url' : undefined}
            autoComplete="off"
            spellCheck={false}
            {...form.field(setting)}
          />
        );
      })}
    </>
  );
};

const PLATFORM = 'platform';

/** `/ai-providers/create`: name, kind with the settings it needs, scope and whether it is enabled. */
export const AiProviderCreateForm = () => {
  const { t } = useTranslation('aiProviders');
  const toast = useToast();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationChoices(superAdmin);
  const create = useCreateAiProvider();
  const form = useSchemaForm({
    schema: aiProviderCreateFormSchema,
    initial: {
      name: '',
      kind: 'openai' as AiProviderKind,
      base_url: '',
      api_version: '',
      region: '',
      enabled: true,
      // Super-admins choose (platform-wide first); everyone else creates for their own organization, which the API
      // takes when the field is left out.
      ...(superAdmin ? { organization_id: null } : {}),
    },
    requiredMessages: { name: t('form.nameRequired') },
    submit: async (values) => {
      const created = await create.mutateAsync({ ...values, ...endpointSettingsFor(values.kind, values) });
      toast.show(t('form.created', { name: created.name }));
      void navigate(`/ai-providers/edit/${created.id}`);
    },
  });
  const kind = form.values.kind as AiProviderKind;
  const scope = form.field('organization_id');

  return (
    <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField label={t('form.name')} required autoComplete="off" {...form.field('name')} />
      <SelectField
        label={t('form.kind')}
        {...form.field('kind')}
        hint={t(`kindDescriptions.${kind}`)}
        options={CREATABLE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
      />
      <EndpointFields kind={kind} form={form} />
      {superAdmin ? (
        <SelectField
          label={t('form.scope')}
          name="organization_id"
          value={form.values.organization_id ?? PLATFORM}
          error={scope.error}
          onChange={(event) =>
            form.setValue('organization_id', event.target.value === PLATFORM ? null : event.target.value)
          }
          options={[
            { value: PLATFORM, label: t('form.platformWide') },
            ...(organizations.data?.items ?? []).map((organization) => ({
              value: organization.id,
              label: organization.name,
            })),
          ]}
        />
      ) : (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-gray-900 dark:text-gray-100">{t('form.scope')}</span>
          <span className="text-gray-700 dark:text-gray-300">{t('form.scopeOwn')}</span>
        </div>
      )}
      <CheckboxField
        label={t('form.enabled')}
        checked={form.values.enabled}
        onChange={(checked) => form.setValue('enabled', checked)}
      />
      <ErrorAlert error={form.formError} />
      <SubmitRow loading={form.submitting}>{t('form.create')}</SubmitRow>
    </form>
  );
};

/** The settings of an existing provider: its kind and scope stay; a platform-wide one is read-only but for super-admins. */
export const AiProviderSettingsForm = ({ provider, readOnly }: { provider: AiProvider; readOnly: boolean }) => {
  const { t } = useTranslation('aiProviders');
  const toast = useToast();
  const update = useUpdateAiProvider(provider.id);
  const scopeOf = useScopeLabel();
  const form = useSchemaForm({
    schema: aiProviderUpdateFormSchema,
    initial: {
      name: provider.name,
      base_url: provider.base_url ?? '',
      api_version: provider.api_version ?? '',
      region: provider.region ?? '',
      enabled: provider.enabled,
    },
    requiredMessages: { name: t('form.nameRequired') },
    submit: async (values) => {
      // The built-in provider takes no endpoint settings and stays enabled: only its name can change.
      await update.mutateAsync(
        provider.builtin ? { name: values.name } : { ...values, ...endpointSettingsFor(provider.kind, values) },
      );
      toast.show(t('form.saved'));
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        <TextField label={t('form.name')} required autoComplete="off" {...form.field('name')} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-gray-900 dark:text-gray-100">{t('form.kind')}</dt>
          <dd className="text-gray-700 dark:text-gray-300">{t(`kinds.${provider.kind}`)}</dd>
          <dt className="font-medium text-gray-900 dark:text-gray-100">{t('form.scope')}</dt>
          <dd className="text-gray-700 dark:text-gray-300">{scopeOf(provider)}</dd>
        </dl>
        <EndpointFields kind={provider.kind} form={form} />
        {provider.builtin ? null : (
          <CheckboxField
            label={t('form.enabled')}
            checked={form.values.enabled ?? provider.enabled}
            onChange={(checked) => form.setValue('enabled', checked)}
          />
        )}
      </fieldset>
      <ErrorAlert error={form.formError} />
      {readOnly ? null : <SubmitRow loading={form.submitting}>{t('form.save')}</SubmitRow>}
    </form>
  );
};
