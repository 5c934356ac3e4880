import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { PageHeader } from '../../../components/ui/page-header';
import { EnvironmentVariablesPanel } from '../../../features/environment/components/environment-variables-panel';
import { RedirectsPanel } from '../../../features/redirects/components/redirects-panel';

/** `/env`: platform settings for super-admins — runtime variables, and the server-defined redirects. */
export const EnvironmentRoute = () => {
  const { t } = useTranslation('environment');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EnvironmentVariablesPanel />
      <Can permissions={['super-admin-read', 'super-admin-update']}>
        <RedirectsPanel />
      </Can>
    </>
  );
};
