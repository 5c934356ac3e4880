import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { OrganizationEditor } from '../../../features/organizations/components/organization-editor';
import { useCurrentUser } from '../../../lib/session/session-context';

/** `/settings/my-organization`: the operator's own organization (organization-self-edit). */
export const MyOrganizationRoute = () => {
  const { t } = useTranslation('organizations');
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      {me ? <OrganizationEditor id={me.organization_id} own /> : null}
    </>
  );
};
