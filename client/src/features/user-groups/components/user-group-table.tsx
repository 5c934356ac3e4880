import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityImage } from '../../../components/ui/avatar';
import { buttonClassName } from '../../../components/ui/button';
import { PagedTable } from '../../../components/ui/paged-table';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { imageUrl } from '../../../lib/images';
import { useCan } from '../../../lib/session/session-context';
import { useUserGroups, type UserGroup } from '../api/user-groups-api';
import { SectionHeading } from '../../../components/ui/section-heading';

export const UserGroupTable = () => {
  const { t, i18n } = useTranslation('userGroups');
  const can = useCan();
  const [state, update] = useListParams();
  const groups = useUserGroups(state);

  return (
    <section aria-labelledby="groups-heading">
      <SectionHeading id="groups-heading" title={t('list.title')} className="mb-3 items-center gap-2">
        {can('user-group-create') ? (
          <Link to="/settings/usergroup/create" className={buttonClassName('primary')}>
            {t('list.create')}
          </Link>
        ) : null}
      </SectionHeading>
      <PagedTable<UserGroup>
        query={groups}
        state={state}
        onChange={update}
        searchLabel={t('list.search')}
        empty={t('list.none')}
        noMatch={t('list.empty')}
        caption={t('list.title')}
        rowKey={(group) => group.id}
        rowTestId="group-row"
        columns={[
          {
            id: 'name',
            header: t('list.name'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (group) => (
              <span className="flex min-w-0 items-center gap-3">
                <EntityImage
                  kind="usergroup"
                  src={imageUrl(group.image_id, 'usergroup')}
                  className="size-10 shrink-0 rounded-md"
                />
                <span className="min-w-0">
                  <span className="block">{group.name}</span>
                  <span className="block text-xs font-normal text-gray-700 sm:hidden dark:text-gray-300">
                    {t('list.members', { count: group.member_count })}
                  </span>
                </span>
              </span>
            ),
          },
          {
            id: 'members',
            header: t('list.memberCount'),
            priority: 2,
            cell: (group) => t('list.members', { count: group.member_count }),
          },
          {
            id: 'credits',
            header: t('list.creditsHeader'),
            align: 'end',
            cell: (group) => formatCredits(group.credit_wallet, i18n.language),
          },
          {
            id: 'actions',
            header: <span className="sr-only">{t('list.actions')}</span>,
            align: 'end',
            cell: (group) =>
              can('user-group-create') ? (
                <Link to={`/settings/usergroup/edit/${group.id}`} className={buttonClassName('ghost', 'px-3')}>
                  {t('list.edit')}
                  <span className="sr-only"> {group.name}</span>
                </Link>
              ) : null,
          },
        ]}
      />
    </section>
  );
};
