import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCreateUserGroup, useUpdateUserGroup, type UserGroupDetail } from '../api/user-groups-api';

/** Name and description of a group: creates one (in the caller's organization) or changes one. */
export const UserGroupForm = ({ group, organizationId }: { group?: UserGroupDetail; organizationId: string }) => {
  const { t } = useTranslation('userGroups');
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const create = useCreateUserGroup();
  const update = useUpdateUserGroup(group?.id ?? '');
  const mutation = group ? update : create;
  const [form, setForm] = useState({ name: group?.name ?? '', description: group?.description ?? '' });
  const [blank, setBlank] = useState(false);
  const serverField = isApiError(mutation.error) ? mutation.error.field : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    setBlank(!name);
    if (!name) return;
    if (group) {
      update.mutate({ name, description: form.description.trim() }, { onSuccess: () => toast.show(t('form.saved')) });
    } else {
      create.mutate(
        { name, description: form.description.trim(), organization_id: organizationId },
        {
          onSuccess: (created) => {
            toast.show(t('form.created', { name: created.name }));
            void navigate(`/settings/usergroup/edit/${created.id}`);
          },
        },
      );
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('form.name')}
        required
        value={form.name}
        onChange={(event) => setForm({ ...form, name: event.target.value })}
        error={blank ? t('form.nameRequired') : serverField === 'name' ? errorMessage(mutation.error) : null}
      />
      <TextAreaField
        label={t('form.description')}
        rows={3}
        value={form.description}
        onChange={(event) => setForm({ ...form, description: event.target.value })}
        error={serverField === 'description' ? errorMessage(mutation.error) : null}
      />
      {mutation.isError && !serverField ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={mutation.isPending}>
          {t(group ? 'form.save' : 'form.create')}
        </Button>
      </div>
    </form>
  );
};
