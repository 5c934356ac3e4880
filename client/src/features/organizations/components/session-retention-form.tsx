import { sessionRetentionDaysSchema } from '@ai-coaching/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUpdateOrganization, type Organization } from '../api/organizations-api';
import { parseRetentionDays, typedRetentionDays } from '../utils/retention-days';
import { SettingForm } from './setting-form';

const schema = z.strictObject({ session_retention_days: sessionRetentionDaysSchema });

/**
 * How long the organization keeps its coaching sessions: ended more than that many days ago, a session is deleted and
 * its transcript shredded by the hourly retention job. Blank (the default) keeps them until someone deletes them.
 * Edited with the organization's details (same permission); read-only for whoever may not change them.
 */
export const SessionRetentionForm = ({ organization, editable }: { organization: Organization; editable: boolean }) => {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const update = useUpdateOrganization(organization.id);
  const initial = organization.session_retention_days;
  const [typed, setTyped] = useState(typedRetentionDays(initial));
  const form = useSchemaForm({
    schema,
    initial: { session_retention_days: initial },
    submit: async ({ session_retention_days }) => {
      await update.mutateAsync({ session_retention_days });
      toast.show(
        session_retention_days === null
          ? t('retention.savedOff')
          : t('retention.saved', { count: session_retention_days }),
      );
    },
  });

  return (
    <SettingForm form={form} title={t('retention.title')} saveLabel={t('retention.save')} editable={editable}>
      <TextField
        {...form.field('session_retention_days')}
        label={t('retention.label')}
        hint={t('retention.hint')}
        inputMode="numeric"
        autoComplete="off"
        readOnly={!editable}
        placeholder={t('retention.off')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          form.setValue('session_retention_days', parseRetentionDays(event.target.value));
        }}
      />
    </SettingForm>
  );
};
