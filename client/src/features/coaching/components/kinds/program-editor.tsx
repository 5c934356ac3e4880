import { COACHING_DEFAULTS, programFieldsSchema, type ProgramItemFields } from '@ai-coaching/contracts';
import { PROGRAM_ATTEMPTS_MAX, PROGRAM_COUNTS } from '@ai-coaching/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField } from '../../../../components/ui/choice-fields';
import { SelectField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { useCoachingChoices } from '../../api/coaching-api';
import { NumberField, OrderedChoicesField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';
import { OrderedContentFields, OrderedPreview } from './ordered-content';

type Values = z.input<typeof programFieldsSchema>;
type PassRule = Values['pass_rule'];

// The ordered list holds one value per item: its kind and id, so a scenario and a playlist never collide.
const valueOf = (item: ProgramItemFields) =>
  'scenario_id' in item ? `scenario:${item.scenario_id}` : `playlist:${item.playlist_id}`;
const itemOf = (value: string): ProgramItemFields => {
  const [kind, ...id] = value.split(':');
  return kind === 'playlist' ? { playlist_id: id.join(':') } : { scenario_id: id.join(':') };
};

/** The scenarios and playlists a program may hold, each labelled with its kind (and "draft" until published). */
const useItemChoices = () => {
  const { t } = useTranslation('coaching');
  const scenarios = useCoachingChoices('scenario');
  const playlists = useCoachingChoices('playlist');
  const label = (kind: 'scenario' | 'playlist', item: { name: string; status: string }) => {
    const title = item.status === 'draft' ? t('fields.draftChoice', { title: item.name }) : item.name;
    return t(`program.itemLabel.${kind}`, { title });
  };
  return [
    ...(scenarios.data?.items ?? [])
      .filter((item) => item.status !== 'archived')
      .map((item) => ({ value: `scenario:${item.id}`, label: label('scenario', item) })),
    ...(playlists.data?.items ?? [])
      .filter((item) => item.status !== 'archived')
      .map((item) => ({ value: `playlist:${item.id}`, label: label('playlist', item) })),
  ];
};

const PassRuleFields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const id = useId();
  const rule: PassRule = form.values.pass_rule ?? { ...COACHING_DEFAULTS.program.pass_rule };
  const change = (part: Partial<PassRule>) => form.setValue('pass_rule', { ...rule, ...part });
  const error = form.errorWithin('pass_rule');
  return (
    <fieldset className="flex min-w-0 flex-col gap-4" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{t('program.passRule')}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
        {t('program.passRuleHint')}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          label={t('program.minScore')}
          min={0}
          max={100}
          value={rule.min_score}
          onChange={(score) => change({ min_score: score ?? 0 })}
        />
        <NumberField
          label={t('program.attempts')}
          hint={t('program.attemptsHint')}
          min={1}
          max={PROGRAM_ATTEMPTS_MAX}
          value={rule.attempts}
          onChange={(attempts) => change({ attempts })}
        />
        <SelectField
          label={t('program.counts')}
          value={rule.counts ?? 'best'}
          options={PROGRAM_COUNTS.map((counts) => ({ value: counts, label: t(`program.countsOptions.${counts}`) }))}
          onChange={(event) => change({ counts: event.target.value as PassRule['counts'] })}
        />
      </div>
      <CheckboxField
        label={t('program.inOrder')}
        hint={t('program.inOrderHint')}
        checked={rule.in_order ?? false}
        onChange={(inOrder) => change({ in_order: inOrder })}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const choices = useItemChoices();
  const { values, setValue } = form;
  return (
    <>
      <OrderedContentFields form={form} nameLabel={t('program.name')} />
      <OrderedChoicesField
        legend={t('program.items')}
        hint={t('program.itemsHint')}
        addLabel={t('program.addItem')}
        values={(values.items ?? []).map(valueOf)}
        choices={choices}
        onChange={(list) => setValue('items', list.map(itemOf))}
        error={form.errorWithin('items')}
      />
      <PassRuleFields form={form} />
    </>
  );
};

/** The program as its learners will be given it: the items in order, and what passes them. */
const Preview = ({ values }: { values: Values }) => {
  const { t } = useTranslation('coaching');
  const choices = useItemChoices();
  const rule = values.pass_rule ?? COACHING_DEFAULTS.program.pass_rule;
  const steps = (values.items ?? []).map(
    (item) => choices.find((choice) => choice.value === valueOf(item))?.label ?? valueOf(item),
  );
  return (
    <OrderedPreview
      imageId={values.image_id}
      name={values.name?.trim() || t('program.unnamed')}
      description={values.description}
      steps={steps}
      empty={t('program.noItems')}
    >
      <p>
        {t('program.rulePreview', { score: rule.min_score ?? COACHING_DEFAULTS.program.pass_rule.min_score })}{' '}
        {rule.attempts === null || rule.attempts === undefined
          ? t('program.unlimitedAttempts')
          : t('program.attemptsPreview', { count: rule.attempts })}{' '}
        {t(`program.countsPreview.${rule.counts ?? 'best'}`)}
        {rule.in_order ? ` ${t('program.inOrderPreview')}` : ''}
      </p>
    </OrderedPreview>
  );
};

export const programEditor = asKindEditor<Values>({
  kind: 'program',
  schema: programFieldsSchema,
  blank: () => ({
    ...COACHING_DEFAULTS.program,
    items: [],
    pass_rule: { ...COACHING_DEFAULTS.program.pass_rule },
    name: '',
  }),
  Fields,
  Preview,
});
