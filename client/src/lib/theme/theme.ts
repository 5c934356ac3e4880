export type Theme = 'light' | 'dark';

/** Also read by public/theme-init.js, which applies the theme before React loads. */
export const THEME_STORAGE_KEY = 'theme';

export const parseStoredTheme = (value: string | null): Theme | null =>
  value === 'light' || value === 'dark' ? value : null;

/** An explicit choice wins; without one we follow the OS. Mirrors public/theme-init.js. */
export const resolveTheme = (stored: string | null, prefersDark: boolean): Theme =>
  parseStoredTheme(stored) ?? (prefersDark ? 'dark' : 'light');

export const toggledTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');
