import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme/use-theme';

/** A toggle button (aria-pressed) with a fixed name, so assistive tech announces "Dark mode, pressed/not pressed". */
export const ThemeToggle = () => {
  const { t } = useTranslation('shell');
  const { isDark, toggleTheme } = useTheme();

  return (
    <button
      type="button"
      aria-pressed={isDark}
      title={t('themeToggle.label')}
      onClick={toggleTheme}
      className="inline-flex size-9 items-center justify-center rounded-md border border-gray-300 text-gray-700 transition-colors hover:border-primary-600 hover:text-primary-700 dark:border-gray-600 dark:text-gray-200 dark:hover:border-primary-300 dark:hover:text-primary-300"
    >
      <span className="sr-only">{t('themeToggle.label')}</span>
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
};

const iconProps = {
  'aria-hidden': true,
  focusable: false,
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const MoonIcon = () => (
  <svg {...iconProps}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);

const SunIcon = () => (
  <svg {...iconProps}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
