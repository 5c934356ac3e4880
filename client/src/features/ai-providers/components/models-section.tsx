import { AI_CAPABILITIES, type AiProviderKind } from '@ai-coaching/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCan } from '../../../lib/session/session-context';
import { useAiModels, useDeleteAiModel, useSaveAiModel, type AiModel } from '../api/ai-providers-api';
import { parseTypedNumber, typedNumber } from '../utils/number-input';
import { CheckboxGroup } from '../../../components/ui/choice-fields';
import { aiModelFormSchema } from '../api/ai-providers-form-schemas';

/**
 * The spec's "OpenAI Realtime" model-list entry (§3), one click away on the providers that serve it;
 * its credit price stays for the operator to set.
 */
const OPENAI_REALTIME = {
  model_id: 'gpt-realtime',
  display_name: 'OpenAI Realtime',
  capabilities: ['realtime'],
} as const;
const servesRealtime = (kind: AiProviderKind) => kind === 'openai' || kind === 'openai_azure';

/** Adds a model to the provider, or changes one. */
const ModelForm = ({
  providerId,
  providerKind,
  model,
  onDone,
}: {
  providerId: string;
  providerKind: AiProviderKind;
  model?: AiModel;
  onDone: () => void;
}) => {
  const { t, i18n } = useTranslation('aiProviders');
  const toast = useToast();
  const save = useSaveAiModel();
  // What is typed in the number fields, as typed: the form's values hold the numbers read from it.
  const [typed, setTyped] = useState({
    credits_per_minute: typedNumber(model?.credits_per_minute, i18n.language),
    temperature: typedNumber(model?.temperature, i18n.language),
    max_output_tokens: typedNumber(model?.max_output_tokens, i18n.language),
  });
  const form = useSchemaForm({
    schema: aiModelFormSchema,
    initial: {
      provider_id: providerId,
      model_id: model?.model_id ?? '',
      display_name: model?.display_name ?? '',
      capabilities: model?.capabilities ?? ['chat'],
      // Empty for a new model: the schema then asks for it in the form's own words.
      credits_per_minute: model?.credits_per_minute as number,
      temperature: model?.temperature ?? null,
      max_output_tokens: model?.max_output_tokens ?? null,
    },
    requiredMessages: {
      model_id: t('models.modelIdRequired'),
      display_name: t('models.displayNameRequired'),
      credits_per_minute: t('models.creditsRequired'),
    },
    submit: async ({ provider_id, ...fields }) => {
      const saved = model
        ? await save.mutateAsync({ id: model.id, body: fields })
        : await save.mutateAsync({ body: { provider_id, ...fields } });
      toast.show(t(model ? 'models.saved' : 'models.created', { name: saved.display_name }));
      onDone();
    },
  });
  const numberField = (name: keyof typeof typed, blank: null | undefined) => ({
    ...form.field(name),
    value: typed[name],
    inputMode: name === 'temperature' ? ('decimal' as const) : ('numeric' as const),
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      setTyped((current) => ({ ...current, [name]: event.target.value }));
      form.setValue(name, parseTypedNumber(event.target.value, blank) as never);
    },
  });
  const capabilities = form.field('capabilities');
  // An empty list is refused by the schema in its own words; this form has better ones.
  const capabilitiesError =
    capabilities.error && form.values.capabilities.length === 0 ? t('models.capabilitiesRequired') : capabilities.error;

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      className="mt-4 flex flex-col gap-4 rounded-md border border-gray-200 p-4 dark:border-gray-700"
      aria-label={model ? t('models.formTitleEdit', { name: model.display_name }) : t('models.formTitleNew')}
    >
      <h3 className="font-semibold">
        {model ? t('models.formTitleEdit', { name: model.display_name }) : t('models.formTitleNew')}
      </h3>
      {!model && servesRealtime(providerKind) ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              form.setValue('model_id', OPENAI_REALTIME.model_id);
              form.setValue('display_name', OPENAI_REALTIME.display_name);
              form.setValue('capabilities', [...OPENAI_REALTIME.capabilities]);
            }}
          >
            {t('models.fillRealtime')}
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('models.modelId')}
          hint={t('models.modelIdHint')}
          required
          autoComplete="off"
          spellCheck={false}
          {...form.field('model_id')}
        />
        <TextField label={t('models.displayName')} required autoComplete="off" {...form.field('display_name')} />
      </div>
      <CheckboxGroup
        legend={t('models.capabilities')}
        options={AI_CAPABILITIES.map((value) => ({ value, label: t(`models.capability.${value}`) }))}
        value={form.values.capabilities}
        onChange={(value) => form.setValue('capabilities', value)}
        error={capabilitiesError}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('models.creditsPerMinute')}
          hint={t('models.creditsPerMinuteHint')}
          required
          {...numberField('credits_per_minute', undefined)}
        />
        <TextField
          label={t('models.temperature')}
          hint={t('models.temperatureHint')}
          {...numberField('temperature', null)}
        />
        <TextField
          label={t('models.maxOutputTokens')}
          hint={t('models.maxOutputTokensHint')}
          {...numberField('max_output_tokens', null)}
        />
      </div>
      <ErrorAlert error={form.formError} />
      <SubmitRow
        loading={form.submitting}
        cancel={{ label: t('models.cancel'), onClick: onDone }}
        className="flex-wrap"
      >
        {t(model ? 'models.save' : 'models.create')}
      </SubmitRow>
    </form>
  );
};

/** The provider's models: list, add, edit, delete. `editing` is a model's id, `new`, or nothing. */
export const ModelsSection = ({
  providerId,
  providerKind,
  manageable,
}: {
  providerId: string;
  providerKind: AiProviderKind;
  manageable: boolean;
}) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const models = useAiModels(providerId);
  const remove = useDeleteAiModel();
  const [editing, setEditing] = useState<string | null>(null);
  const mayCreate = manageable && can('ai-model-create');
  const mayUpdate = manageable && can('ai-model-update');
  const mayDelete = manageable && can('ai-model-delete');

  if (models.isPending) return <Loading />;
  if (models.isError) return <LoadError error={models.error} onRetry={() => void models.refetch()} />;
  const editedModel = models.data.items.find((model) => model.id === editing);

  return (
    <div className="flex flex-col gap-2">
      {models.data.items.length === 0 ? (
        <EmptyState>{t('models.none')}</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800" aria-label={t('models.title')}>
          {models.data.items.map((model) => (
            <li
              key={model.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="ai-model-row"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{model.display_name}</p>
                <p className="text-xs break-words text-gray-700 dark:text-gray-300">
                  <span className="font-mono">{model.model_id}</span>
                  {' · '}
                  {model.capabilities.map((capability) => t(`models.capability.${capability}`)).join(', ')}
                  {' · '}
                  {t('models.price', { count: model.credits_per_minute })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {mayUpdate ? (
                  <Button variant="secondary" onClick={() => setEditing(model.id)} aria-expanded={editing === model.id}>
                    {t('models.edit')}
                    <span className="sr-only"> {model.display_name}</span>
                  </Button>
                ) : null}
                {mayDelete ? (
                  <ConfirmAction
                    variant="secondary"
                    label={t('models.delete')}
                    srContext={model.display_name}
                    title={t('models.deleteTitle', { name: model.display_name })}
                    body={t('models.deleteBody')}
                    confirmLabel={t('models.delete')}
                    doneMessage={t('models.deleted', { name: model.display_name })}
                    action={() => remove.mutateAsync(model.id)}
                    onDone={() => setEditing((current) => (current === model.id ? null : current))}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' || editedModel ? (
        <ModelForm
          key={editing ?? ''}
          providerId={providerId}
          providerKind={providerKind}
          {...(editedModel ? { model: editedModel } : {})}
          onDone={() => setEditing(null)}
        />
      ) : mayCreate ? (
        <div>
          <Button variant="secondary" onClick={() => setEditing('new')}>
            {t('models.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
