import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';

export const TERMS_PAGES = ['contact', 'privacy', 'conditions', 'legal-notices'] as const;
export type TermsPage = (typeof TERMS_PAGES)[number];

const KEY: Record<TermsPage, 'contact' | 'privacy' | 'conditions' | 'legalNotices'> = {
  contact: 'contact',
  privacy: 'privacy',
  conditions: 'conditions',
  'legal-notices': 'legalNotices',
};

// Each page is a title, an introduction and numbered sections (`s1`, `s2`, …) in locales/<locale>/terms.json.
const SECTIONS: Record<TermsPage, readonly ('s1' | 's2' | 's3' | 's4')[]> = {
  contact: ['s1', 's2'],
  privacy: ['s1', 's2', 's3', 's4'],
  conditions: ['s1', 's2', 's3', 's4'],
  'legal-notices': ['s1', 's2', 's3'],
};

/** The four legal and contact pages of spec §2. Company details are placeholders until the operator provides them. */
export const TermsContent = ({ page }: { page: TermsPage }) => {
  const { t } = useTranslation('terms');
  const key = KEY[page];
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={t(`${key}.title`)} description={t('updated')} />
      <p className="mb-6">{t(`${key}.intro`)}</p>
      {SECTIONS[page].map((section) => (
        <section key={section} className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">{t(`${key}.${section}.heading` as 'privacy.s1.heading')}</h2>
          <p className="text-gray-800 dark:text-gray-200">{t(`${key}.${section}.body` as 'privacy.s1.body')}</p>
        </section>
      ))}
      {page === 'contact' ? (
        <p className="rounded-md bg-gray-50 p-4 dark:bg-gray-900">
          {t('contact.support')}{' '}
          <a
            href="mailto:support@ai-coaching.example"
            className="font-medium text-primary-700 underline dark:text-primary-300"
          >
            support@ai-coaching.example
          </a>
        </p>
      ) : null}
    </article>
  );
};
