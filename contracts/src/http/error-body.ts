import { z } from 'zod';
import { errorText, translateError } from '../i18n/messages.js';
import type { MessageLocale } from '../i18n/locales.js';
import { snakeCase, type ErrorBody, type ErrorDetails } from './errors.js';

/** An error thrown with its answer's code and English message: the domain's, the API's own, sign-in refusals. */
export type CodedError = {
  readonly code: string;
  readonly message: string;
  readonly details?: ErrorDetails | undefined;
};

/**
 * Field errors have one shape whichever layer raised them: `details.issues: [{path, message}]`
 * with the request field in snake_case. An error naming its `field` becomes one issue.
 */
const unifiedDetails = (details: ErrorDetails | undefined, message: string): ErrorDetails | undefined => {
  if (!details) return undefined;
  const { field, ...rest } = details;
  if (typeof field !== 'string') return details;
  return { ...rest, issues: [{ path: snakeCase(field), message }] };
};

/**
 * The body an error is answered with, by the API and the gateway alike, in the caller's language (ADR 0013): a coded
 * error by its code and English text, a zod parse by its issues (already worded by the parse's error map). A zod
 * error is a 400; a coded error's status is its own.
 */
export const errorBodyOf = (error: CodedError | z.ZodError, locale: MessageLocale): ErrorBody => {
  if (error instanceof z.ZodError) {
    return {
      code: 'invalid_request',
      message: errorText(locale, 'invalid_request'),
      details: { issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) },
    };
  }
  const message = translateError(locale, error);
  const details = unifiedDetails(error.details, message);
  return { code: error.code, message, ...(details ? { details } : {}) };
};
