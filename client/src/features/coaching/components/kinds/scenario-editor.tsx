import { COACHING_DEFAULTS, SCENARIO_MODES, scenarioFieldsSchema } from '@ai-coaching/contracts';
import {
  effectiveTimeLimitSeconds,
  personaGreeting,
  sessionPriceCredits,
  SESSION_LANGUAGES,
} from '@ai-coaching/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField } from '../../../../components/image-upload-field';
import { Avatar, EntityImage } from '../../../../components/ui/avatar';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useChatModels, useCoachingChoices, useSpeechVoices } from '../../api/coaching-api';
import { ChoiceField, MinutesField, OrderedChoicesField, type Choice } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof scenarioFieldsSchema>;

/** Choices of a kind, drafts marked: a scenario may use them, but is published only once they are. */
const useItemChoices = (kind: 'persona' | 'mission' | 'observer'): Choice[] => {
  const { t } = useTranslation('coaching');
  const list = useCoachingChoices(kind);
  return (list.data?.items ?? [])
    .filter((item) => item.status !== 'archived')
    .map((item) => {
      const title = String((item as Record<string, unknown>)[kind === 'mission' ? 'title' : 'name']);
      return { value: item.id, label: item.status === 'draft' ? t('fields.draftChoice', { title }) : title };
    });
};

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const { values, setValue } = form;
  const personas = useItemChoices('persona');
  const missions = useItemChoices('mission');
  const observers = useItemChoices('observer');
  const models = useChatModels();
  const voices = useSpeechVoices();
  const firstModel = models.data?.items[0]?.id;
  useEffect(() => {
    if (!values.model_id && firstModel) setValue('model_id', firstModel);
  }, [values.model_id, firstModel, setValue]);
  return (
    <>
      <TextField label={t('scenario.name')} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <TextAreaField
        label={t('fields.description')}
        hint={t('scenario.descriptionHint')}
        rows={3}
        {...form.field('description')}
      />
      <ImageUploadField
        label={t('fields.image')}
        category="missions"
        fallback="mission"
        value={values.image_id ?? null}
        onChange={(id) => setValue('image_id', id)}
        error={form.errorOf('image_id')}
      />
      <ChoiceField
        label={t('scenario.persona')}
        required
        none={t('fields.choose')}
        value={values.persona_id}
        choices={personas}
        onChange={(id) => setValue('persona_id', id ?? '')}
        error={form.errorOf('persona_id')}
      />
      <ChoiceField
        label={t('scenario.mission')}
        hint={t('scenario.missionHint')}
        none={t('scenario.freeSpeech')}
        value={values.mission_id}
        choices={missions}
        onChange={(id) => setValue('mission_id', id)}
        error={form.errorOf('mission_id')}
      />
      <OrderedChoicesField
        legend={t('scenario.observers')}
        hint={t('scenario.observersHint')}
        addLabel={t('scenario.addObserver')}
        values={values.observer_ids ?? []}
        choices={observers}
        onChange={(ids) => setValue('observer_ids', ids)}
        error={form.errorWithin('observer_ids')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('scenario.mode')}
          options={SCENARIO_MODES.map((value) => ({ value, label: t(`scenario.modes.${value}`) }))}
          {...form.field('mode')}
        />
        <SelectField
          label={t('fields.language')}
          required
          options={SESSION_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          {...form.field('language')}
        />
      </div>
      <ChoiceField
        label={t('fields.model')}
        hint={t('scenario.modelHint')}
        required
        none={t('fields.chooseModel')}
        value={values.model_id}
        choices={(models.data?.items ?? []).map((model) => ({
          value: model.id,
          label: t('scenario.modelChoice', { name: model.display_name, count: model.credits_per_minute }),
        }))}
        onChange={(id) => setValue('model_id', id ?? '')}
        error={form.errorOf('model_id')}
      />
      {values.mode === 'voice' ? (
        <ChoiceField
          label={t('scenario.voice')}
          hint={t('scenario.voiceHint')}
          none={t('scenario.personaVoice')}
          value={values.voice_id}
          choices={(voices.data?.items ?? []).map((voice) => ({ value: voice.id, label: voice.display_name }))}
          onChange={(id) => setValue('voice_id', id)}
          error={form.errorOf('voice_id')}
        />
      ) : null}
      <MinutesField
        label={t('fields.timeLimit')}
        hint={t('scenario.timeLimitHint')}
        seconds={values.time_limit_seconds}
        onChange={(seconds) => setValue('time_limit_seconds', seconds)}
        error={form.errorOf('time_limit_seconds')}
      />
    </>
  );
};

/** The scenario's information page as learners will see it, with the price before they start. */
const Preview = ({ values }: { values: Values }) => {
  const { t } = useTranslation('coaching');
  const personas = useCoachingChoices('persona');
  const missions = useCoachingChoices('mission');
  const observers = useCoachingChoices('observer');
  const models = useChatModels();
  const persona = personas.data?.items.find((item) => item.id === values.persona_id);
  const mission = missions.data?.items.find((item) => item.id === values.mission_id);
  const model = models.data?.items.find((item) => item.id === values.model_id);
  const panel = (values.observer_ids ?? [])
    .map((id) => observers.data?.items.find((item) => item.id === id)?.name)
    .filter(Boolean);
  const seconds = effectiveTimeLimitSeconds(values.time_limit_seconds, mission?.time_limit_seconds);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <EntityImage kind="mission" src={imageUrl(values.image_id)} className="aspect-[3/2] w-full rounded-md" />
      <p className="text-base font-semibold break-words">{values.name?.trim() || t('scenario.unnamed')}</p>
      {values.description ? <p className="whitespace-pre-line">{values.description}</p> : null}
      {persona ? (
        <div className="flex items-start gap-3">
          <Avatar src={imageUrl(persona.avatar_image_id)} name={persona.name} size={40} />
          <blockquote
            lang={values.language}
            className="rounded-lg rounded-tl-none bg-gray-100 px-3 py-2 dark:bg-gray-800"
          >
            {personaGreeting({ ...persona, language: values.language })}
          </blockquote>
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">{t('scenario.mission')}</dt>
        <dd>{mission ? mission.goal || mission.title : t('scenario.freeSpeech')}</dd>
        <dt className="font-medium">{t('scenario.observers')}</dt>
        <dd>{panel.length > 0 ? panel.join(', ') : '—'}</dd>
        <dt className="font-medium">{t('fields.language')}</dt>
        <dd>{t(`languages.${values.language}`)}</dd>
        <dt className="font-medium">{t('scenario.mode')}</dt>
        <dd>{t(`scenario.modes.${values.mode ?? 'text'}`)}</dd>
        <dt className="font-medium">{t('scenario.price')}</dt>
        <dd data-testid="scenario-price">
          {model === undefined
            ? '—'
            : model.credits_per_minute === 0
              ? t('scenario.free')
              : seconds === null
                ? t('scenario.pricePerMinute', { count: model.credits_per_minute })
                : t('scenario.priceUpTo', {
                    count: sessionPriceCredits(model.credits_per_minute, seconds),
                    minutes: Math.ceil(seconds / 60),
                  })}
        </dd>
      </dl>
    </div>
  );
};

export const scenarioEditor = asKindEditor<Values>({
  kind: 'scenario',
  schema: scenarioFieldsSchema,
  blank: (language) => ({
    ...COACHING_DEFAULTS.scenario,
    name: '',
    persona_id: '',
    observer_ids: [],
    model_id: '',
    language: (SESSION_LANGUAGES as readonly string[]).includes(language) ? (language as Values['language']) : 'en-GB',
  }),
  Fields,
  Preview,
});
