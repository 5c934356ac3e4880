import { COACHING_DEFAULTS, SCENARIO_MODES, scenarioFieldsSchema } from '@ai-coaching/contracts';
import {
  effectiveTimeLimitSeconds,
  personaGreeting,
  sessionPriceCredits,
  SESSION_LANGUAGES,
  VOICE_SILENCE_MS_MAX,
  VOICE_SILENCE_MS_MIN,
  VOICE_TURN_DETECTIONS,
} from '@ai-coaching/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ScriptedPractice } from '../../../../components/scripted-practice';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { Avatar, EntityImage } from '../../../../components/ui/avatar';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useChatModels, useCoachingChoices, useSpeechVoices, useTranscriptionModels } from '../../api/coaching-api';
import { ChoiceField, MinutesField, NumberField, OrderedChoicesField, type Choice } from '../coaching-fields';
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

/** The speeds offered, and the scenario's own when the API set another. */
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/** How a voice scenario's sessions speak and listen (docs/voice.md, "Voice settings"): shown in voice mode only. */
const VoiceSettingsFields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const recognitionModels = useTranscriptionModels();
  const settings = form.values.voice_settings ?? COACHING_DEFAULTS.scenario.voice_settings;
  const set = (change: Partial<NonNullable<Values['voice_settings']>>) =>
    form.setValue('voice_settings', { ...settings, ...change });
  // A setting's problem from the API (`voice_settings.silence_ms`) goes next to its control.
  const errorOf = (part: keyof NonNullable<Values['voice_settings']>) =>
    (form.errorOf as (name: string) => string | null)(`voice_settings.${part}`);
  const speeds = SPEEDS.includes(settings.speed) ? SPEEDS : [...SPEEDS, settings.speed].sort((a, b) => a - b);
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-gray-300 p-4 dark:border-gray-700">
      <legend className="px-1 font-medium">{t('scenario.voiceSettings.title')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('scenario.voiceSettings.speed')}
          value={String(settings.speed)}
          options={speeds.map((speed) => ({
            value: String(speed),
            label: t('scenario.voiceSettings.speedValue', { speed }),
          }))}
          onChange={(event) => set({ speed: Number(event.target.value) })}
          error={errorOf('speed')}
        />
        <SelectField
          label={t('scenario.voiceSettings.turnDetection')}
          value={settings.turn_detection}
          options={VOICE_TURN_DETECTIONS.map((value) => ({
            value,
            label: t(`scenario.voiceSettings.turnDetections.${value}`),
          }))}
          onChange={(event) => set({ turn_detection: event.target.value as (typeof VOICE_TURN_DETECTIONS)[number] })}
          error={errorOf('turn_detection')}
        />
      </div>
      {settings.turn_detection === 'voice_activity' ? (
        <NumberField
          label={t('scenario.voiceSettings.silence')}
          hint={t('scenario.voiceSettings.silenceHint', { min: VOICE_SILENCE_MS_MIN, max: VOICE_SILENCE_MS_MAX })}
          min={VOICE_SILENCE_MS_MIN}
          max={VOICE_SILENCE_MS_MAX}
          step={50}
          value={settings.silence_ms}
          onChange={(silence) => set({ silence_ms: silence ?? COACHING_DEFAULTS.scenario.voice_settings.silence_ms })}
          error={errorOf('silence_ms')}
        />
      ) : null}
      <ChoiceField
        label={t('scenario.voiceSettings.recognition')}
        hint={t('scenario.voiceSettings.recognitionHint')}
        none={t('scenario.voiceSettings.providerRecognition')}
        value={settings.recognition_model_id}
        choices={(recognitionModels.data?.items ?? []).map((model) => ({ value: model.id, label: model.display_name }))}
        onChange={(id) => set({ recognition_model_id: id })}
        error={errorOf('recognition_model_id')}
      />
    </fieldset>
  );
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
        {...imageFieldOf(form, 'image_id')}
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
      {models.data?.items.find((model) => model.id === values.model_id)?.scripted ? (
        <ScriptedPractice role={values.mode === 'voice' ? 'voiceEditor' : 'text'} />
      ) : null}
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
      {values.mode === 'voice' ? <VoiceSettingsFields form={form} /> : null}
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
