import { AI_VOICE_IMPORT_MAX } from '@ai-coaching/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useAvailableVoices, useImportAiSpeechVoices, type AiAvailableVoice } from '../api/ai-providers-api';
import { CheckboxField } from '../../../components/ui/choice-fields';

const matches = (voice: AiAvailableVoice, search: string) => {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || `${voice.display_name} ${voice.voice_id}`.toLocaleLowerCase().includes(needle);
};

/**
 * "Import from the provider": the provider's own voices that speak a session language, ticked and added in one go
 * with their names, languages and gender. Voices already in the list are shown, not offered again.
 */
export const VoiceImport = ({ providerId, onDone }: { providerId: string; onDone: () => void }) => {
  const { t } = useTranslation('aiProviders');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const available = useAvailableVoices(providerId);
  const importVoices = useImportAiSpeechVoices();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<readonly string[]>([]);
  const shown = useMemo(
    () => (available.data?.items ?? []).filter((voice) => matches(voice, search)),
    [available.data, search],
  );
  const tooMany = selected.length > AI_VOICE_IMPORT_MAX;

  const toggle = (voiceId: string, checked: boolean) =>
    setSelected((current) => (checked ? [...current, voiceId] : current.filter((id) => id !== voiceId)));

  const submit = () =>
    importVoices.mutate(
      { provider_id: providerId, voice_ids: [...selected] },
      {
        onSuccess: (result) => {
          toast.show(t('voices.import.done', { count: result.created.length }));
          onDone();
        },
      },
    );

  return (
    <section
      aria-labelledby={`voice-import-${providerId}`}
      className="mt-4 flex flex-col gap-4 rounded-md border border-gray-200 p-4 dark:border-gray-700"
    >
      <h3 id={`voice-import-${providerId}`} className="font-semibold">
        {t('voices.import.title')}
      </h3>
      <QueryState query={available} isEmpty={(data) => data.items.length === 0} empty={t('voices.import.none')}>
        {() => (
          <>
            <TextField
              label={t('voices.import.search')}
              type="search"
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {shown.length === 0 ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('voices.import.noMatch')}</p>
            ) : (
              <ul className="flex max-h-80 flex-col gap-3 overflow-y-auto" aria-label={t('voices.import.listLabel')}>
                {shown.map((voice) => (
                  <li key={voice.voice_id} data-testid="available-voice">
                    <CheckboxField
                      label={<span className="break-words">{voice.display_name}</span>}
                      checked={voice.imported || selected.includes(voice.voice_id)}
                      disabled={voice.imported}
                      onChange={(checked) => toggle(voice.voice_id, checked)}
                      hint={[
                        voice.voice_id,
                        voice.languages.map((language) => t(`voices.language.${language}`)).join(', '),
                        voice.gender ? t(`voices.genders.${voice.gender}`) : null,
                        voice.imported ? t('voices.import.already') : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
      {tooMany ? <Alert tone="error">{t('voices.import.tooMany', { max: AI_VOICE_IMPORT_MAX })}</Alert> : null}
      {importVoices.isError ? <Alert tone="error">{errorMessage(importVoices.error)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={importVoices.isPending}>
          {t('voices.cancel')}
        </Button>
        {available.isSuccess && available.data.items.length > 0 ? (
          <Button onClick={submit} loading={importVoices.isPending} disabled={selected.length === 0 || tooMany}>
            {t('voices.import.submit', { count: selected.length })}
          </Button>
        ) : null}
      </div>
    </section>
  );
};
