import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { EntityImage } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { WalletFigures } from '../../../components/wallet-figures';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useSession } from '../../../lib/session/session-context';
import {
  useArchiveUserGroup,
  useInvalidateGroupsAfterCredits,
  useMemberCandidates,
  useMembership,
  useUserGroup,
  userGroupCreditCommand,
  type UserGroupDetail,
} from '../api/user-groups-api';
import { UserGroupForm } from './user-group-form';

const Members = ({ group }: { group: UserGroupDetail }) => {
  const { t } = useTranslation('userGroups');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const everyone = useMemberCandidates(group.organization_id, '');
  const search = useMemberCandidates(group.organization_id, q);
  const membership = useMembership(group.id);
  const members = new Set(group.member_ids);
  const byId = new Map((everyone.data?.items ?? []).map((user) => [user.id, user]));
  const candidates = (search.data?.items ?? []).filter((user) => !members.has(user.id) && user.status !== 'disabled');

  const add = () => {
    const user = candidates.find((candidate) => candidate.id === (picked || candidates[0]?.id));
    if (!user) return;
    membership.mutate(
      { change: 'add', userId: user.id },
      {
        onSuccess: () => {
          toast.show(t('members.added', { name: displayName(user) }));
          setPicked('');
        },
        onError: (error) => toast.show(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{t('members.title', { count: group.member_ids.length })}</h2>
      {group.member_ids.length === 0 ? (
        <EmptyState>{t('members.empty')}</EmptyState>
      ) : (
        <ul className="mb-4 divide-y divide-gray-100 dark:divide-gray-800" data-testid="members">
          {group.member_ids.map((id) => {
            const user = byId.get(id);
            const name = user ? displayName(user) : id;
            return (
              <li key={id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {name}
                  {user?.email ? <span className="ml-2 text-gray-700 dark:text-gray-300">{user.email}</span> : null}
                </span>
                <Button variant="ghost" onClick={() => setRemoving({ id, name })}>
                  {t('members.remove')}
                  <span className="sr-only"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 grid gap-3 border-t border-gray-200 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-gray-700">
        <TextField label={t('members.search')} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        <SelectField
          label={t('members.user')}
          value={picked || candidates[0]?.id || ''}
          onChange={(event) => setPicked(event.target.value)}
          options={candidates.map((user) => ({ value: user.id, label: `${displayName(user)} (${user.email})` }))}
        />
        <Button onClick={add} loading={membership.isPending} disabled={candidates.length === 0}>
          {t('members.add')}
        </Button>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t('members.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('members.remove')}
        tone="danger"
        busy={membership.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          membership.mutate(
            { change: 'remove', userId: removing.id },
            {
              onSuccess: () => {
                toast.show(t('members.removed', { name: removing.name }));
                setRemoving(null);
              },
              onError: (error) => {
                toast.show(errorMessage(error), 'error');
                setRemoving(null);
              },
            },
          )
        }
      >
        {t('members.removeBody')}
      </ConfirmDialog>
    </Card>
  );
};

/** `/settings/usergroup/edit/{id}`: details, members, credits and archiving of one group. */
export const UserGroupEditor = ({ id }: { id: string }) => {
  const { t } = useTranslation('userGroups');
  const can = useCan();
  const { reloadProfile } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const query = useUserGroup(id);
  const archive = useArchiveUserGroup();
  const invalidate = useInvalidateGroupsAfterCredits();
  const [confirmArchive, setConfirmArchive] = useState(false);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const group = query.data;
  const command = (kind: 'allocate' | 'deallocate') => ({
    id: kind,
    label: t(`credits.${kind}`),
    submit: async (nb: number, key: string) => {
      await userGroupCreditCommand(kind, id, nb, key);
      await invalidate();
      reloadProfile();
    },
    done: (nb: number) => t(`credits.${kind}d`, { count: nb, name: group.name }),
  });
  const actions = [
    ...(can('credit-allocate') ? [command('allocate')] : []),
    ...(can('credit-deallocate') ? [command('deallocate')] : []),
  ];

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: group.name })}
        actions={
          <Link
            to="/settings/user/list?tab=groups"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('edit.back')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="mb-4 flex items-center gap-3">
            <EntityImage kind="usergroup" className="size-16 rounded-md" />
            {group.status === 'archived' ? (
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
                {t('edit.archived')}
              </span>
            ) : null}
          </div>
          <UserGroupForm key={group.updated_at} group={group} organizationId={group.organization_id} />
          {group.status === 'active' ? (
            <div className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-700">
              <Button variant="danger" onClick={() => setConfirmArchive(true)}>
                {t('edit.archive')}
              </Button>
            </div>
          ) : null}
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('credits.title')}</h2>
          <WalletFigures wallet={group} />
          {actions.length > 0 && group.status === 'active' ? (
            <div className="mt-4">
              <CreditCommandForm actions={actions} />
            </div>
          ) : null}
        </Card>
        <div className="lg:col-span-2">
          <Members group={group} />
        </div>
      </div>
      <ConfirmDialog
        open={confirmArchive}
        title={t('edit.archiveTitle', { name: group.name })}
        confirmLabel={t('edit.archive')}
        tone="danger"
        busy={archive.isPending}
        onCancel={() => setConfirmArchive(false)}
        onConfirm={() =>
          archive.mutate(group.id, {
            onSuccess: () => {
              toast.show(t('edit.archivedToast', { name: group.name }));
              void navigate('/settings/user/list?tab=groups');
            },
            onError: (error) => {
              toast.show(errorMessage(error), 'error');
              setConfirmArchive(false);
            },
          })
        }
      >
        {t('edit.archiveBody')}
      </ConfirmDialog>
    </>
  );
};
