import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import { useChangeApplication } from '../api/application-changes-api';
import { useOrganizationApplications } from '../api/applications-api';
import { ApplicationIcon } from './application-icon';

/** For super-admins, on an organization's page: the catalogue with Install or Remove (docs/applications.md). */
export const OrganizationApplications = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('applications');
  const can = useCan();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const query = useOrganizationApplications(organizationId);
  const change = useChangeApplication(organizationId);
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold" id="organization-applications">
        {t('manage.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('manage.description')}</p>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <ul aria-labelledby="organization-applications" className="mt-4 flex flex-col gap-3">
        {query.data?.items.map((application) => (
          <li
            key={application.id}
            className="flex flex-wrap items-center gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-800"
          >
            <ApplicationIcon icon={application.icon} className="size-6 shrink-0" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{application.name}</span>
              <span className="block text-sm text-gray-700 dark:text-gray-300">
                {application.installed ? t('manage.installed') : t('manage.notInstalled')}
              </span>
            </span>
            {application.installed && can('application-delete') ? (
              <ConfirmAction
                label={t('manage.remove')}
                srContext={application.name}
                title={t('manage.removeTitle', { name: application.name })}
                body={t('manage.removeBody', { name: application.name })}
                confirmLabel={t('manage.remove')}
                doneMessage={t('manage.removed', { name: application.name })}
                action={() => change.mutateAsync({ applicationId: application.id, install: false })}
              />
            ) : null}
            {!application.installed && can('application-install') ? (
              <Button
                variant="secondary"
                loading={change.isPending}
                onClick={() =>
                  change.mutate(
                    { applicationId: application.id, install: true },
                    {
                      onSuccess: () => toast.show(t('manage.installedDone', { name: application.name })),
                      onError: (error) => toast.show(errorMessage(error), 'error'),
                    },
                  )
                }
              >
                {t('manage.install')}
                <span className="sr-only"> {application.name}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
};
