import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { useOrganization } from '../../../../features/organizations/api/organizations-api';
import { CreditTransactions } from '../../../../features/organizations/components/credit-transactions';

export const OrganizationTransactionRoute = () => {
  const { t } = useTranslation('credits');
  const { id = '' } = useParams();
  const organization = useOrganization(id);
  return (
    <>
      <PageHeader
        title={t('transactions.pageTitle', { name: organization.data?.name ?? '…' })}
        actions={
          <Link
            to={`/settings/organization/transaction/history/${id}`}
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('transactions.historyLink')}
          </Link>
        }
      />
      <CreditTransactions key={id} organizationId={id} />
    </>
  );
};
