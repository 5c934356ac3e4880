import { COACHING_DEFAULTS, missionFieldsSchema } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { EntityImage } from '../../../../components/ui/avatar';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { MinutesField, NumberField, PhraseListField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof missionFieldsSchema>;

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const { values } = form;
  return (
    <>
      <TextField label={t('mission.title')} required maxLength={120} autoComplete="off" {...form.field('title')} />
      <ImageUploadField
        label={t('fields.image')}
        category="missions"
        fallback="mission"
        {...imageFieldOf(form, 'image_id')}
      />
      <TextAreaField
        label={t('mission.briefing')}
        hint={t('mission.briefingHint')}
        rows={4}
        {...form.field('briefing')}
      />
      <TextAreaField label={t('mission.goal')} hint={t('mission.goalHint')} rows={2} {...form.field('goal')} />
      <PhraseListField
        legend={t('mission.successCriteria')}
        hint={t('mission.successCriteriaHint')}
        addLabel={t('mission.addSuccess')}
        values={values.success_criteria ?? []}
        onChange={(list) => form.setValue('success_criteria', list)}
        error={form.errorWithin('success_criteria')}
      />
      <PhraseListField
        legend={t('mission.failureConditions')}
        hint={t('mission.failureConditionsHint')}
        addLabel={t('mission.addFailure')}
        values={values.failure_conditions ?? []}
        onChange={(list) => form.setValue('failure_conditions', list)}
        error={form.errorWithin('failure_conditions')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MinutesField
          label={t('fields.timeLimit')}
          hint={t('fields.noLimitHint')}
          seconds={values.time_limit_seconds}
          onChange={(seconds) => form.setValue('time_limit_seconds', seconds)}
          error={form.errorOf('time_limit_seconds')}
        />
        <NumberField
          label={t('mission.turnLimit')}
          hint={t('fields.noLimitHint')}
          min={1}
          max={200}
          value={values.turn_limit}
          onChange={(turns) => form.setValue('turn_limit', turns)}
          error={form.errorOf('turn_limit')}
        />
      </div>
      {/* Said as what the persona does: the outcome markers it writes are the prompt's business, not the editor's. */}
      <details className="rounded-md border border-gray-200 px-4 py-3 text-sm dark:border-gray-700">
        <summary className="cursor-pointer font-medium">{t('mission.ending.title')}</summary>
        <p className="mt-2">{t('mission.ending.intro')}</p>
        <ul className="mt-2 list-disc pl-5">
          <li>{t('mission.ending.win')}</li>
          <li>{t('mission.ending.lose')}</li>
          <li>{t('mission.ending.end')}</li>
        </ul>
        <p className="mt-2">{t('mission.ending.limits')}</p>
      </details>
    </>
  );
};

/** The mission as the learner reads it before starting. */
const Preview = ({ values }: { values: Values }) => {
  const { t } = useTranslation('coaching');
  const success = (values.success_criteria ?? []).filter((phrase) => phrase.trim());
  const failure = (values.failure_conditions ?? []).filter((phrase) => phrase.trim());
  return (
    <div className="flex flex-col gap-3 text-sm">
      <EntityImage kind="mission" src={imageUrl(values.image_id)} className="aspect-[3/2] w-full rounded-md" />
      <p className="text-base font-semibold break-words">{values.title?.trim() || t('mission.untitled')}</p>
      {values.briefing ? <p className="whitespace-pre-line">{values.briefing}</p> : null}
      {values.goal ? (
        <p>
          <strong>{t('labelled', { ns: 'common', label: t('mission.goal') })}</strong> {values.goal}
        </p>
      ) : null}
      {success.length > 0 ? (
        <div>
          <p className="font-medium">{t('mission.youWinWhen')}</p>
          <ul className="list-disc pl-5">
            {success.map((phrase, index) => (
              <li key={index}>{phrase}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {failure.length > 0 ? (
        <div>
          <p className="font-medium">{t('mission.watchOut')}</p>
          <ul className="list-disc pl-5">
            {failure.map((phrase, index) => (
              <li key={index}>{phrase}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-gray-700 dark:text-gray-300">
        {[
          values.time_limit_seconds ? t('fields.minutes', { count: Math.round(values.time_limit_seconds / 60) }) : null,
          values.turn_limit ? t('mission.turns', { count: values.turn_limit }) : null,
        ]
          .filter(Boolean)
          .join(' · ') || t('fields.noLimit')}
      </p>
    </div>
  );
};

export const missionEditor = asKindEditor<Values>({
  kind: 'mission',
  schema: missionFieldsSchema,
  blank: () => ({ ...COACHING_DEFAULTS.mission, success_criteria: [], failure_conditions: [], title: '' }),
  Fields,
  Preview,
});
