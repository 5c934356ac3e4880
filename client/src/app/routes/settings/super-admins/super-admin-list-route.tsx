import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { SuperAdminTable } from '../../../../features/settings-super-admins/components/super-admin-table';

/** `/settings/super-admins` (super-admin-read): the platform's super-admins. */
export const SuperAdminListRoute = () => {
  const { t } = useTranslation('settingsSuperAdmins');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <SuperAdminTable />
    </>
  );
};
