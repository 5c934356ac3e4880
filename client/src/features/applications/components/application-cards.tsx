import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useInstalledApplications } from '../api/applications-api';
import { ApplicationIcon } from './application-icon';

/** `/apps`: a card per application the organization has installed, leading to its entry page. */
export const ApplicationCards = () => {
  const { t } = useTranslation('applications');
  const { query, applications } = useInstalledApplications();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!applications?.length) return <EmptyState>{t('entry.none')}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {applications.map((application) => (
        <li key={application.id}>
          <Link
            to={application.entry_path}
            className="flex h-full gap-4 rounded-lg border border-gray-200 bg-white p-4 transition-colors hover:border-primary-600 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-primary-300"
          >
            <span className="shrink-0 rounded-md bg-primary-50 p-2 text-primary-800 dark:bg-primary-950 dark:text-primary-200">
              <ApplicationIcon icon={application.icon} />
            </span>
            <span>
              <span className="block font-semibold">{application.name}</span>
              <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">{application.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};
