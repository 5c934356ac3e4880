import { APP_NAME } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';

export type ComingSoonFeature = 'sharedSession' | 'guest';

/** Placeholder for routes whose feature lands with a later issue: guarded like the real page, and honest about it. */
export const ComingSoonRoute = ({ feature }: { feature: string }) => {
  const { t } = useTranslation('comingSoon');
  return (
    <div className="mx-auto max-w-2xl py-8" data-testid="coming-soon">
      <PageHeader title={t(`features.${feature as ComingSoonFeature}`)} />
      <p className="mb-2 inline-flex rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
        {t('title')}
      </p>
      <p className="mb-6 text-gray-700 dark:text-gray-300">{t('description', { app: APP_NAME })}</p>
      <Link to="/dashboard" className={buttonClassName('secondary')}>
        {t('back')}
      </Link>
    </div>
  );
};
