import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { SuperAdminInviteForm } from '../../../../features/settings-super-admins/components/super-admin-invite-form';
import { TextLink } from '../../../../components/ui/text-link';

/** `/settings/super-admins/invite` (super-admin-create). */
export const SuperAdminInviteRoute = () => {
  const { t } = useTranslation('settingsSuperAdmins');
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t('invite.title')}
        description={t('invite.description')}
        actions={<TextLink to="/settings/super-admins">{t('invite.back')}</TextLink>}
      />
      <SuperAdminInviteForm />
    </div>
  );
};
