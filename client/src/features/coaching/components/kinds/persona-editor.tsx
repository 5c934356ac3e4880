import { COACHING_DEFAULTS, COACHING_LIST_MAX, COACHING_TITLE_MAX, personaFieldsSchema } from '@ai-coaching/contracts';
import {
  KNOWLEDGE_GATES,
  PERSONA_MOODS,
  personaGreeting,
  personaResistance,
  SESSION_LANGUAGES,
  type KnowledgeGate,
} from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { Avatar } from '../../../../components/ui/avatar';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useSpeechVoices } from '../../api/coaching-api';
import { ChoiceField, CommaListField, DialField, PhraseListField, RecordListField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof personaFieldsSchema>;
type KnowledgeItem = Values['knowledge'][number];

const blankKnowledge = (): KnowledgeItem => ({ topic: '', keywords: [], says: '', gate: 'any' });

/** What they know: the facts the persona tells, each behind its gate. */
const KnowledgeField = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  // Nested issues come keyed by their path (`knowledge.0.says`), like the API's.
  const errorAt = (path: string) => form.errorOf(path as keyof Values & string);
  return (
    <RecordListField
      legend={t('persona.knowledge')}
      hint={t('persona.knowledgeHint')}
      items={form.values.knowledge ?? []}
      onChange={(items) => form.setValue('knowledge', items)}
      blank={blankKnowledge}
      itemLegend={(number) => t('persona.knowledgeItem', { number })}
      addLabel={t('persona.addKnowledge')}
      removeLabel={(number) => t('persona.removeKnowledge', { number })}
      max={COACHING_LIST_MAX}
      error={errorAt('knowledge')}
      fields={(item, change, index) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('persona.topic')}
              hint={t('persona.topicHint')}
              required
              maxLength={COACHING_TITLE_MAX}
              value={item.topic}
              onChange={(event) => change({ topic: event.target.value })}
              error={errorAt(`knowledge.${index}.topic`)}
            />
            <CommaListField
              label={t('persona.keywords')}
              hint={t('persona.keywordsHint')}
              values={item.keywords}
              onChange={(keywords) => change({ keywords })}
              error={form.errorWithin(`knowledge.${index}.keywords` as keyof Values & string)}
            />
          </div>
          <TextAreaField
            label={t('persona.says')}
            hint={t('persona.saysHint')}
            required
            rows={3}
            value={item.says}
            onChange={(event) => change({ says: event.target.value })}
            error={errorAt(`knowledge.${index}.says`)}
          />
          <SelectField
            label={t('persona.gate')}
            hint={t('persona.gateHint')}
            value={item.gate}
            options={KNOWLEDGE_GATES.map((gate) => ({ value: gate, label: t(`persona.gates.${gate}`) }))}
            onChange={(event) => change({ gate: event.target.value as KnowledgeGate })}
            error={errorAt(`knowledge.${index}.gate`)}
          />
        </>
      )}
    />
  );
};

/** The fields the practice engine plays the persona by, and a real model reads as facts. */
const ConversationFields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const { values } = form;
  const resistance = personaResistance(values.difficulty ?? 3);
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t border-gray-200 pt-4 dark:border-gray-700">
      <legend className="pr-2 text-base font-semibold">{t('persona.conversation')}</legend>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('persona.conversationHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <DialField
          label={t('persona.difficulty')}
          hint={t(`persona.difficultyHint.${resistance.needsEvidence ? 'evidence' : 'plain'}`, {
            count: resistance.objections,
          })}
          value={values.difficulty ?? 3}
          wordsOf={(level) => t(`persona.difficulties.${level}`)}
          onChange={(level) => form.setValue('difficulty', level ?? 3)}
          error={form.errorOf('difficulty')}
        />
        <SelectField
          label={t('persona.mood')}
          hint={t(`persona.moodEffect.${values.mood ?? 'neutral'}`)}
          options={PERSONA_MOODS.map((value) => ({ value, label: t(`persona.moods.${value}`) }))}
          {...form.field('mood')}
        />
        <DialField
          label={t('persona.patience')}
          hint={t('persona.patienceHint')}
          value={values.patience ?? 3}
          wordsOf={(level) => t(`persona.patienceLevels.${level}`)}
          onChange={(level) => form.setValue('patience', level ?? 3)}
          error={form.errorOf('patience')}
        />
        <DialField
          label={t('persona.openness')}
          hint={t('persona.opennessHint')}
          value={values.openness ?? 3}
          wordsOf={(level) => t(`persona.opennessLevels.${level}`)}
          onChange={(level) => form.setValue('openness', level ?? 3)}
          error={form.errorOf('openness')}
        />
      </div>
      <KnowledgeField form={form} />
      <PhraseListField
        legend={t('persona.motivations')}
        hint={t('persona.motivationsHint')}
        addLabel={t('persona.addMotivation')}
        values={values.motivations ?? []}
        onChange={(list) => form.setValue('motivations', list)}
        error={form.errorWithin('motivations')}
      />
    </fieldset>
  );
};

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
      <ConversationFields form={form} />
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
        <li>{t(`persona.patienceTraits.${values.patience ?? 3}` as 'persona.patienceTraits.3')}</li>
        <li>{t(`persona.opennessTraits.${values.openness ?? 3}` as 'persona.opennessTraits.3')}</li>
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
