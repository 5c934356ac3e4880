import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { SettingsHome } from '../../../features/settings/components/settings-home';

export const SettingsHomeRoute = () => {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('title')} />
      <SettingsHome />
    </>
  );
};
