import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useChangeOperatorName } from '../api/operator-name-api';
import type { Organization } from '../api/organizations-api';
import { operatorNameFormSchema } from '../api/organizations-form-schemas';
import { SettingForm } from './setting-form';

/**
 * The operator display name: the name under which the organization's administrators appear to its
 * users (the inviter and sender of its mails). Read-only for whoever may not change it.
 */
export const OperatorNameForm = ({ organization, editable }: { organization: Organization; editable: boolean }) => {
  const { t } = useTranslation('operatorName');
  const toast = useToast();
  const change = useChangeOperatorName(organization.id);
  const form = useSchemaForm({
    schema: operatorNameFormSchema,
    initial: { operator_name: organization.operator_name },
    submit: async ({ operator_name }) => {
      await change.mutateAsync(operator_name);
      toast.show(operator_name ? t('saved', { name: operator_name }) : t('cleared'));
    },
  });

  return (
    <SettingForm form={form} title={t('title')} saveLabel={t('save')} editable={editable}>
      <TextField
        label={t('label')}
        hint={t('hint')}
        readOnly={!editable}
        placeholder={editable ? t('placeholder') : t('notSet')}
        autoComplete="organization"
        {...form.field('operator_name')}
      />
    </SettingForm>
  );
};
