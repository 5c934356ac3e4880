import { fieldIssuesOf, type FieldIssue } from '@ai-coaching/contracts';

/** Statuses spec §8 names; the HTTP client treats every status from 400 to 599 as an error. */
export const NAMED_STATUSES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  502: 'Bad Gateway',
} as const;

/**
 * An error answer of the API, `{ code, message, details? }` (docs/ARCHITECTURE.md, "one JSON error shape"),
 * or a network failure (status 0, code `network_error`). Forms read `issues` to show each message next to its field.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Each field the API refused, with its message (`details.issues`, snake_case paths). */
  get issues(): FieldIssue[] {
    return fieldIssuesOf(this.details);
  }

  /** The first field the API refused, if any. */
  get field(): string | null {
    return this.issues[0]?.path ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Builds the error from a response body, whatever shape it has. */
export const toApiError = (status: number, statusText: string, body: unknown): ApiError => {
  const shaped = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof shaped['code'] === 'string' ? shaped['code'] : `http_${status}`;
  const text = typeof body === 'string' && body.trim() ? body.trim() : null;
  const message =
    typeof shaped['message'] === 'string' && shaped['message']
      ? shaped['message']
      : (text ?? (statusText || NAMED_STATUSES[status as keyof typeof NAMED_STATUSES] || `HTTP ${status}`));
  const details =
    typeof shaped['details'] === 'object' && shaped['details'] !== null
      ? (shaped['details'] as Record<string, unknown>)
      : undefined;
  return new ApiError(status, code, message, details);
};
