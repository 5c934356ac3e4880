import { useCallback, useSyncExternalStore } from 'react';
import { toggledTheme } from './theme';
import { getTheme, setTheme, subscribeToTheme } from './theme-store';

export const useTheme = () => {
  const theme = useSyncExternalStore(subscribeToTheme, getTheme);
  const toggleTheme = useCallback(() => setTheme(toggledTheme(getTheme())), []);
  return { theme, isDark: theme === 'dark', toggleTheme };
};
