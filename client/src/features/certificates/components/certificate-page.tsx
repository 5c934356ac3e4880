import { APP_NAME } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http/api-error';
import { certificatePdfUrl, useCertificate, type AssignmentCertificate } from '../api/certificates-api';

const CertificateCard = ({ certificate }: { certificate: AssignmentCertificate }) => {
  const { t, i18n } = useTranslation('certificates');
  const lang = i18n.resolvedLanguage ?? 'en-GB';
  const learner = [certificate.learner.first_name, certificate.learner.last_name].filter(Boolean).join(' ') || '—';
  const date = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: certificate.time_zone,
  }).format(new Date(certificate.passed_at));
  return (
    <article
      aria-labelledby="certificate-title"
      className="flex flex-col items-center gap-3 rounded-lg border-2 border-primary-700 bg-white p-6 text-center sm:p-10 dark:border-primary-300 dark:bg-gray-900"
    >
      <p className="text-sm text-gray-700 dark:text-gray-300">{APP_NAME}</p>
      <h1 id="certificate-title" className="text-2xl font-semibold sm:text-3xl">
        {t('title')}
      </h1>
      <p>{t('certifies')}</p>
      <p className="text-xl font-semibold break-words sm:text-2xl" data-testid="certificate-learner">
        {learner}
      </p>
      <p>{t('passed')}</p>
      <p className="text-lg font-semibold break-words" data-testid="certificate-program">
        {certificate.program.name} ({t('version', { version: certificate.program.version })})
      </p>
      <p className="text-sm">{t('issued', { organization: certificate.organization.name || APP_NAME, date })}</p>
      <p className="text-sm font-medium">
        {certificate.score === null ? t('noScore') : t('score', { score: Math.round(certificate.score) })}
      </p>
      <section aria-labelledby="certificate-items" className="w-full max-w-md">
        <h2 id="certificate-items" className="mb-1 text-sm font-semibold">
          {t('items')}
        </h2>
        <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
          {certificate.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-4 py-1 text-left">
              <span className="min-w-0 break-words">
                <span className="sr-only">{t(`kind.${item.kind}`)}: </span>
                {item.name}
              </span>
              <span className="shrink-0">
                {item.score === null ? t('noScore') : t('itemScore', { score: Math.round(item.score) })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
};

/**
 * `/certificates/{id}` (public, no app chrome): a certificate anyone given its address can check, with its PDF in the
 * reader's language. An address nobody was given says so and what to do.
 */
export const CertificatePage = ({ certificateId }: { certificateId: string }) => {
  const { t, i18n } = useTranslation('certificates');
  const certificate = useCertificate(certificateId);
  useDocumentTitle(certificate.data ? `${t('title')} — ${certificate.data.program.name}` : t('title'));
  if (certificate.isPending) return <Loading />;
  if (certificate.isError) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-8">
        {isApiError(certificate.error) && certificate.error.status === 404 ? (
          <>
            <h1 className="text-2xl font-semibold">{t('notFoundTitle')}</h1>
            <p className="text-gray-700 dark:text-gray-300">{t('notFoundBody')}</p>
          </>
        ) : (
          <LoadError error={certificate.error} onRetry={() => void certificate.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-8">
      <CertificateCard certificate={certificate.data} />
      <p className="text-sm text-gray-700 dark:text-gray-300" role="status">
        {t('verified', { app: APP_NAME })} {t('share')}
      </p>
      <div>
        <a
          href={certificatePdfUrl(certificateId, i18n.resolvedLanguage ?? 'en-GB')}
          className={buttonClassName('primary')}
          download
        >
          {t('download')}
        </a>
      </div>
    </div>
  );
};
