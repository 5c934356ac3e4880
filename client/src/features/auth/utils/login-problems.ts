import { DEFAULT_MESSAGE_LOCALE, isMessageLocale } from '@ai-coaching/contracts';
import { errorsByField, schemaIssues } from '../../../hooks/use-schema-form';
import { loginFormSchema } from '../api/auth-form-schemas';

/**
 * The login form's problems, checked with the API's own schema, so a too-long or unstorable value is said next to
 * its field, in the interface language, as the API would say it; an empty one in the form's own words. Loaded when
 * the form is first used: the landing and login pages start without zod.
 */
export const loginProblems = (
  values: { username: string; password: string },
  language: string,
  required: { username: string; password: string },
): Record<string, string> =>
  errorsByField(
    schemaIssues(loginFormSchema, values, isMessageLocale(language) ? language : DEFAULT_MESSAGE_LOCALE, required),
  );
