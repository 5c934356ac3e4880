import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { useOrganization } from '../../../../features/organizations/api/organizations-api';
import { CreditTransactions } from '../../../../features/organizations/components/credit-transactions';
import { TextLink } from '../../../../components/ui/text-link';

export const OrganizationTransactionRoute = () => {
  const { t } = useTranslation('credits');
  const { id = '' } = useParams();
  const organization = useOrganization(id);
  return (
    <>
      <PageHeader
        title={t('transactions.pageTitle', { name: organization.data?.name ?? '…' })}
        actions={
          <TextLink to={`/settings/organization/transaction/history/${id}`}>{t('transactions.historyLink')}</TextLink>
        }
      />
      <CreditTransactions key={id} organizationId={id} />
    </>
  );
};
