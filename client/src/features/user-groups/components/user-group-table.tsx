import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityImage } from '../../../components/ui/avatar';
import { ListToolbar, Pagination } from '../../../components/ui/list-controls';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { useCan } from '../../../lib/session/session-context';
import { useUserGroups } from '../api/user-groups-api';

export const UserGroupTable = () => {
  const { t, i18n } = useTranslation('userGroups');
  const can = useCan();
  const [state, update] = useListParams();
  const groups = useUserGroups(state);

  return (
    <section aria-labelledby="groups-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="groups-heading" className="text-lg font-semibold">
          {t('list.title')}
        </h2>
        {can('user-group-create') ? (
          <Link
            to="/settings/usergroup/create"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('list.create')}
          </Link>
        ) : null}
      </div>
      <ListToolbar state={state} onChange={update} searchLabel={t('list.search')} />
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.items.length === 0 ? (
        <EmptyState>{t('list.empty')}</EmptyState>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {groups.data.items.map((group) => (
              <li
                key={group.id}
                data-testid="group-row"
                className="flex items-center gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-800"
              >
                <EntityImage kind="usergroup" className="size-12 rounded-md" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{group.name}</p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    {t('list.members', { count: group.member_count })} ·{' '}
                    {t('list.credits', { credits: formatCredits(group.credit_wallet, i18n.language) })}
                  </p>
                </div>
                {can('user-group-create') ? (
                  <Link
                    to={`/settings/usergroup/edit/${group.id}`}
                    className="rounded-md px-3 py-2 text-sm font-medium text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800"
                  >
                    {t('list.edit')}
                    <span className="sr-only"> {group.name}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination state={state} total={groups.data.total} onChange={update} />
        </>
      )}
    </section>
  );
};
