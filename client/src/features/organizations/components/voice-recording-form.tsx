import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUpdateOrganization, type Organization } from '../api/organizations-api';
import { SettingForm } from './setting-form';

const schema = z.strictObject({ record_voice_sessions: z.boolean() });

/**
 * Whether the organization's voice sessions are recorded: both sides' audio kept for replay on the session's result
 * page, deleted with the session. Off by default. Edited under the same permission as how long sessions are kept;
 * shown, disabled, to whoever may not change it, so they still know whether their sessions are recorded.
 */
export const VoiceRecordingForm = ({ organization, editable }: { organization: Organization; editable: boolean }) => {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const update = useUpdateOrganization(organization.id);
  const form = useSchemaForm({
    schema,
    initial: { record_voice_sessions: organization.record_voice_sessions },
    submit: async ({ record_voice_sessions }) => {
      await update.mutateAsync({ record_voice_sessions });
      toast.show(record_voice_sessions ? t('recording.savedOn') : t('recording.savedOff'));
    },
  });

  return (
    <SettingForm form={form} title={t('recording.title')} saveLabel={t('recording.save')} editable={editable}>
      <CheckboxField
        label={t('recording.label')}
        hint={t('recording.hint')}
        checked={form.values.record_voice_sessions}
        disabled={!editable}
        onChange={(checked) => form.setValue('record_voice_sessions', checked)}
      />
    </SettingForm>
  );
};
