import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListToolbar, Pagination } from '../../../components/ui/list-controls';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { canEvery, useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useOrganizations } from '../api/organizations-api';

const LINK =
  'rounded-md px-2 py-1 text-sm font-medium text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800';

export const OrganizationTable = () => {
  const { t, i18n } = useTranslation('organizations');
  const can = useCan();
  const me = useCurrentUser();
  const [state, update] = useListParams();
  const organizations = useOrganizations(state);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const mayEdit = canEvery(me, ['organization-update', 'organization-detail-read']);
  const mayMove = canEvery(me, ['credit-allocate', 'credit-deallocate']);

  return (
    <>
      <ListToolbar state={state} onChange={update} searchLabel={t('list.search')} />
      {organizations.isPending ? (
        <Loading />
      ) : organizations.isError ? (
        <LoadError error={organizations.error} onRetry={() => void organizations.refetch()} />
      ) : organizations.data.items.length === 0 ? (
        <EmptyState>{t('list.empty')}</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-md border border-gray-200 dark:border-gray-800">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('list.name')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('list.users')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('list.credits')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('list.updated')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">{t('list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {organizations.data.items.map((organization) => (
                  <tr
                    key={organization.id}
                    className="border-t border-gray-100 dark:border-gray-800"
                    data-testid="organization-row"
                  >
                    <th scope="row" className="px-3 py-2 font-medium">
                      {organization.name}
                      {organization.kind === 'platform' ? (
                        <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
                          {t('list.platform')}
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2">{organization.user_count}</td>
                    <td className="px-3 py-2">{formatCredits(organization.credit_wallet, i18n.language)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{date.format(new Date(organization.updated_at))}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {mayEdit ? (
                        <Link to={`/settings/organization/edit/${organization.id}`} className={LINK}>
                          {t('list.edit')}
                          <span className="sr-only"> {organization.name}</span>
                        </Link>
                      ) : null}
                      {mayMove ? (
                        <Link to={`/settings/organization/transaction/${organization.id}`} className={LINK}>
                          {t('list.transactions')}
                          <span className="sr-only"> {organization.name}</span>
                        </Link>
                      ) : null}
                      {can(['credit-transaction-read', 'credit-consumption-read']) ? (
                        <Link to={`/settings/organization/transaction/history/${organization.id}`} className={LINK}>
                          {t('list.history')}
                          <span className="sr-only"> {organization.name}</span>
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination state={state} total={organizations.data.total} onChange={update} />
        </>
      )}
    </>
  );
};
