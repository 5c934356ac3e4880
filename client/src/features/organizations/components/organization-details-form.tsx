import { ORGANIZATION_DESCRIPTION_MAX, ORGANIZATION_NAME_MAX } from '@ai-coaching/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCreateOrganization, useUpdateOrganization, type Organization } from '../api/organizations-api';

/** Name and description: creates an organization, or edits one. */
export const OrganizationDetailsForm = ({
  organization,
  editable = true,
}: {
  organization?: Organization;
  editable?: boolean;
}) => {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const create = useCreateOrganization();
  const update = useUpdateOrganization(organization?.id ?? '');
  const mutation = organization ? update : create;
  const [form, setForm] = useState({ name: organization?.name ?? '', description: organization?.description ?? '' });
  const [problems, setProblems] = useState<{ name?: string; description?: string }>({});
  const serverField = isApiError(mutation.error) ? mutation.error.field : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    const description = form.description.trim();
    const found = {
      ...(!name
        ? { name: t('form.nameRequired') }
        : name.length > ORGANIZATION_NAME_MAX
          ? { name: t('form.nameTooLong') }
          : {}),
      ...(description.length > ORGANIZATION_DESCRIPTION_MAX ? { description: t('form.descriptionTooLong') } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (organization) {
      update.mutate({ name, description }, { onSuccess: () => toast.show(t('form.saved')) });
    } else {
      create.mutate(
        { name, description },
        {
          onSuccess: (created) => {
            toast.show(t('form.created', { name: created.name }));
            void navigate(`/settings/organization/edit/${created.id}`);
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
        readOnly={!editable}
        value={form.name}
        onChange={(event) => setForm({ ...form, name: event.target.value })}
        error={problems.name ?? (serverField === 'name' ? errorMessage(mutation.error) : null)}
      />
      <TextAreaField
        label={t('form.description')}
        rows={3}
        readOnly={!editable}
        value={form.description}
        onChange={(event) => setForm({ ...form, description: event.target.value })}
        error={problems.description ?? (serverField === 'description' ? errorMessage(mutation.error) : null)}
      />
      {mutation.isError && !serverField ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
      {editable ? (
        <div className="flex justify-end">
          <Button type="submit" loading={mutation.isPending}>
            {t(organization ? 'form.save' : 'form.create')}
          </Button>
        </div>
      ) : null}
    </form>
  );
};
