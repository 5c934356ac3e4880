import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import type { EnvironmentVariable } from '../api/environment-variables';
import { useSaveEnvironmentVariable } from '../api/environment-variables';
import { environmentFormProblems, type EnvironmentVariableForm } from '../api/environment-variable-schema';

export type EnvironmentVariableFormProps = {
  /** The variable being changed; a new one when absent. */
  editing?: EnvironmentVariable;
  onDone: (name: string) => void;
  onCancel: () => void;
};

export const EnvironmentVariableEditor = ({ editing, onDone, onCancel }: EnvironmentVariableFormProps) => {
  const { t } = useTranslation('environment');
  const errorMessage = useErrorMessage();
  const save = useSaveEnvironmentVariable();
  const [form, setForm] = useState<EnvironmentVariableForm>({
    name: editing?.name ?? '',
    // A secret is never sent back: changing it means typing the new value.
    value: editing && !editing.is_secret ? (editing.value ?? '') : '',
    description: editing?.description ?? '',
    is_secret: editing?.is_secret ?? false,
  });
  const [problems, setProblems] = useState<ReturnType<typeof environmentFormProblems>>({});

  const serverField = isApiError(save.error) ? save.error.field : null;
  const fieldError = (field: 'name' | 'value' | 'description'): string | null =>
    problems[field] ? t(`form.invalid.${field}`) : serverField === field ? errorMessage(save.error) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = environmentFormProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const { name, ...input } = form;
    save.mutate({ name, input }, { onSuccess: () => onDone(name) });
  };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t(editing ? 'form.editTitle' : 'form.addTitle')}
    >
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        value={form.name}
        required
        readOnly={Boolean(editing)}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setForm({ ...form, name: event.target.value.toUpperCase() })}
        error={fieldError('name')}
      />
      {form.is_secret ? (
        <TextField
          label={t('form.value')}
          type="password"
          autoComplete="new-password"
          hint={editing?.is_secret ? t('form.secretHint') : undefined}
          value={form.value}
          onChange={(event) => setForm({ ...form, value: event.target.value })}
          error={fieldError('value')}
        />
      ) : (
        <TextAreaField
          label={t('form.value')}
          rows={2}
          value={form.value}
          onChange={(event) => setForm({ ...form, value: event.target.value })}
          error={fieldError('value')}
        />
      )}
      <TextField
        label={t('form.description')}
        value={form.description}
        onChange={(event) => setForm({ ...form, description: event.target.value })}
        error={fieldError('description')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.is_secret}
          onChange={(event) => setForm({ ...form, is_secret: event.target.checked, value: '' })}
          className="size-4 accent-primary-700"
        />
        {t('form.isSecret')}
      </label>
      {save.error && !serverField ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
