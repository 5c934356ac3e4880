import { AI_VOICE_GENDERS, SESSION_LANGUAGES, type AiVoiceGender } from '@ai-coaching/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { SelectField, TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import {
  useAiSpeechVoices,
  useDeleteAiSpeechVoice,
  useSaveAiSpeechVoice,
  type AiSpeechVoice,
} from '../api/ai-providers-api';
import { CheckboxGroup } from '../../../components/ui/choice-fields';
import { VoiceImport } from './voice-import';
import { useVoiceSample, VoiceSample } from './voice-preview';
import { aiSpeechVoiceFormSchema } from '../api/ai-providers-form-schemas';

const NO_GENDER = 'none';
/** What `editing` holds while the new-voice form or the import panel is open (voice ids are UUIDs). */
const NEW = 'new';
const IMPORT = 'import';

/** Adds a voice to the provider, or changes one. */
const VoiceForm = ({
  providerId,
  voice,
  onDone,
}: {
  providerId: string;
  voice?: AiSpeechVoice;
  onDone: () => void;
}) => {
  const { t } = useTranslation('aiProviders');
  const toast = useToast();
  const save = useSaveAiSpeechVoice();
  const form = useSchemaForm({
    schema: aiSpeechVoiceFormSchema,
    initial: {
      provider_id: providerId,
      voice_id: voice?.voice_id ?? '',
      display_name: voice?.display_name ?? '',
      languages: voice?.languages ?? [],
      gender: voice?.gender ?? null,
    },
    requiredMessages: { voice_id: t('voices.voiceIdRequired'), display_name: t('voices.displayNameRequired') },
    submit: async ({ provider_id, ...fields }) => {
      const saved = voice
        ? await save.mutateAsync({ id: voice.id, body: fields })
        : await save.mutateAsync({ body: { provider_id, ...fields } });
      toast.show(t(voice ? 'voices.saved' : 'voices.created', { name: saved.display_name }));
      onDone();
    },
  });
  const languages = form.field('languages');
  const gender = form.field('gender');
  // An empty list is refused by the schema in its own words; this form has better ones.
  const languagesError =
    languages.error && form.values.languages.length === 0 ? t('voices.languagesRequired') : languages.error;

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      className="mt-4 flex flex-col gap-4 rounded-md border border-gray-200 p-4 dark:border-gray-700"
      aria-label={voice ? t('voices.formTitleEdit', { name: voice.display_name }) : t('voices.formTitleNew')}
    >
      <h3 className="font-semibold">
        {voice ? t('voices.formTitleEdit', { name: voice.display_name }) : t('voices.formTitleNew')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('voices.voiceId')}
          hint={t('voices.voiceIdHint')}
          required
          autoComplete="off"
          spellCheck={false}
          {...form.field('voice_id')}
        />
        <TextField label={t('voices.displayName')} required autoComplete="off" {...form.field('display_name')} />
      </div>
      <CheckboxGroup
        legend={t('voices.languages')}
        options={SESSION_LANGUAGES.map((value) => ({ value, label: t(`voices.language.${value}`) }))}
        value={form.values.languages}
        onChange={(value) => form.setValue('languages', value)}
        error={languagesError}
      />
      <div className="sm:max-w-xs">
        <SelectField
          label={t('voices.gender')}
          name="gender"
          value={form.values.gender ?? NO_GENDER}
          error={gender.error}
          onChange={(event) =>
            form.setValue('gender', event.target.value === NO_GENDER ? null : (event.target.value as AiVoiceGender))
          }
          options={[
            { value: NO_GENDER, label: t('voices.genders.none') },
            ...AI_VOICE_GENDERS.map((value) => ({ value, label: t(`voices.genders.${value}`) })),
          ]}
        />
      </div>
      <ErrorAlert error={form.formError} />
      <SubmitRow
        loading={form.submitting}
        cancel={{ label: t('voices.cancel'), onClick: onDone }}
        className="flex-wrap"
      >
        {t(voice ? 'voices.save' : 'voices.create')}
      </SubmitRow>
    </form>
  );
};

/** One voice: its name, id, languages and gender, what may be done with it, and its sample once asked for. */
const VoiceRow = ({
  voice,
  editing,
  mayUpdate,
  mayDelete,
  onEdit,
  onDeleted,
}: {
  voice: AiSpeechVoice;
  editing: boolean;
  mayUpdate: boolean;
  mayDelete: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const remove = useDeleteAiSpeechVoice();
  const errorMessage = useErrorMessage();
  // A refusal (a persona still speaks with the voice: who, and what to do) stays beside the voice, not in a toast.
  const [problem, setProblem] = useState<string | null>(null);
  const sample = useVoiceSample(voice);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="ai-voice-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="font-medium break-words">{voice.display_name}</p>
          <p className="text-xs break-words text-gray-700 dark:text-gray-300">
            <span className="font-mono">{voice.voice_id}</span>
            {' · '}
            {voice.languages.map((language) => t(`voices.language.${language}`)).join(', ')}
            {voice.gender ? ` · ${t(`voices.genders.${voice.gender}`)}` : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {can('ai-speech-voice-read') ? (
            <Button variant="secondary" loading={sample.pending} onClick={sample.listen}>
              {t('voices.listen')}
              <span className="sr-only"> {voice.display_name}</span>
            </Button>
          ) : null}
          {mayUpdate ? (
            <Button variant="secondary" onClick={onEdit} aria-expanded={editing}>
              {t('voices.edit')}
              <span className="sr-only"> {voice.display_name}</span>
            </Button>
          ) : null}
          {mayDelete ? (
            <ConfirmAction
              variant="secondary"
              label={t('voices.delete')}
              srContext={voice.display_name}
              title={t('voices.deleteTitle', { name: voice.display_name })}
              body={t('voices.deleteBody')}
              confirmLabel={t('voices.delete')}
              doneMessage={t('voices.deleted', { name: voice.display_name })}
              action={() => {
                setProblem(null);
                return remove.mutateAsync(voice.id);
              }}
              onDone={onDeleted}
              onError={(error) => setProblem(errorMessage(error))}
            />
          ) : null}
        </div>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <VoiceSample voice={voice} sample={sample} />
    </li>
  );
};

/** The provider's speech voices: list, listen, add, import from the provider, edit, delete. */
export const VoicesSection = ({ providerId, manageable }: { providerId: string; manageable: boolean }) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const voices = useAiSpeechVoices(providerId, can('ai-speech-voice-list'));
  // A voice's id, or the form or panel open below the list.
  const [editing, setEditing] = useState<string | null>(null);
  const mayCreate = manageable && can('ai-speech-voice-create');
  const mayUpdate = manageable && can('ai-speech-voice-update');
  const mayDelete = manageable && can('ai-speech-voice-delete');

  if (!can('ai-speech-voice-list')) return null;
  if (voices.isPending) return <Loading />;
  if (voices.isError) return <LoadError error={voices.error} onRetry={() => void voices.refetch()} />;
  const editedVoice = voices.data.items.find((voice) => voice.id === editing);

  return (
    <div className="flex flex-col gap-2">
      {voices.data.items.length === 0 ? (
        <EmptyState>{t('voices.none')}</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800" aria-label={t('voices.title')}>
          {voices.data.items.map((voice) => (
            <VoiceRow
              key={voice.id}
              voice={voice}
              editing={editing === voice.id}
              mayUpdate={mayUpdate}
              mayDelete={mayDelete}
              onEdit={() => setEditing(voice.id)}
              onDeleted={() => setEditing((current) => (current === voice.id ? null : current))}
            />
          ))}
        </ul>
      )}
      {editing === IMPORT ? (
        <VoiceImport providerId={providerId} onDone={() => setEditing(null)} />
      ) : editing === NEW || editedVoice ? (
        <VoiceForm
          key={editing ?? ''}
          providerId={providerId}
          {...(editedVoice ? { voice: editedVoice } : {})}
          onDone={() => setEditing(null)}
        />
      ) : mayCreate ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(NEW)}>
            {t('voices.add')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(IMPORT)}>
            {t('voices.import.open')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
