import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityImage } from '../../components/ui/avatar';
import { PageHeader } from '../../components/ui/page-header';

/** `/apps`: the application entry; AI Coaching is the one application installed today. */
export const AppsRoute = () => {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageHeader title={t('apps.title')} description={t('apps.description')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <Link
            to="/apps/ai-coaching"
            className="block overflow-hidden rounded-lg border border-gray-200 transition-colors hover:border-primary-600 dark:border-gray-800 dark:hover:border-primary-300"
          >
            <EntityImage kind="mission" className="aspect-[3/2] w-full" />
            <span className="block p-4">
              <span className="block font-semibold">{t('apps.coaching.title')}</span>
              <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
                {t('apps.coaching.description')}
              </span>
            </span>
          </Link>
        </li>
      </ul>
    </>
  );
};
