import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { WalletFigures } from '../../../components/wallet-figures';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useSession } from '../../../lib/session/session-context';
import {
  archiveUserGroup,
  changeMembership,
  useInvalidateGroups,
  useMemberCandidates,
  useUserGroup,
  userGroupCreditCommand,
  type UserGroupDetail,
} from '../api/user-groups-api';
import { UserGroupForm } from './user-group-form';
import { TextLink } from '../../../components/ui/text-link';

const Members = ({ group }: { group: UserGroupDetail }) => {
  const { t } = useTranslation('userGroups');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const everyone = useMemberCandidates(group.organization_id, '');
  const search = useMemberCandidates(group.organization_id, q);
  const invalidate = useInvalidateGroups();
  const [adding, setAdding] = useState(false);
  const members = new Set(group.member_ids);
  const byId = new Map((everyone.data?.items ?? []).map((user) => [user.id, user]));
  const candidates = (search.data?.items ?? []).filter((user) => !members.has(user.id) && user.status !== 'disabled');

  const add = async () => {
    const user = candidates.find((candidate) => candidate.id === (picked || candidates[0]?.id));
    if (!user) return;
    setAdding(true);
    try {
      await changeMembership(group.id, 'add', user.id);
      await invalidate();
      toast.show(t('members.added', { name: displayName(user) }));
      setPicked('');
    } catch (error) {
      toast.show(errorMessage(error), 'error');
    } finally {
      setAdding(false);
    }
  };

  return (
    <Card title={t('members.title', { count: group.member_ids.length })}>
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
                <ConfirmAction
                  variant="ghost"
                  label={t('members.remove')}
                  srContext={name}
                  title={t('members.removeTitle', { name })}
                  body={t('members.removeBody')}
                  confirmLabel={t('members.remove')}
                  doneMessage={t('members.removed', { name })}
                  action={async () => {
                    await changeMembership(group.id, 'remove', id);
                    await invalidate();
                  }}
                />
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
          // An empty choice says why: nobody matches the search, or everyone is a member already.
          hint={
            search.isSuccess && candidates.length === 0
              ? t(q.trim() ? 'members.noMatch' : 'members.nobodyLeft')
              : undefined
          }
        />
        <Button onClick={() => void add()} loading={adding} disabled={candidates.length === 0}>
          {t('members.add')}
        </Button>
      </div>
    </Card>
  );
};

/** `/settings/usergroup/edit/{id}`: details, members, credits and archiving of one group. */
export const UserGroupEditor = ({ id }: { id: string }) => {
  const { t } = useTranslation('userGroups');
  const can = useCan();
  const { reloadProfile } = useSession();
  const navigate = useNavigate();
  const query = useUserGroup(id);
  const invalidate = useInvalidateGroups();

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
        actions={<TextLink to="/settings/user/list?tab=groups">{t('edit.back')}</TextLink>}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          {group.status === 'archived' ? (
            <p className="mb-4 inline-flex rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
              {t('edit.archived')}
            </p>
          ) : null}
          <UserGroupForm key={group.updated_at} group={group} organizationId={group.organization_id} />
          {group.status === 'active' ? (
            <div className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-700">
              <ConfirmAction
                label={t('edit.archive')}
                title={t('edit.archiveTitle', { name: group.name })}
                body={t('edit.archiveBody')}
                confirmLabel={t('edit.archive')}
                doneMessage={t('edit.archivedToast', { name: group.name })}
                action={async () => {
                  await archiveUserGroup(group.id);
                  await invalidate();
                }}
                onDone={() => void navigate('/settings/user/list?tab=groups')}
              />
            </div>
          ) : null}
        </Card>
        <Card title={t('credits.title')}>
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
    </>
  );
};
