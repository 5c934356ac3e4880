import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { useOrganization } from '../../../../features/organizations/api/organizations-api';
import { CreditHistory } from '../../../../features/organizations/components/credit-history';

export const OrganizationHistoryRoute = () => {
  const { t } = useTranslation('credits');
  const { id = '' } = useParams();
  const organization = useOrganization(id);
  return (
    <>
      <PageHeader title={t('history.pageTitle', { name: organization.data?.name ?? '…' })} />
      <CreditHistory key={id} organizationId={id} />
    </>
  );
};
