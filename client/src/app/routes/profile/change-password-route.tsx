import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { useCurrentUser } from '../../../lib/session/session-context';
import { TextLink } from '../../../components/ui/text-link';

export const ChangePasswordRoute = () => {
  const { t } = useTranslation('profile');
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title={t('password.title')} actions={<TextLink to="/profile">{t('back')}</TextLink>} />
      <ChangePasswordForm email={me?.email ?? ''} />
    </>
  );
};
