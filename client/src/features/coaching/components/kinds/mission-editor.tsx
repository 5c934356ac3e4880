import { COACHING_DEFAULTS, missionFieldsSchema } from '@ai-coaching/contracts';
import { FAILURE_BEHAVIOURS, OBJECTION_MOVES, SUCCESS_BEHAVIOURS } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { EntityImage } from '../../../../components/ui/avatar';
import { CheckboxGroup } from '../../../../components/ui/choice-fields';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { DialField, MinutesField, NumberField, PhraseListField, RecordListField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof missionFieldsSchema>;
type Objection = Values['objections'][number];

/** A new objection is settled by acknowledging it until the author says otherwise. */
const blankObjection = (): Objection => ({ text: '', resolved_by: ['acknowledge'] });
/** The schema's own limit on objections. */
const OBJECTIONS_MAX = 10;

/**
 * The rules the built-in practice engine plays and ends the conversation by, which a real model reads as facts. The
 * learner never sees them: the briefing tells the goal, not the rules.
 */
const RulesFields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const { values } = form;
  // Nested issues come keyed by their path (`objections.0.resolved_by`), like the API's.
  const errorAt = (path: string) => form.errorWithin(path as keyof Values & string);
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t border-gray-200 pt-4 dark:border-gray-700">
      <legend className="pr-2 text-base font-semibold">{t('mission.rules')}</legend>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('mission.rulesHint')}</p>
      <RecordListField
        legend={t('mission.objections')}
        hint={t('mission.objectionsHint')}
        items={values.objections ?? []}
        onChange={(items) => form.setValue('objections', items)}
        blank={blankObjection}
        itemLegend={(number) => t('mission.objectionItem', { number })}
        addLabel={t('mission.addObjection')}
        removeLabel={(number) => t('mission.removeObjection', { number })}
        max={OBJECTIONS_MAX}
        error={form.errorOf('objections')}
        fields={(objection, change, index) => (
          <>
            <TextAreaField
              label={t('mission.objectionText')}
              hint={t('mission.objectionTextHint')}
              required
              rows={2}
              value={objection.text}
              onChange={(event) => change({ text: event.target.value })}
              error={errorAt(`objections.${index}.text`)}
            />
            <CheckboxGroup
              legend={t('mission.resolvedBy')}
              hint={t('mission.resolvedByHint')}
              options={OBJECTION_MOVES.map((move) => ({ value: move, label: t(`mission.moves.${move}`) }))}
              value={objection.resolved_by}
              onChange={(resolved_by) => change({ resolved_by })}
              // The only way to get it wrong with checkboxes is to tick none: said in the editor's own words.
              error={errorAt(`objections.${index}.resolved_by`) ? t('mission.resolvedByMissing') : null}
            />
          </>
        )}
      />
      <CheckboxGroup
        legend={t('mission.successBehaviours')}
        hint={t('mission.successBehavioursHint')}
        options={SUCCESS_BEHAVIOURS.map((value) => ({ value, label: t(`mission.success.${value}`) }))}
        value={values.success_behaviours ?? []}
        onChange={(list) => form.setValue('success_behaviours', list)}
        error={form.errorWithin('success_behaviours')}
      />
      <CheckboxGroup
        legend={t('mission.failureBehaviours')}
        hint={t('mission.failureBehavioursHint')}
        options={FAILURE_BEHAVIOURS.map((value) => ({ value, label: t(`mission.failure.${value}`) }))}
        value={values.failure_behaviours ?? []}
        onChange={(list) => form.setValue('failure_behaviours', list)}
        error={form.errorWithin('failure_behaviours')}
      />
      <DialField
        label={t('mission.difficulty')}
        hint={t('mission.difficultyHint')}
        none={t('mission.personaDifficulty')}
        value={values.difficulty}
        wordsOf={(level) => t(`persona.difficulties.${level}`)}
        onChange={(level) => form.setValue('difficulty', level)}
        error={form.errorOf('difficulty')}
      />
    </fieldset>
  );
};

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
        <p className="mt-2">{t('mission.ending.builtin')}</p>
      </details>
      <RulesFields form={form} />
    </>
  );
};

/** The mission as the learner reads it before starting: the goal, never the rules the persona plays by. */
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
