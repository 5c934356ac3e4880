import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { useCurrentUser } from '../../../lib/session/session-context';

export const ChangePasswordRoute = () => {
  const { t } = useTranslation('profile');
  const me = useCurrentUser();
  return (
    <>
      <PageHeader
        title={t('password.title')}
        actions={
          <Link to="/profile" className="text-sm font-medium text-primary-700 underline dark:text-primary-300">
            {t('back')}
          </Link>
        }
      />
      <ChangePasswordForm email={me?.email ?? ''} />
    </>
  );
};
