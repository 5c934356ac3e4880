import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { PageHeader } from '../../../../components/ui/page-header';
import { OrganizationApplications } from '../../../../features/applications/components/organization-applications';
import { useOrganization } from '../../../../features/organizations/api/organizations-api';
import { OrganizationEditor } from '../../../../features/organizations/components/organization-editor';

export const OrganizationEditRoute = () => {
  const { t } = useTranslation('organizations');
  const { id = '' } = useParams();
  const organization = useOrganization(id);
  return (
    <>
      <PageHeader
        title={t('edit.title', { name: organization.data?.name ?? '…' })}
        actions={
          <Link
            to="/settings/organization/list"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('edit.back')}
          </Link>
        }
      />
      <OrganizationEditor key={id} id={id} />
      <Can permissions="application-install">
        <OrganizationApplications key={`applications-${id}`} organizationId={id} />
      </Can>
    </>
  );
};
