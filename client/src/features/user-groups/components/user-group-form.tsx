import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageUploadField, imageFieldOf } from '../../../components/image-upload-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCreateUserGroup, useUpdateUserGroup, type UserGroupDetail } from '../api/user-groups-api';
import { userGroupFormSchema } from '../api/user-groups-form-schemas';

/** Name, description and picture of a group: creates one (in the caller's organization) or changes one. */
export const UserGroupForm = ({ group, organizationId }: { group?: UserGroupDetail; organizationId: string }) => {
  const { t } = useTranslation('userGroups');
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateUserGroup();
  const update = useUpdateUserGroup(group?.id ?? '');
  const form = useSchemaForm({
    schema: userGroupFormSchema,
    initial: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      organization_id: organizationId,
      image_id: group?.image_id ?? null,
    },
    requiredMessages: { name: t('form.nameRequired') },
    submit: async ({ name, description, image_id = null }) => {
      if (group) {
        await update.mutateAsync({
          name,
          description: description ?? '',
          ...(image_id !== group.image_id ? { image_id } : {}),
        });
        toast.show(t('form.saved'));
        return;
      }
      const created = await create.mutateAsync({
        name,
        description: description ?? '',
        organization_id: organizationId,
        ...(image_id !== null ? { image_id } : {}),
      });
      toast.show(t('form.created', { name: created.name }));
      void navigate(`/settings/usergroup/edit/${created.id}`);
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField label={t('form.name')} required {...form.field('name')} />
      <TextAreaField label={t('form.description')} rows={3} {...form.field('description')} />
      <ImageUploadField
        label={t('form.image')}
        category="usergroups"
        fallback="usergroup"
        {...imageFieldOf(form, 'image_id')}
      />
      <ErrorAlert error={form.formError} />
      <SubmitRow loading={form.submitting}>{t(group ? 'form.save' : 'form.create')}</SubmitRow>
    </form>
  );
};
