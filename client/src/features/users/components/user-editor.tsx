import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useToast } from '../../../components/ui/toast';
import { WalletFigures } from '../../../components/wallet-figures';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser, useSession } from '../../../lib/session/session-context';
import {
  useInvalidateUsersAfterCredits,
  useUpdateUser,
  useUser,
  userCreditCommand,
  type UserDetail,
} from '../api/users-api';
import { assignableRoles } from '../utils/assignable-roles';
import { ResendInvitationButton } from './resend-invitation-button';
import { UserStatusBadge } from './user-status-badge';

const DetailsForm = ({ user }: { user: UserDetail }) => {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateUser(user.id);
  const self = me?.id === user.id;
  const roles = assignableRoles(me?.organization_role ?? '');
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    organization_role: user.organization_role,
  });
  const serverField = isApiError(update.error) ? update.error.field : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes = {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      ...(form.organization_role !== user.organization_role ? { organization_role: form.organization_role } : {}),
    };
    update.mutate(changes, { onSuccess: () => toast.show(t('edit.saved')) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('fields.firstName')}
        required
        value={form.first_name}
        onChange={(event) => setForm({ ...form, first_name: event.target.value })}
        error={
          serverField === 'first_name'
            ? errorMessage(update.error)
            : !form.first_name.trim()
              ? t('invite.invalid.first_name')
              : null
        }
      />
      <TextField
        label={t('fields.lastName')}
        value={form.last_name}
        onChange={(event) => setForm({ ...form, last_name: event.target.value })}
        error={serverField === 'last_name' ? errorMessage(update.error) : null}
      />
      {!self && roles.includes(user.organization_role as never) ? (
        <SelectField
          label={t('fields.role')}
          value={form.organization_role}
          onChange={(event) => setForm({ ...form, organization_role: event.target.value })}
          error={serverField === 'organization_role' ? errorMessage(update.error) : null}
          options={roles.map((role) => ({ value: role, label: t(`roles.${role}`, { ns: 'common' }) }))}
        />
      ) : null}
      {update.isError && !serverField ? (
        <div className="sm:col-span-2">
          <Alert tone="error">{errorMessage(update.error)}</Alert>
        </div>
      ) : null}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={update.isPending} disabled={!form.first_name.trim()}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
};

/** `/settings/user/edit/{id}`: names, role, access, invitation and credits of one user. */
export const UserEditor = ({ id }: { id: string }) => {
  const { t } = useTranslation('users');
  const can = useCan();
  const me = useCurrentUser();
  const { reloadProfile } = useSession();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const query = useUser(id);
  const update = useUpdateUser(id);
  const invalidate = useInvalidateUsersAfterCredits();
  const [confirm, setConfirm] = useState<'disable' | 'enable' | null>(null);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data;
  const name = displayName(user);
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
        actions={
          <Link
            to="/settings/user/list"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('edit.back')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Avatar name={name} size={48} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{user.email}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                <RoleBadge role={user.organization_role} />
                <UserStatusBadge status={user.status} />
              </div>
            </div>
          </div>
          <DetailsForm key={user.updated_at} user={user} />
          <div className="mt-6 flex flex-wrap gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
            {user.status === 'invited' && can('send-invitation-email') ? (
              <ResendInvitationButton user={user} variant="secondary" />
            ) : null}
            {me?.id !== user.id && user.status !== 'invited' ? (
              <Button
                variant={user.status === 'active' ? 'danger' : 'secondary'}
                onClick={() => setConfirm(user.status === 'active' ? 'disable' : 'enable')}
              >
                {t(user.status === 'active' ? 'edit.disable' : 'edit.enable')}
              </Button>
            ) : null}
          </div>
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
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('credits.title')}</h2>
          <WalletFigures wallet={user} />
          {creditActions.length > 0 ? (
            <div className="mt-4">
              <CreditCommandForm actions={creditActions} />
            </div>
          ) : null}
        </Card>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'disable' ? 'edit.disableTitle' : 'edit.enableTitle', { name })}
        confirmLabel={t(confirm === 'disable' ? 'edit.disable' : 'edit.enable')}
        tone={confirm === 'disable' ? 'danger' : 'primary'}
        busy={update.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          update.mutate(
            { status: confirm === 'disable' ? 'disabled' : 'active' },
            {
              onSuccess: () => {
                toast.show(t(confirm === 'disable' ? 'edit.disabled' : 'edit.enabled', { name }));
                setConfirm(null);
              },
              onError: (error) => {
                toast.show(errorMessage(error), 'error');
                setConfirm(null);
              },
            },
          )
        }
      >
        {t(confirm === 'disable' ? 'edit.disableBody' : 'edit.enableBody')}
      </ConfirmDialog>
      {query.isFetching ? <span className="sr-only">{t('edit.refreshing')}</span> : null}
    </>
  );
};
