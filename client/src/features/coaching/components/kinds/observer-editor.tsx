import { COACHING_DEFAULTS, observerFieldsSchema, RUBRIC_SCALES } from '@ai-coaching/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ScriptedPractice } from '../../../../components/scripted-practice';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { Avatar } from '../../../../components/ui/avatar';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useChatModels } from '../../api/coaching-api';
import { ChoiceField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';
import { ObserverTrial } from './observer-trial';

type Values = z.input<typeof observerFieldsSchema>;
type Criterion = Values['rubric'][number];

const blankCriterion = (): Criterion => ({
  name: '',
  description: '',
  scale: '1_5',
  weight: 1,
  not_relevant_when: null,
});

const RubricEditor = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const rubric = form.values.rubric ?? [];
  const set = (index: number, change: Partial<Criterion>) =>
    form.setValue(
      'rubric',
      rubric.map((criterion, at) => (at === index ? { ...criterion, ...change } : criterion)),
    );
  // Nested issues come keyed by their path (`rubric.0.name`), like the API's.
  const errorAt = (path: string) => form.errorOf(path as keyof Values & string);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium">{t('observer.rubric')}</legend>
      <p className="text-xs text-gray-700 dark:text-gray-300">{t('observer.rubricHint')}</p>
      <ol className="flex flex-col gap-3">
        {rubric.map((criterion, index) => (
          <li key={index} className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-700">
            <p className="text-sm font-semibold">{t('observer.criterionNumber', { number: index + 1 })}</p>
            <TextField
              label={t('observer.criterionName')}
              required
              maxLength={120}
              value={criterion.name}
              onChange={(event) => set(index, { name: event.target.value })}
              error={errorAt(`rubric.${index}.name`)}
            />
            <TextAreaField
              label={t('observer.criterionGood')}
              rows={2}
              value={criterion.description}
              onChange={(event) => set(index, { description: event.target.value })}
              error={errorAt(`rubric.${index}.description`)}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t('observer.scale')}
                value={criterion.scale}
                options={RUBRIC_SCALES.map((value) => ({ value, label: t(`observer.scales.${value}`) }))}
                onChange={(event) => set(index, { scale: event.target.value as Criterion['scale'] })}
              />
              <TextField
                label={t('observer.weight')}
                type="number"
                min={0.1}
                max={10}
                step={0.1}
                value={criterion.weight}
                onChange={(event) => set(index, { weight: Number(event.target.value) })}
                error={errorAt(`rubric.${index}.weight`)}
              />
            </div>
            <TextField
              label={t('observer.notRelevantWhen')}
              hint={t('observer.notRelevantWhenHint')}
              value={criterion.not_relevant_when ?? ''}
              onChange={(event) => set(index, { not_relevant_when: event.target.value || null })}
            />
            <div>
              <Button
                variant="ghost"
                disabled={rubric.length <= 1}
                onClick={() =>
                  form.setValue(
                    'rubric',
                    rubric.filter((_, at) => at !== index),
                  )
                }
              >
                {t('observer.removeCriterion', { number: index + 1 })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={() => form.setValue('rubric', [...rubric, blankCriterion()])}>
          {t('observer.addCriterion')}
        </Button>
      </div>
      {errorAt('rubric') ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorAt('rubric')}
        </p>
      ) : null}
    </fieldset>
  );
};

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const models = useChatModels();
  const { values, setValue } = form;
  const firstModel = models.data?.items[0]?.id;
  // A new observer runs on the first model offered (the built-in one when nothing else is set up).
  useEffect(() => {
    if (!values.model_id && firstModel) setValue('model_id', firstModel);
  }, [values.model_id, firstModel, setValue]);
  return (
    <>
      <TextField label={t('observer.name')} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <ImageUploadField
        label={t('observer.avatar')}
        category="avatars"
        fallback="avatar"
        {...imageFieldOf(form, 'avatar_image_id')}
      />
      <TextAreaField
        label={t('fields.description')}
        hint={t('observer.descriptionHint')}
        rows={2}
        {...form.field('description')}
      />
      <RubricEditor form={form} />
      <TextAreaField
        label={t('fields.instructions')}
        hint={t('observer.instructionsHint')}
        rows={3}
        {...form.field('instructions')}
      />
      <ChoiceField
        label={t('fields.model')}
        hint={t('observer.modelHint')}
        required
        none={t('fields.chooseModel')}
        value={values.model_id}
        choices={(models.data?.items ?? []).map((model) => ({ value: model.id, label: model.display_name }))}
        onChange={(id) => setValue('model_id', id ?? '')}
        error={form.errorOf('model_id')}
      />
      {models.data?.items.find((model) => model.id === values.model_id)?.scripted ? (
        <ScriptedPractice role="judgeEditor" />
      ) : null}
      <ObserverTrial observer={values} />
    </>
  );
};

/** The rubric as the report will score it: each criterion's share of the overall score. */
const Preview = ({ values }: { values: Values }) => {
  const { t, i18n } = useTranslation('coaching');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const rubric = (values.rubric ?? []).filter((criterion) => criterion.name.trim());
  const total = rubric.reduce((sum, criterion) => sum + (Number(criterion.weight) || 0), 0);
  const name = values.name?.trim() || t('observer.unnamed');
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex items-center gap-3">
        <Avatar src={imageUrl(values.avatar_image_id)} name={name} size={48} />
        <div className="min-w-0">
          <p className="font-semibold break-words">{name}</p>
          {values.description ? <p className="text-gray-700 dark:text-gray-300">{values.description}</p> : null}
        </div>
      </div>
      {rubric.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">{t('observer.noCriteria')}</p>
      ) : (
        <table className="w-full text-left">
          <caption className="sr-only">{t('observer.rubric')}</caption>
          <thead>
            <tr className="border-b border-gray-200 dark:border-gray-700">
              <th scope="col" className="py-1 pr-2">
                {t('observer.criterionName')}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t('observer.scale')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('observer.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rubric.map((criterion, index) => (
              <tr key={index} className="border-b border-gray-100 align-top dark:border-gray-800">
                <td className="py-1 pr-2 break-words">{criterion.name}</td>
                <td className="py-1 pr-2">{t(`observer.scales.${criterion.scale}`)}</td>
                <td className="py-1 text-right">
                  {percent.format(total > 0 ? (Number(criterion.weight) || 0) / total : 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
};

export const observerEditor = asKindEditor<Values>({
  kind: 'observer',
  schema: observerFieldsSchema,
  blank: () => ({ ...COACHING_DEFAULTS.observer, name: '', rubric: [blankCriterion()], model_id: '' }),
  Fields,
  Preview,
});
