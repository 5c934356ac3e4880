import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { PageHeader } from '../../../../components/ui/page-header';
import { OrganizationApplications } from '../../../../features/applications/components/organization-applications';
import { useOrganization } from '../../../../features/organizations/api/organizations-api';
import { OrganizationEditor } from '../../../../features/organizations/components/organization-editor';
import { TextLink } from '../../../../components/ui/text-link';

export const OrganizationEditRoute = () => {
  const { t } = useTranslation('organizations');
  const { id = '' } = useParams();
  const organization = useOrganization(id);
  return (
    <>
      <PageHeader
        title={t('edit.title', { name: organization.data?.name ?? '…' })}
        actions={<TextLink to="/settings/organization/list">{t('edit.back')}</TextLink>}
      />
      <OrganizationEditor key={id} id={id} />
      <Can permissions="application-install">
        <OrganizationApplications key={`applications-${id}`} organizationId={id} />
      </Can>
    </>
  );
};
