import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { ApplicationCards } from '../../features/applications/components/application-cards';

/** `/apps`: spec §2 "Application entry", the applications the user's organization has installed. */
export const AppsRoute = () => {
  const { t } = useTranslation('applications');
  return (
    <>
      <PageHeader title={t('entry.title')} description={t('entry.description')} />
      <ApplicationCards />
    </>
  );
};
