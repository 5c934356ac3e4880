import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { imageUrl } from '../../../lib/images';
import { canAll, useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useOrganizations, type Organization } from '../api/organizations-api';

const LINK =
  'rounded-md px-2 py-1 text-sm font-medium text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800';

export const OrganizationTable = () => {
  const { t, i18n } = useTranslation('organizations');
  const can = useCan();
  const me = useCurrentUser();
  const [state, update] = useListParams();
  const organizations = useOrganizations(state);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const mayEdit = canAll(me, ['organization-update', 'organization-detail-read']);
  const mayMove = canAll(me, ['credit-allocate', 'credit-deallocate']);
  const mayReadHistory = can(['credit-transaction-read', 'credit-consumption-read']);

  return (
    <PagedTable<Organization>
      query={organizations}
      state={state}
      onChange={update}
      searchLabel={t('list.search')}
      empty={t('list.none')}
      noMatch={t('list.empty')}
      caption={t('list.caption')}
      rowKey={(organization) => organization.id}
      rowTestId="organization-row"
      columns={[
        {
          id: 'name',
          header: t('list.name'),
          sortKey: 'name',
          isRowHeader: true,
          cell: (organization) => (
            <span className="flex min-w-0 items-center gap-3">
              {/* No default logo exists (spec §3): an empty tile keeps the names aligned. */}
              <span className="hidden size-10 shrink-0 overflow-hidden rounded-md bg-gray-100 sm:inline-block dark:bg-gray-800">
                {organization.logo_image_id ? (
                  <img src={imageUrl(organization.logo_image_id)} alt="" className="size-full object-cover" />
                ) : null}
              </span>
              <span className="min-w-0">
                {organization.name}
                {organization.kind === 'platform' ? (
                  <span className="ml-2 inline-block rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
                    {t('list.platform')}
                  </span>
                ) : null}
              </span>
            </span>
          ),
        },
        {
          id: 'users',
          header: t('list.users'),
          priority: 2,
          cell: (organization) => formatCredits(organization.user_count, i18n.language),
        },
        {
          id: 'credits',
          header: t('list.credits'),
          align: 'end',
          cell: (organization) => formatCredits(organization.credit_wallet, i18n.language),
        },
        {
          id: 'updated',
          header: t('list.updated'),
          sortKey: 'updated_at',
          priority: 3,
          cell: (organization) => (
            <span className="whitespace-nowrap">{date.format(new Date(organization.updated_at))}</span>
          ),
        },
        {
          id: 'actions',
          header: <span className="sr-only">{t('list.actions')}</span>,
          align: 'end',
          // The links wrap under each other on a narrow screen rather than widen the table.
          cell: (organization) => (
            <span className="flex flex-wrap justify-end gap-1">
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
              {mayReadHistory ? (
                <Link to={`/settings/organization/transaction/history/${organization.id}`} className={LINK}>
                  {t('list.history')}
                  <span className="sr-only"> {organization.name}</span>
                </Link>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
};
