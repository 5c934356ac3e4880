import { THEME_STORAGE_KEY, parseStoredTheme, type Theme } from './theme';

// The `dark` class on <html> is the single source of truth: theme-init.js sets it before React exists, and every
// change goes through setTheme(), which notifies React subscribers (useSyncExternalStore).
const listeners = new Set<() => void>();

export const getTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

const applyTheme = (theme: Theme) => {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  listeners.forEach((listener) => listener());
};

export const setTheme = (theme: Theme): void => {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be blocked (privacy modes): the choice then lasts for this page only, which is acceptable.
  }
  applyTheme(theme);
};

// Other tabs write the same key; following them keeps every open tab in one theme.
const handleStorage = (event: StorageEvent) => {
  if (event.key !== THEME_STORAGE_KEY) return;
  const theme = parseStoredTheme(event.newValue);
  if (theme) applyTheme(theme);
};

export const subscribeToTheme = (listener: () => void): (() => void) => {
  if (listeners.size === 0) window.addEventListener('storage', handleStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
  };
};
