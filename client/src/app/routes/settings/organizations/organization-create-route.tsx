import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { OrganizationDetailsForm } from '../../../../features/organizations/components/organization-details-form';

export const OrganizationCreateRoute = () => {
  const { t } = useTranslation('organizations');
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card>
        <OrganizationDetailsForm />
      </Card>
    </div>
  );
};
