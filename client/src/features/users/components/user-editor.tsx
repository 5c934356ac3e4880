import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { ImageUploadField, imageFieldOf } from '../../../components/image-upload-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useToast } from '../../../components/ui/toast';
import { WalletFigures } from '../../../components/wallet-figures';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { imageUrl } from '../../../lib/images';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser, useSession } from '../../../lib/session/session-context';
import {
  removeUser,
  useInvalidateUsers,
  useUpdateUser,
  useUser,
  userCreditCommand,
  type UpdateUserInput,
  type UserDetail,
} from '../api/users-api';
import { assignableRoles } from '../utils/assignable-roles';
import { ResendInvitationButton } from './resend-invitation-button';
import { SendResetLinkButton } from './send-reset-link-button';
import { UserStatusBadge } from './user-status-badge';
import { userUpdateFormSchema } from '../api/users-form-schemas';
import { TextLink } from '../../../components/ui/text-link';

const DetailsForm = ({ user }: { user: UserDetail }) => {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const toast = useToast();
  const update = useUpdateUser(user.id);
  const self = me?.id === user.id;
  // A super-admin belongs to the platform organization, theirs: the role is offered to its users only.
  const roles = assignableRoles(me?.organization_role ?? '', {
    platform: me?.organization_role === 'super-admin' && user.organization_id === me.organization_id,
  });
  const form = useSchemaForm({
    schema: userUpdateFormSchema,
    initial: {
      first_name: user.first_name,
      last_name: user.last_name,
      organization_role: user.organization_role as UpdateUserInput['organization_role'],
      avatar_image_id: user.avatar_image_id,
    },
    requiredMessages: { first_name: t('invite.invalid.first_name') },
    submit: async ({ first_name, last_name, organization_role, avatar_image_id }) => {
      // Names are sent as they stand; the role and the picture only when they changed, so keeping one's own role
      // asks nothing.
      await update.mutateAsync({
        first_name,
        last_name,
        ...(organization_role !== user.organization_role ? { organization_role } : {}),
        ...(avatar_image_id !== undefined && avatar_image_id !== user.avatar_image_id ? { avatar_image_id } : {}),
      });
      toast.show(t('edit.saved'));
    },
  });
  const firstNameMissing = !String(form.values.first_name ?? '').trim();

  return (
    <form onSubmit={form.handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('fields.firstName')}
        required
        {...form.field('first_name')}
        error={form.errorOf('first_name') ?? (firstNameMissing ? t('invite.invalid.first_name') : null)}
      />
      <TextField label={t('fields.lastName')} {...form.field('last_name')} />
      <div className="sm:col-span-2">
        <ImageUploadField
          label={t('fields.avatar')}
          category="avatars"
          fallback="avatar"
          {...imageFieldOf(form, 'avatar_image_id')}
        />
      </div>
      {!self && roles.includes(user.organization_role) ? (
        <SelectField
          label={t('fields.role')}
          {...form.field('organization_role')}
          options={roles.map((role) => ({ value: role, label: t(`roles.${role}`, { ns: 'common' }) }))}
        />
      ) : null}
      <ErrorAlert error={form.formError} className="sm:col-span-2" />
      <SubmitRow loading={form.submitting} disabled={firstNameMissing} className="sm:col-span-2">
        {t('edit.save')}
      </SubmitRow>
    </form>
  );
};

/** Invitation, password reset, cancelling an invitation, disabling and enabling: what others may do to a user. */
const AccessActions = ({ user, name, self }: { user: UserDetail; name: string; self: boolean }) => {
  const { t } = useTranslation('users');
  const can = useCan();
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const invalidate = useInvalidateUsers();
  return (
    <div className="mt-6 flex flex-wrap gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
      {user.status === 'invited' && can('send-invitation-email') ? (
        <ResendInvitationButton user={user} variant="secondary" />
      ) : null}
      {!self && user.status === 'active' && can('reset-password') ? (
        <SendResetLinkButton user={user} name={name} />
      ) : null}
      {!self && user.status === 'invited' && can('user-delete') ? (
        <ConfirmAction
          variant="secondary"
          label={t('edit.cancelInvitation')}
          title={t('edit.cancelInvitationTitle', { name })}
          body={t('edit.cancelInvitationBody')}
          confirmLabel={t('edit.cancelInvitation')}
          doneMessage={t('edit.invitationCancelled', { name })}
          action={() => removeUser(user.id)}
          onDone={() => {
            // Away first: the cancelled invitation no longer exists, so its screen would only fail to load.
            void navigate('/settings/user/list');
            void invalidate();
          }}
        />
      ) : null}
      {!self && user.status === 'active' ? (
        <ConfirmAction
          label={t('edit.disable')}
          title={t('edit.disableTitle', { name })}
          body={t('edit.disableBody')}
          confirmLabel={t('edit.disable')}
          doneMessage={t('edit.disabled', { name })}
          action={() => update.mutateAsync({ status: 'disabled' })}
        />
      ) : null}
      {!self && user.status === 'disabled' ? (
        <ConfirmAction
          variant="secondary"
          label={t('edit.enable')}
          title={t('edit.enableTitle', { name })}
          body={t('edit.enableBody')}
          confirmLabel={t('edit.enable')}
          doneMessage={t('edit.enabled', { name })}
          action={() => update.mutateAsync({ status: 'active' })}
        />
      ) : null}
    </div>
  );
};

/** `/settings/user/edit/{id}`: names, role, access, invitation and credits of one user. */
export const UserEditor = ({ id }: { id: string }) => {
  const { t } = useTranslation('users');
  const can = useCan();
  const me = useCurrentUser();
  const { reloadProfile } = useSession();
  const query = useUser(id);
  const invalidate = useInvalidateUsers();

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data;
  const name = displayName(user);
  const self = me?.id === user.id;
  const afterCredits = async () => {
    await invalidate();
    // The organization's own wallet moves too, and an operator's own wallet may be the organization's giver.
    reloadProfile();
  };
  const creditActions = [
    ...(can('credit-allocate')
      ? [
          {
            id: 'allocate',
            label: t('credits.allocate'),
            submit: async (nb: number, key: string) => {
              await userCreditCommand('allocate', id, nb, key);
              await afterCredits();
            },
            done: (nb: number) => t('credits.allocated', { count: nb, name }),
          },
        ]
      : []),
    ...(can('credit-deallocate')
      ? [
          {
            id: 'deallocate',
            label: t('credits.deallocate'),
            submit: async (nb: number, key: string) => {
              await userCreditCommand('deallocate', id, nb, key);
              await afterCredits();
            },
            done: (nb: number) => t('credits.deallocated', { count: nb, name }),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('edit.title', { name })}
        actions={<TextLink to="/settings/user/list">{t('edit.back')}</TextLink>}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Avatar name={name} src={imageUrl(user.avatar_image_id)} size={48} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{user.email}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                <RoleBadge role={user.organization_role} />
                <UserStatusBadge status={user.status} />
              </div>
            </div>
          </div>
          <DetailsForm key={user.updated_at} user={user} />
          <AccessActions user={user} name={name} self={self} />
          {user.groups.length > 0 ? (
            <div className="mt-4">
              <h2 className="mb-2 text-sm font-semibold">{t('edit.groups')}</h2>
              <ul className="flex flex-wrap gap-2">
                {user.groups.map((group) => (
                  <li key={group.id}>
                    <Link
                      to={`/settings/usergroup/edit/${group.id}`}
                      className="rounded-full bg-gray-100 px-3 py-1 text-sm hover:text-primary-800 dark:bg-gray-800 dark:hover:text-primary-200"
                    >
                      {group.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
        <Card title={t('credits.title')}>
          <WalletFigures wallet={user} />
          {creditActions.length > 0 ? (
            <div className="mt-4">
              <CreditCommandForm actions={creditActions} />
            </div>
          ) : null}
        </Card>
      </div>
      {query.isFetching ? <span className="sr-only">{t('edit.refreshing')}</span> : null}
    </>
  );
};
