import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { UserInviteForm } from '../../../../features/users/components/user-invite-form';

export const UserCreateRoute = () => {
  const { t } = useTranslation('users');
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('invite.title')} description={t('invite.description')} />
      <UserInviteForm />
    </div>
  );
};
