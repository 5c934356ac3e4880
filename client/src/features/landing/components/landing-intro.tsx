import { APP_NAME } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';

const HIGHLIGHTS = ['personas', 'missions', 'feedback'] as const;

/** Public welcome page. The login form itself opens from the #login hash (spec §2) and arrives with the auth feature. */
export const LandingIntro = () => {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('pageTitle'));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-12 sm:py-20">
      <section aria-labelledby="landing-title" className="flex max-w-3xl flex-col items-start gap-6">
        <h1 id="landing-title" className="text-3xl font-bold tracking-tight break-words sm:text-5xl">
          {t('hero.title')}
        </h1>
        <p className="text-lg text-gray-700 dark:text-gray-300">{t('hero.description', { app: APP_NAME })}</p>
        <Link
          to={{ pathname: '/', hash: '#login' }}
          className="rounded-md bg-primary-700 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-primary-800 dark:bg-primary-300 dark:text-gray-950 dark:hover:bg-primary-200"
        >
          {t('hero.login')}
        </Link>
      </section>

      <section aria-labelledby="landing-highlights">
        <h2 id="landing-highlights" className="text-2xl font-semibold">
          {t('highlights.title')}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {HIGHLIGHTS.map((highlight) => (
            <li key={highlight} className="rounded-lg border border-gray-200 p-5 dark:border-gray-800">
              <h3 className="font-semibold text-primary-700 dark:text-primary-300">
                {t(`highlights.${highlight}.title`)}
              </h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`highlights.${highlight}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};
