import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/**
 * Turns an error into a sentence for the user. The API answers its messages in the interface language (the client
 * sends it as `Accept-Language`; docs/adr/0013), so they are shown as they come; the client's own words are only for
 * what the API could not say: the server was not reached, or answered without a message of ours (a proxy's 502).
 */
export const useErrorMessage = () => {
  const { t } = useTranslation('errors');
  return (error: unknown): string => {
    if (isApiError(error)) {
      if (error.code === 'network_error') return t('api.network_error');
      // `http_<status>`: the answer was not the API's `{code, message}` (a proxy, an HTML page).
      if (error.code.startsWith('http_')) return t('api.unknown');
      return error.message;
    }
    if (error instanceof Error && error.message) return error.message;
    return t('api.unknown');
  };
};
