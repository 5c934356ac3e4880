import { COACHING_DEFAULTS, playlistFieldsSchema } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { EntityImage } from '../../../../components/ui/avatar';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';
import { useCoachingChoices } from '../../api/coaching-api';
import { OrderedChoicesField } from '../coaching-fields';
import { asKindEditor } from './kind-editor';

type Values = z.input<typeof playlistFieldsSchema>;

const Fields = ({ form }: { form: SchemaForm<Values> }) => {
  const { t } = useTranslation('coaching');
  const scenarios = useCoachingChoices('scenario');
  const { values, setValue } = form;
  return (
    <>
      <TextField label={t('playlist.name')} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <TextAreaField label={t('fields.description')} rows={3} {...form.field('description')} />
      <ImageUploadField
        label={t('fields.image')}
        category="playlists"
        fallback="mission"
        {...imageFieldOf(form, 'image_id')}
      />
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
    <div className="flex flex-col gap-3 text-sm">
      <EntityImage kind="mission" src={imageUrl(values.image_id)} className="aspect-[3/2] w-full rounded-md" />
      <p className="text-base font-semibold break-words">{values.name?.trim() || t('playlist.unnamed')}</p>
      {values.description ? <p className="whitespace-pre-line">{values.description}</p> : null}
      {steps.length > 0 ? (
        <ol className="list-decimal pl-5">
          {steps.map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ol>
      ) : (
        <p className="text-gray-700 dark:text-gray-300">{t('playlist.noScenarios')}</p>
      )}
    </div>
  );
};

export const playlistEditor = asKindEditor<Values>({
  kind: 'playlist',
  schema: playlistFieldsSchema,
  blank: () => ({ ...COACHING_DEFAULTS.playlist, scenario_ids: [], name: '' }),
  Fields,
  Preview,
});
