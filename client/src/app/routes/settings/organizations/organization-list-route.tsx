import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { buttonClassName } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { OrganizationTable } from '../../../../features/organizations/components/organization-table';

export const OrganizationListRoute = () => {
  const { t } = useTranslation('organizations');
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Can permissions="organization-create">
            <Link to="/settings/organization/create" className={buttonClassName('primary')}>
              {t('list.create')}
            </Link>
          </Can>
        }
      />
      <OrganizationTable />
    </>
  );
};
