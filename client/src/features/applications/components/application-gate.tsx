import type { ApplicationId } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useInstalledApplications } from '../api/applications-api';

/**
 * An application's pages, or a page saying it is not installed for the user's organization. Shown while the installs
 * are unknown (loading, a failure, or a visitor without an organization such as a guest on the public play route):
 * the server still answers the application's endpoints (docs/applications.md), so this only spares users a screen
 * their organization does not have.
 */
export const ApplicationGate = ({ applicationId, children }: { applicationId: ApplicationId; children: ReactNode }) => {
  const { t } = useTranslation('applications');
  const { installed } = useInstalledApplications();
  if (installed(applicationId) !== false) return children;
  return (
    <>
      <PageHeader title={t('notInstalled.title')} />
      <Alert tone="info">
        <p>{t(`notInstalled.body.${applicationId}`)}</p>
        <p className="mt-3">
          <Link to="/apps" className="font-medium text-primary-700 underline dark:text-primary-300">
            {t('notInstalled.back')}
          </Link>
        </p>
      </Alert>
    </>
  );
};
