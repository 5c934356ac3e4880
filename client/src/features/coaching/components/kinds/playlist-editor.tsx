import { COACHING_DEFAULTS, playlistFieldsSchema } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { useCoachingChoices } from '../../api/coaching-api';
import { OrderedChoicesField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';
import { OrderedContentFields, OrderedPreview } from './ordered-content';

type Values = z.input<typeof playlistFieldsSchema>;

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const scenarios = useCoachingChoices('scenario');
  const { values, setValue } = form;
  return (
    <>
      <OrderedContentFields form={form} nameLabel={t('playlist.name')} />
      <OrderedChoicesField
        legend={t('playlist.scenarios')}
        hint={t('playlist.scenariosHint')}
        addLabel={t('playlist.addScenario')}
        values={values.scenario_ids ?? []}
        choices={(scenarios.data?.items ?? [])
          .filter((item) => item.status !== 'archived')
          .map((item) => ({
            value: item.id,
            label: item.status === 'draft' ? t('fields.draftChoice', { title: item.name }) : item.name,
          }))}
        onChange={(ids) => setValue('scenario_ids', ids)}
        error={form.errorWithin('scenario_ids')}
      />
    </>
  );
};

/** The playlist as learners will follow it: its scenarios in order. */
const Preview = ({ values }: { values: Values }) => {
  const { t } = useTranslation('coaching');
  const scenarios = useCoachingChoices('scenario');
  const steps = (values.scenario_ids ?? []).map(
    (id) => scenarios.data?.items.find((item) => item.id === id)?.name ?? id,
  );
  return (
    <OrderedPreview
      imageId={values.image_id}
      name={values.name?.trim() || t('playlist.unnamed')}
      description={values.description}
      steps={steps}
      empty={t('playlist.noScenarios')}
    />
  );
};

export const playlistEditor = asKindEditor<Values>({
  kind: 'playlist',
  schema: playlistFieldsSchema,
  blank: () => ({ ...COACHING_DEFAULTS.playlist, scenario_ids: [], name: '' }),
  Fields,
  Preview,
});
