import { APP_NAME } from '@ai-coaching/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets `document.title` to "<page> · AI-Coaching" in the active language. An effect rather than React 19's hoisted
 * <title>, which would add a second <title> next to the static one in index.html (the browser keeps the first).
 */
export const useDocumentTitle = (pageTitle: string): void => {
  const { t } = useTranslation('common');
  const title = t('documentTitle', { page: pageTitle, app: APP_NAME });
  useEffect(() => {
    document.title = title;
  }, [title]);
};
