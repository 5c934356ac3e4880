import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const LEGAL_LINKS = [
  { to: '/terms/contact', labelKey: 'footer.contact' },
  { to: '/terms/privacy', labelKey: 'footer.privacy' },
  { to: '/terms/conditions', labelKey: 'footer.conditions' },
  { to: '/terms/legal-notices', labelKey: 'footer.legalNotices' },
] as const;

export const SiteFooter = () => {
  const { t } = useTranslation('shell');
  return (
    <footer className="border-t border-gray-200 dark:border-gray-800">
      <nav aria-label={t('footer.navLabel')} className="mx-auto max-w-6xl px-4 py-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LEGAL_LINKS.map(({ to, labelKey }) => (
            <li key={to}>
              <Link
                to={to}
                className="text-gray-700 underline-offset-4 transition-colors hover:text-primary-700 hover:underline dark:text-gray-300 dark:hover:text-primary-300"
              >
                {t(labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
};
