import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import type { EnvironmentVariable } from '../api/environment-variables';
import { useSaveEnvironmentVariable } from '../api/environment-variables';
import { environmentFormProblems, environmentVariableFormSchema } from '../api/environment-variable-schema';

export type EnvironmentVariableFormProps = {
  /** The variable being changed; a new one when absent. */
  editing?: EnvironmentVariable;
  onDone: (name: string) => void;
  onCancel: () => void;
};

type TextFieldName = 'name' | 'value' | 'description';

export const EnvironmentVariableEditor = ({ editing, onDone, onCancel }: EnvironmentVariableFormProps) => {
  const { t } = useTranslation('environment');
  const save = useSaveEnvironmentVariable();
  const form = useSchemaForm({
    schema: environmentVariableFormSchema,
    initial: {
      name: editing?.name ?? '',
      // A secret is never sent back: changing it means typing the new value.
      value: editing && !editing.is_secret ? (editing.value ?? '') : '',
      description: editing?.description ?? '',
      is_secret: editing?.is_secret ?? false,
    },
    submit: async ({ name, ...input }) => {
      await save.mutateAsync({ name, input });
      onDone(name);
    },
  });

  // What the rules refuse is said in this form's words; a refusal of the API keeps the API's.
  const problems = environmentFormProblems(form.values);
  const field = (name: TextFieldName) => {
    const props = form.field(name);
    return { ...props, error: props.error && problems[name] ? t(`form.invalid.${name}`) : props.error };
  };

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t(editing ? 'form.editTitle' : 'form.addTitle')}
    >
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        required
        readOnly={Boolean(editing)}
        autoComplete="off"
        spellCheck={false}
        {...field('name')}
        onChange={(event) => form.setValue('name', event.target.value.toUpperCase())}
      />
      {form.values.is_secret ? (
        <TextField
          label={t('form.value')}
          type="password"
          autoComplete="new-password"
          hint={editing?.is_secret ? t('form.secretHint') : undefined}
          {...field('value')}
        />
      ) : (
        <TextAreaField label={t('form.value')} rows={2} {...field('value')} />
      )}
      <TextField label={t('form.description')} {...field('description')} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.values.is_secret}
          onChange={(event) => {
            form.setValue('is_secret', event.target.checked);
            form.setValue('value', '');
          }}
          className="size-4 accent-primary-700"
        />
        {t('form.isSecret')}
      </label>
      <ErrorAlert error={form.formError} />
      <SubmitRow
        loading={form.submitting}
        cancel={{ label: t('form.cancel'), onClick: onCancel }}
        className="flex-wrap"
      >
        {t('form.save')}
      </SubmitRow>
    </form>
  );
};
