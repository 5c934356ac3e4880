import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';

const STEPS = ['choose', 'practise', 'review', 'progress'] as const;

/** `/page2` ("not shown" in the spec): a second public page explaining a coaching session step by step. */
export const HowItWorks = () => {
  const { t } = useTranslation('landing');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-16">
      <PageHeader title={t('page2.title')} description={t('page2.description')} />
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-lg border border-gray-200 p-5 dark:border-gray-800">
            <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">
              {t('page2.step', { n: index + 1 })}
            </p>
            <h2 className="mt-1 text-lg font-semibold">{t(`page2.steps.${step}.title`)}</h2>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`page2.steps.${step}.description`)}</p>
          </li>
        ))}
      </ol>
      <Link to={{ pathname: '/', hash: 'login' }} className={buttonClassName('primary', 'mt-8')}>
        {t('hero.login')}
      </Link>
    </div>
  );
};
