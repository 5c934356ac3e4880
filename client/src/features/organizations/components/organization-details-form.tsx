import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageUploadField, imageFieldOf } from '../../../components/image-upload-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { imageUrl } from '../../../lib/images';
import { useCreateOrganization, useUpdateOrganization, type Organization } from '../api/organizations-api';
import { organizationFormSchema } from '../api/organizations-form-schemas';

const schema = organizationFormSchema;

/** Name, description and logo: creates an organization, or edits one. */
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
  const create = useCreateOrganization();
  const update = useUpdateOrganization(organization?.id ?? '');
  const form = useSchemaForm({
    schema,
    initial: {
      name: organization?.name ?? '',
      description: organization?.description ?? '',
      logo_image_id: organization?.logo_image_id ?? null,
    },
    requiredMessages: { name: t('form.nameRequired') },
    submit: async ({ name, description = '', logo_image_id = null }) => {
      if (organization) {
        await update.mutateAsync({
          name,
          description,
          ...(logo_image_id !== organization.logo_image_id ? { logo_image_id } : {}),
        });
        toast.show(t('form.saved'));
        return;
      }
      const created = await create.mutateAsync({
        name,
        description,
        ...(logo_image_id !== null ? { logo_image_id } : {}),
      });
      toast.show(t('form.created', { name: created.name }));
      void navigate(`/settings/organization/edit/${created.id}`);
    },
  });

  // This form's own words for a value the schema finds too long; the API's refusals keep theirs.
  const tooLong = (field: 'name' | 'description') =>
    schema.safeParse(form.values).error?.issues.some((issue) => issue.path[0] === field && issue.code === 'too_big');
  const field = (name: 'name' | 'description') => {
    const props = form.field(name);
    const message = name === 'name' ? t('form.nameTooLong') : t('form.descriptionTooLong');
    return { ...props, error: props.error && tooLong(name) ? message : props.error };
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField label={t('form.name')} required readOnly={!editable} {...field('name')} />
      <TextAreaField label={t('form.description')} rows={3} readOnly={!editable} {...field('description')} />
      {editable ? (
        <ImageUploadField label={t('form.logo')} category="organizations" {...imageFieldOf(form, 'logo_image_id')} />
      ) : organization?.logo_image_id ? (
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm font-medium">{t('form.logo')}</figcaption>
          <img
            src={imageUrl(organization.logo_image_id)}
            alt={t('form.logo')}
            className="size-24 rounded-md bg-gray-200 object-cover dark:bg-gray-700"
          />
        </figure>
      ) : null}
      <ErrorAlert error={form.formError} />
      {editable ? (
        <SubmitRow loading={form.submitting}>{t(organization ? 'form.save' : 'form.create')}</SubmitRow>
      ) : null}
    </form>
  );
};
