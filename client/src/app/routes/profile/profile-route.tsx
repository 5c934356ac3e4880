import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { useCurrentUser } from '../../../lib/session/session-context';

export const ProfileRoute = () => {
  const { t } = useTranslation('profile');
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title={t('title')} />
      {me ? <ProfileCard key={`${me.first_name}|${me.last_name}`} user={me} /> : null}
    </>
  );
};
