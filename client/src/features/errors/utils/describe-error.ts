import { isRouteErrorResponse } from 'react-router';

/** Keys of `errors:title.*` and `errors:description.*`. */
export type ErrorKind = 'notFound' | 'forbidden' | 'badRequest' | 'unauthorized' | 'badGateway' | 'internal';

export type ErrorDescription = {
  status: number;
  kind: ErrorKind;
  /** The error's own message, shown instead of the generic title (never for 404, per spec). */
  message: string | null;
};

const KIND_BY_STATUS: Partial<Record<number, ErrorKind>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  502: 'badGateway',
};

export const errorKindForStatus = (status: number): ErrorKind => KIND_BY_STATUS[status] ?? 'internal';

const isHttpStatus = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;

const readStatusAndMessage = (error: unknown): { status: number; message: string | null; fatal: boolean } => {
  if (isRouteErrorResponse(error)) {
    // `statusText` is the generic HTTP phrase, not something the thrower said, so only `data` counts as a message.
    const data: unknown = error.data;
    const shaped = typeof data === 'object' && data !== null ? (data as { message?: unknown; fatal?: unknown }) : {};
    const message = nonEmpty(data) ?? nonEmpty(shaped.message);
    return { status: error.status, message, fatal: shaped.fatal === true };
  }
  if (typeof error === 'object' && error !== null) {
    // Covers Error instances and API errors shaped like `{ status, message }`.
    const { status, statusCode, message } = error as { status?: unknown; statusCode?: unknown; message?: unknown };
    const code = isHttpStatus(status) ? status : isHttpStatus(statusCode) ? statusCode : 500;
    return { status: code, message: nonEmpty(message), fatal: false };
  }
  return { status: 500, message: nonEmpty(error), fatal: false };
};

/**
 * Spec §2, generic error page: 404 reads 'Page Not Found' (a failed route validity check, thrown as `fatal`, reads
 * 'Page Not Found: {path}'); any other status shows the error's own message when it has one, otherwise a name for
 * the status ('Internal Server Error' for anything we do not name).
 */
export const describeError = (error: unknown): ErrorDescription => {
  const { status, message, fatal } = readStatusAndMessage(error);
  const kind = errorKindForStatus(status);
  return { status, kind, message: kind === 'notFound' && !fatal ? null : message };
};
