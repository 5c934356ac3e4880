import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/**
 * Turns an error into a sentence for the user: our translation of the API's code when we have one (so French users
 * read French), otherwise the API's own message, which is written to say what to do next.
 */
export const useErrorMessage = () => {
  const { t, i18n } = useTranslation('errors');
  return (error: unknown): string => {
    if (isApiError(error)) {
      const key = `api.${error.code}`;
      if (i18n.exists(key, { ns: 'errors' })) return t(key as 'api.network_error', { ...error.details });
      return error.message;
    }
    if (error instanceof Error && error.message) return error.message;
    return t('api.unknown');
  };
};
