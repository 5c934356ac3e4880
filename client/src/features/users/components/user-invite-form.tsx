import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCurrentUser } from '../../../lib/session/session-context';
import { useInviteUser, useOrganizationOptions, type InviteUserInput } from '../api/users-api';
import { assignableRoles } from '../utils/assignable-roles';
import { userInviteFormSchema } from '../api/users-form-schemas';

/** `/settings/user/create`: invites a person by email (spec §1: accounts are created by invitation). */
export const UserInviteForm = () => {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const invite = useInviteUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationOptions(superAdmin);
  const kindOf = (organizationId: string) =>
    organizations.data?.items.find((organization) => organization.id === organizationId)?.kind;
  // Until an organization is chosen, the roles every organization takes; super-admin once the platform is chosen.
  const rolesIn = (organizationId: string) =>
    assignableRoles(me?.organization_role ?? '', { platform: kindOf(organizationId) === 'platform' });
  const roles = rolesIn(superAdmin ? '' : (me?.organization_id ?? ''));
  const form = useSchemaForm({
    schema: userInviteFormSchema,
    initial: {
      email: '',
      first_name: '',
      last_name: '',
      // A super-admin invites into any organization: they choose it, rather than inviting into the platform by mistake.
      organization_id: superAdmin ? '' : (me?.organization_id ?? ''),
      // Whoever reaches this screen may grant at least one role; `user` is the usual one.
      organization_role: (roles.includes('user') ? 'user' : roles[0]) as InviteUserInput['organization_role'],
    },
    requiredMessages: { first_name: t('invite.invalid.first_name') },
    submit: async (values) => {
      const user = await invite.mutateAsync(values);
      toast.show(t('invite.sent', { email: user.email }));
      void navigate(`/settings/user/edit/${user.id}`);
    },
  });

  const organizationField = form.field('organization_id');
  const offered = rolesIn(form.values.organization_id);
  const chosenRole = form.values.organization_role;
  const { setValue } = form;
  // Super-admin chosen, then a customer organization: back to the usual role rather than a refusal on submit.
  useEffect(() => {
    if (offered.length > 0 && !offered.includes(chosenRole)) setValue('organization_role', 'user');
  }, [offered, chosenRole, setValue]);

  return (
    <Card>
      <form onSubmit={form.handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label={t('fields.email')} type="email" required {...form.field('email')} />
        </div>
        <TextField label={t('fields.firstName')} required {...form.field('first_name')} />
        <TextField label={t('fields.lastName')} {...form.field('last_name')} />
        <SelectField
          label={t('fields.role')}
          {...form.field('organization_role')}
          options={offered.map((role) => ({ value: role, label: t(`roles.${role}`, { ns: 'common' }) }))}
        />
        {superAdmin ? (
          <SelectField
            label={t('fields.organization')}
            required
            {...organizationField}
            // The schema only knows that '' is no id; say what to do instead.
            error={
              organizationField.error && !form.values.organization_id
                ? t('invite.invalid.organization')
                : organizationField.error
            }
            options={[
              { value: '', label: t('invite.chooseOrganization') },
              ...(organizations.data?.items ?? []).map((organization) => ({
                value: organization.id,
                label: organization.name,
              })),
            ]}
          />
        ) : null}
        <ErrorAlert error={form.formError} className="sm:col-span-2" />
        <SubmitRow loading={form.submitting} className="sm:col-span-2">
          {t('invite.submit')}
        </SubmitRow>
      </form>
    </Card>
  );
};
