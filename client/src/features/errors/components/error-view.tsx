import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { ErrorDescription } from '../utils/describe-error';
import { isBot } from '../utils/is-bot';

export type ErrorViewProps = {
  error: ErrorDescription;
  /** The address that failed, quoted in the 404 description. */
  path: string;
};

/** The generic error page body (spec §2): status code, status message, description and a way back. */
export const ErrorView = ({ error, path }: ErrorViewProps) => {
  const { t } = useTranslation('errors');
  const title = error.message ?? t(`title.${error.kind}`);
  useDocumentTitle(title);

  // Spec §2: bots and preview crawlers get no error rendering (React 19 hoists the meta into <head>).
  if (isBot(navigator.userAgent)) return <meta name="robots" content="noindex" />;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-bold tracking-tight text-primary-700 sm:text-7xl dark:text-primary-300">
        <span className="sr-only">{t('statusCodeLabel', { status: error.status })}</span>
        <span aria-hidden="true">{error.status}</span>
      </p>
      <h1 className="text-2xl font-semibold break-words sm:text-3xl">{title}</h1>
      <p className="break-words text-gray-700 dark:text-gray-300">{t(`description.${error.kind}`, { path })}</p>
      <Link
        to="/"
        className="mt-4 rounded-md bg-primary-700 px-4 py-2 font-medium text-white transition-colors hover:bg-primary-800 dark:bg-primary-300 dark:text-gray-950 dark:hover:bg-primary-200"
      >
        {t('backToHome')}
      </Link>
    </section>
  );
};
