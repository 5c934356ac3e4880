import { COACHING_DEFAULTS, personaFieldsSchema } from '@ai-coaching/contracts';
import { PERSONA_MOODS, personaGreeting, personaResistance, SESSION_LANGUAGES } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { Avatar } from '../../../../components/ui/avatar';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useSpeechVoices } from '../../api/coaching-api';
import { ChoiceField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof personaFieldsSchema>;

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const voices = useSpeechVoices();
  const { values } = form;
  return (
    <>
      <TextField label={t('persona.name')} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <ImageUploadField
        label={t('persona.avatar')}
        category="avatars"
        fallback="avatar"
        {...imageFieldOf(form, 'avatar_image_id')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('persona.jobTitle')} maxLength={120} {...form.field('job_title')} />
        <TextField label={t('persona.company')} maxLength={120} {...form.field('company')} />
      </div>
      <SelectField
        label={t('fields.language')}
        hint={t('persona.languageHint')}
        required
        options={SESSION_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        {...form.field('language')}
      />
      <TextAreaField
        label={t('persona.personality')}
        hint={t('persona.personalityHint')}
        rows={3}
        {...form.field('personality')}
      />
      <TextAreaField
        label={t('persona.background')}
        hint={t('persona.backgroundHint')}
        rows={5}
        {...form.field('background')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('persona.difficulty')}
          hint={t(
            `persona.difficultyHint.${personaResistance(values.difficulty ?? 3).needsEvidence ? 'evidence' : 'plain'}`,
            {
              count: personaResistance(values.difficulty ?? 3).objections,
            },
          )}
          value={String(values.difficulty ?? 3)}
          options={[1, 2, 3, 4, 5].map((level) => ({
            value: String(level),
            label: t(`persona.difficulties.${level}` as 'persona.difficulties.1'),
          }))}
          onChange={(event) => form.setValue('difficulty', Number(event.target.value))}
          error={form.errorOf('difficulty')}
        />
        <SelectField
          label={t('persona.mood')}
          options={PERSONA_MOODS.map((value) => ({ value, label: t(`persona.moods.${value}`) }))}
          {...form.field('mood')}
        />
      </div>
      <TextAreaField
        label={t('persona.speakingStyle')}
        hint={t('persona.speakingStyleHint')}
        rows={2}
        {...form.field('speaking_style')}
      />
      <ChoiceField
        label={t('persona.voice')}
        hint={t('persona.voiceHint')}
        none={t('persona.noVoice')}
        value={values.voice_id}
        choices={(voices.data?.items ?? []).map((voice) => ({ value: voice.id, label: voice.display_name }))}
        onChange={(id) => form.setValue('voice_id', id)}
        error={form.errorOf('voice_id')}
      />
      <TextAreaField
        label={t('fields.instructions')}
        hint={t('persona.instructionsHint')}
        rows={3}
        {...form.field('instructions')}
      />
    </>
  );
};

/** How the persona introduces itself, in its own language, and what its dials make it do. */
const Preview = ({ values }: { values: Values }) => {
  const { t } = useTranslation('coaching');
  const resistance = personaResistance(values.difficulty ?? 3);
  const name = values.name?.trim() || t('persona.unnamed');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Avatar src={imageUrl(values.avatar_image_id)} name={name} size={56} />
        <div className="min-w-0">
          <p className="font-semibold break-words">{name}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {[values.job_title, values.company].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <blockquote
        lang={values.language}
        className="rounded-lg rounded-tl-none bg-gray-100 px-4 py-3 text-sm dark:bg-gray-800"
        data-testid="persona-greeting"
      >
        {personaGreeting({
          name,
          job_title: values.job_title ?? '',
          company: values.company ?? '',
          mood: values.mood ?? 'neutral',
          language: values.language,
        })}
      </blockquote>
      <ul className="list-disc pl-5 text-sm text-gray-700 dark:text-gray-300">
        <li>{t(`persona.moodEffect.${values.mood ?? 'neutral'}`)}</li>
        <li>
          {t(`persona.difficultyHint.${resistance.needsEvidence ? 'evidence' : 'plain'}`, {
            count: resistance.objections,
          })}
        </li>
        <li>{t(`languages.${values.language}`)}</li>
      </ul>
    </div>
  );
};

export const personaEditor = asKindEditor<Values>({
  kind: 'persona',
  schema: personaFieldsSchema,
  blank: (language) => ({
    ...COACHING_DEFAULTS.persona,
    name: '',
    language: (SESSION_LANGUAGES as readonly string[]).includes(language) ? (language as Values['language']) : 'en-GB',
  }),
  Fields,
  Preview,
});
