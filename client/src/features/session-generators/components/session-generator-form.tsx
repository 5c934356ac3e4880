import { SESSION_LANGUAGES } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import {
  useCreateSessionGenerator,
  useDraftingModels,
  useUpdateSessionGenerator,
  type SessionGenerator,
} from '../api/session-generators-api';
import { sessionGeneratorFormSchema } from '../api/session-generators-form-schemas';

const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
const COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * A generator's brief in a dialog: creates one, or changes `generator`. Each problem shows next to its field, the
 * contract's own checks first, then the API's.
 */
export const SessionGeneratorFormDialog = ({
  generator,
  onClose,
}: {
  /** The generator to change; left out: a new one. */
  generator?: SessionGenerator;
  onClose: () => void;
}) => {
  const { t } = useTranslation('sessionGenerators');
  const toast = useToast();
  const create = useCreateSessionGenerator();
  const update = useUpdateSessionGenerator(generator?.id ?? '');
  const models = useDraftingModels();
  const form = useSchemaForm({
    schema: sessionGeneratorFormSchema,
    initial: {
      name: generator?.name ?? '',
      skill: generator?.skill ?? '',
      audience: generator?.audience ?? '',
      industry: generator?.industry ?? '',
      difficulty: generator?.difficulty ?? 3,
      language: generator?.language ?? 'en-GB',
      count: generator?.count ?? 3,
      ...(generator ? { model_id: generator.model_id } : {}),
    },
    requiredMessages: {
      name: t('form.required'),
      skill: t('form.required'),
      audience: t('form.required'),
      industry: t('form.required'),
    },
    submit: async (values) => {
      if (generator) {
        await update.mutateAsync(values);
        toast.show(t('form.saved', { name: values.name }));
      } else {
        await create.mutateAsync(values);
        toast.show(t('form.created', { name: values.name }));
      }
      onClose();
    },
  });

  const numberField = (name: 'difficulty' | 'count') => {
    const bound = form.field(name);
    return {
      value: bound.value,
      error: bound.error,
      onChange: (event: { target: { value: string } }) => form.setValue(name, Number(event.target.value)),
    };
  };
  const model = form.field('model_id');

  return (
    <ModalDialog title={t(generator ? 'form.editTitle' : 'form.createTitle')} onCancel={onClose} className="max-w-lg">
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('form.about')}</p>
      <form onSubmit={form.handleSubmit} noValidate className="mt-4 flex flex-col gap-3">
        <TextField label={t('form.name')} required {...form.field('name')} />
        <TextField label={t('form.skill')} hint={t('form.skillHint')} required {...form.field('skill')} />
        <TextField label={t('form.audience')} hint={t('form.audienceHint')} required {...form.field('audience')} />
        <TextField label={t('form.industry')} hint={t('form.industryHint')} required {...form.field('industry')} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label={t('form.difficulty')}
            options={DIFFICULTIES.map((value) => ({ value: String(value), label: t(`difficulty.${value}`) }))}
            {...numberField('difficulty')}
          />
          <SelectField
            label={t('form.language')}
            options={SESSION_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            {...form.field('language')}
          />
          <SelectField
            label={t('form.count')}
            options={COUNTS.map((value) => ({ value: String(value), label: String(value) }))}
            {...numberField('count')}
          />
        </div>
        <SelectField
          label={t('form.model')}
          hint={t('form.modelHint')}
          options={[
            ...(generator ? [] : [{ value: '', label: t('form.builtinModel') }]),
            ...(models.data?.items ?? []).map((item) => ({ value: item.id, label: item.display_name })),
          ]}
          value={model.value}
          error={model.error}
          onChange={(event) => form.setValue('model_id', event.target.value || undefined)}
        />
        <ErrorAlert error={form.formError} />
        <SubmitRow
          loading={form.submitting}
          cancel={{ label: t('form.cancel'), onClick: onClose }}
          className="flex-wrap"
        >
          {t(generator ? 'form.save' : 'form.create')}
        </SubmitRow>
      </form>
    </ModalDialog>
  );
};
