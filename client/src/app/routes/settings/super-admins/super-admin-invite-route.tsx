import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { SuperAdminInviteForm } from '../../../../features/settings-super-admins/components/super-admin-invite-form';

/** `/settings/super-admins/invite` (super-admin-create). */
export const SuperAdminInviteRoute = () => {
  const { t } = useTranslation('settingsSuperAdmins');
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t('invite.title')}
        description={t('invite.description')}
        actions={
          <Link
            to="/settings/super-admins"
            className="text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('invite.back')}
          </Link>
        }
      />
      <SuperAdminInviteForm />
    </div>
  );
};
