import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCurrentUser } from '../../../lib/session/session-context';
import { useInviteUser, useOrganizationOptions, type InviteUserInput } from '../api/users-api';
import { assignableRoles } from '../utils/assignable-roles';

const inviteSchema = z.object({
  email: z.email(),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100),
  organization_id: z.string().min(1),
  organization_role: z.string().min(1),
});

type Field = keyof InviteUserInput;

/** `/settings/user/create`: invites a person by email (spec §1: accounts are created by invitation). */
export const UserInviteForm = () => {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invite = useInviteUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationOptions(superAdmin);
  const roles = assignableRoles(me?.organization_role ?? '');
  const [form, setForm] = useState<InviteUserInput>({
    email: '',
    first_name: '',
    last_name: '',
    organization_id: me?.organization_id ?? '',
    organization_role: roles.includes('user') ? 'user' : (roles[0] ?? ''),
  });
  const [problems, setProblems] = useState<Partial<Record<Field, true>>>({});

  const serverField = isApiError(invite.error) ? (invite.error.field as Field | null) : null;
  const fieldError = (field: Field) =>
    problems[field] ? t(`invite.invalid.${field}`) : serverField === field ? errorMessage(invite.error) : null;
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = inviteSchema.safeParse(form);
    setProblems(result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], true])));
    if (!result.success) return;
    invite.mutate(result.data, {
      onSuccess: (user) => {
        toast.show(t('invite.sent', { email: user.email }));
        void navigate(`/settings/user/edit/${user.id}`);
      },
    });
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t('fields.email')}
            type="email"
            required
            value={form.email}
            onChange={set('email')}
            error={fieldError('email')}
          />
        </div>
        <TextField
          label={t('fields.firstName')}
          required
          value={form.first_name}
          onChange={set('first_name')}
          error={fieldError('first_name')}
        />
        <TextField
          label={t('fields.lastName')}
          value={form.last_name}
          onChange={set('last_name')}
          error={fieldError('last_name')}
        />
        <SelectField
          label={t('fields.role')}
          value={form.organization_role}
          onChange={set('organization_role')}
          error={fieldError('organization_role')}
          options={roles.map((role) => ({ value: role, label: t(`roles.${role}`, { ns: 'common' }) }))}
        />
        {superAdmin ? (
          <SelectField
            label={t('fields.organization')}
            value={form.organization_id}
            onChange={set('organization_id')}
            error={fieldError('organization_id')}
            options={(organizations.data?.items ?? []).map((organization) => ({
              value: organization.id,
              label: organization.name,
            }))}
          />
        ) : null}
        {invite.isError && !serverField ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{errorMessage(invite.error)}</Alert>
          </div>
        ) : null}
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
};
