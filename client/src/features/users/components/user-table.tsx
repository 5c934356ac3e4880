import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClassName } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { PagedTable } from '../../../components/ui/paged-table';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { imageUrl } from '../../../lib/images';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useOrganizationName, useOrganizationOptions, useUsers, type User } from '../api/users-api';
import { ResendInvitationButton } from './resend-invitation-button';
import { UserStatusBadge } from './user-status-badge';
import { SectionHeading } from '../../../components/ui/section-heading';

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
  const users = useUsers({ ...state, ...(organizationId ? { organization_id: organizationId } : {}) });
  const credits = (user: User) => formatCredits(user.credit_wallet, i18n.language);

  return (
    <section aria-labelledby="users-heading">
      <SectionHeading id="users-heading" title={t('list.title')} className="mb-3 items-center gap-2">
        {can('user-create') ? (
          <Link to="/settings/user/create" className={buttonClassName('primary')}>
            {t('list.invite')}
          </Link>
        ) : null}
      </SectionHeading>
      {superAdmin ? (
        <div className="mb-3 max-w-sm">
          <SelectField
            label={t('list.organization')}
            value={organizationId}
            onChange={(event) => update({ organization_id: event.target.value })}
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
      <PagedTable<User>
        query={users}
        state={state}
        onChange={update}
        searchLabel={t('list.search')}
        empty={t('list.none')}
        noMatch={t('list.empty')}
        isFiltered={organizationId !== ''}
        caption={t('list.title')}
        rowKey={(user) => user.id}
        rowTestId="user-row"
        columns={[
          {
            id: 'name',
            header: t('list.name'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (user) => (
              <span className="flex min-w-0 items-center gap-3">
                <span className="hidden sm:inline-flex">
                  <Avatar name={displayName(user)} src={imageUrl(user.avatar_image_id)} size={36} />
                </span>
                <span className="min-w-0">
                  <span className="block">{displayName(user)}</span>
                  <span className="block text-xs font-normal [overflow-wrap:anywhere] text-gray-700 dark:text-gray-300">
                    {user.email}
                  </span>
                  {/* On a narrow screen only the name and the actions keep a column; status and credits show here. */}
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-gray-700 sm:hidden dark:text-gray-300">
                    <UserStatusBadge status={user.status} />
                    {t('list.credits', { count: user.credit_wallet })}
                  </span>
                </span>
              </span>
            ),
          },
          // A super-admin's list spans organizations: each row says whose user it is.
          ...(superAdmin && !organizationId
            ? [
                {
                  id: 'organization',
                  header: t('list.organization'),
                  priority: 2 as const,
                  cell: (user: { organization_id: string }) => <OrganizationName id={user.organization_id} />,
                },
              ]
            : []),
          {
            id: 'status',
            header: t('list.status'),
            priority: 2,
            cell: (user) => <UserStatusBadge status={user.status} />,
          },
          {
            id: 'role',
            header: t('list.role'),
            priority: 2,
            cell: (user) => <RoleBadge role={user.organization_role} />,
          },
          { id: 'credits', header: t('list.creditsHeader'), priority: 2, align: 'end', cell: credits },
          {
            id: 'actions',
            header: <span className="sr-only">{t('list.actions')}</span>,
            align: 'end',
            // The email addresses beside take the room; from 640 px the buttons keep to one line each.
            shrink: true,
            cell: (user) => (
              <span className="flex flex-wrap justify-end gap-1 sm:flex-nowrap sm:whitespace-nowrap">
                {user.status === 'invited' && can('send-invitation-email') ? (
                  <ResendInvitationButton user={user} variant="ghost" />
                ) : null}
                {can('user-update') ? (
                  <Link to={`/settings/user/edit/${user.id}`} className={buttonClassName('ghost', 'px-3')}>
                    {t('list.edit')}
                    <span className="sr-only"> {displayName(user)}</span>
                  </Link>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
};

const OrganizationName = ({ id }: { id: string }) => {
  const name = useOrganizationName(id);
  return <span className="break-words">{name.data ?? ''}</span>;
};
