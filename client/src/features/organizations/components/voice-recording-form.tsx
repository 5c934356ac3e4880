import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUpdateOrganization, type Organization } from '../api/organizations-api';
import { SettingForm } from './setting-form';

/** The organization's settings that are on or off, each with its texts under `organizations:{texts}`. */
const SWITCHES = {
  record_voice_sessions: 'recording',
  leaderboards_enabled: 'leaderboards',
} as const;
type SwitchField = keyof typeof SWITCHES;

const schema = z.strictObject({ enabled: z.boolean() });

/**
 * One setting the organization turns on or off, edited under the same permission as how long sessions are kept;
 * shown, disabled, to whoever may not change it, so they still know whether it is on.
 */
const SwitchSettingForm = ({
  organization,
  editable,
  field,
}: {
  organization: Organization;
  editable: boolean;
  field: SwitchField;
}) => {
  const { t } = useTranslation('organizations');
  const texts = SWITCHES[field];
  const toast = useToast();
  const update = useUpdateOrganization(organization.id);
  const form = useSchemaForm({
    schema,
    initial: { enabled: organization[field] },
    submit: async ({ enabled }) => {
      await update.mutateAsync({ [field]: enabled });
      toast.show(enabled ? t(`${texts}.savedOn`) : t(`${texts}.savedOff`));
    },
  });

  return (
    <SettingForm form={form} title={t(`${texts}.title`)} saveLabel={t(`${texts}.save`)} editable={editable}>
      <CheckboxField
        label={t(`${texts}.label`)}
        hint={t(`${texts}.hint`)}
        checked={form.values.enabled}
        disabled={!editable}
        onChange={(checked) => form.setValue('enabled', checked)}
      />
    </SettingForm>
  );
};

type SwitchProps = { organization: Organization; editable: boolean };

/** Whether voice sessions are recorded: both sides' audio kept for replay, deleted with the session. Off by default. */
export const VoiceRecordingForm = (props: SwitchProps) => (
  <SwitchSettingForm {...props} field="record_voice_sessions" />
);

/** Whether the organization's members see leaderboards (docs/programs.md, "Leaderboards"). Off by default. */
export const LeaderboardsForm = (props: SwitchProps) => <SwitchSettingForm {...props} field="leaderboards_enabled" />;
