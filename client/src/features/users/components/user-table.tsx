import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { ListToolbar, Pagination } from '../../../components/ui/list-controls';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { RoleBadge } from '../../../components/ui/role-badge';
import { SelectField } from '../../../components/ui/field';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useOrganizationOptions, useUsers } from '../api/users-api';
import { ResendInvitationButton } from './resend-invitation-button';
import { UserStatusBadge } from './user-status-badge';

/** Users of the caller's organization (a super-admin may pick another), paged, sorted and searchable. */
export const UserTable = () => {
  const { t, i18n } = useTranslation('users');
  const can = useCan();
  const me = useCurrentUser();
  const [state, update, params] = useListParams();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationOptions(superAdmin);
  // Others only ever see their own organization; the API scopes the list either way.
  const organizationId = superAdmin ? (params.get('organization_id') ?? '') : '';
  const setOrganizationId = (value: string) => update({ organization_id: value });
  const users = useUsers({ ...state, ...(organizationId ? { organization_id: organizationId } : {}) });

  return (
    <section aria-labelledby="users-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="users-heading" className="text-lg font-semibold">
          {t('list.title')}
        </h2>
        {can('user-create') ? (
          <Link
            to="/settings/user/create"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('list.invite')}
          </Link>
        ) : null}
      </div>
      {superAdmin ? (
        <div className="mb-3 max-w-sm">
          <SelectField
            label={t('list.organization')}
            value={organizationId}
            onChange={(event) => setOrganizationId(event.target.value)}
            options={[
              { value: '', label: t('list.allOrganizations') },
              ...(organizations.data?.items ?? []).map((organization) => ({
                value: organization.id,
                label: organization.name,
              })),
            ]}
          />
        </div>
      ) : null}
      <ListToolbar state={state} onChange={update} searchLabel={t('list.search')} />
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState>{t('list.empty')}</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {users.data.items.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="user-row">
                <Avatar name={displayName(user)} size={36} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{displayName(user)}</p>
                  <p className="truncate text-sm text-gray-700 dark:text-gray-300">{user.email}</p>
                </div>
                <RoleBadge role={user.organization_role} />
                <UserStatusBadge status={user.status} />
                <span className="text-sm whitespace-nowrap">
                  {t('list.credits', { credits: formatCredits(user.credit_wallet, i18n.language) })}
                </span>
                <div className="flex gap-1">
                  {user.status === 'invited' && can('send-invitation-email') ? (
                    <ResendInvitationButton user={user} variant="ghost" />
                  ) : null}
                  {can('user-update') ? (
                    <Link
                      to={`/settings/user/edit/${user.id}`}
                      className="rounded-md px-3 py-2 text-sm font-medium text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800"
                    >
                      {t('list.edit')}
                      <span className="sr-only"> {displayName(user)}</span>
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <Pagination state={state} total={users.data.total} onChange={update} />
        </>
      )}
    </section>
  );
};
