import { USER_LOCALES } from '@ai-coaching/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useInviteSuperAdmin, type InviteSuperAdminInput } from '../api/super-admins-api';
import { superAdminInviteFormSchema } from '../api/super-admins-form-schemas';

/** `/settings/super-admins/invite`: a new super-admin, invited into the platform organization. */
export const SuperAdminInviteForm = () => {
  const { t, i18n } = useTranslation('settingsSuperAdmins');
  const navigate = useNavigate();
  const toast = useToast();
  const invite = useInviteSuperAdmin();
  const form = useSchemaForm({
    schema: superAdminInviteFormSchema,
    initial: {
      email: '',
      first_name: '',
      last_name: '',
      // The invitee's language; the inviter's own is the likeliest guess.
      locale: (USER_LOCALES as readonly string[]).includes(i18n.language)
        ? (i18n.language as InviteSuperAdminInput['locale'])
        : 'en-GB',
    },
    requiredMessages: { first_name: t('invite.firstNameRequired') },
    submit: async (values) => {
      const invited = await invite.mutateAsync(values);
      toast.show(t('invite.sent', { email: invited.email }));
      void navigate('/settings/super-admins');
    },
  });
  return (
    <Card>
      <form onSubmit={form.handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label={t('fields.email')} type="email" required autoComplete="off" {...form.field('email')} />
        </div>
        <TextField label={t('fields.firstName')} required {...form.field('first_name')} />
        <TextField label={t('fields.lastName')} {...form.field('last_name')} />
        <SelectField
          label={t('fields.locale')}
          {...form.field('locale')}
          options={USER_LOCALES.map((locale) => ({ value: locale, label: t(`locales.${locale}`) }))}
        />
        <ErrorAlert error={form.formError} className="sm:col-span-2" />
        <SubmitRow loading={form.submitting} className="sm:col-span-2">
          {t('invite.submit')}
        </SubmitRow>
      </form>
    </Card>
  );
};
