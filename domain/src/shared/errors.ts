/**
 * Business-rule errors thrown by deciders and validation. Each carries a stable machine-readable
 * `code` (snake_case) and a human message; the API maps the class to an HTTP status in one place.
 */
export type ErrorDetails = Record<string, unknown>;

export abstract class DomainError extends Error {
  abstract readonly status: 400 | 403 | 404 | 409 | 413 | 422 | 503;
  constructor(
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is malformed or breaks a rule of its own (400). */
export class ValidationError extends DomainError {
  readonly status = 400;
}

/** The caller may not do this (403). */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}

/** The thing addressed does not exist, or is not visible to the caller (404). */
export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** The command contradicts the current state: a duplicate, an archived target, too few credits (409). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** What would be stored does not fit what the organization may store any more (413). */
export class QuotaExceededError extends DomainError {
  readonly status = 413;
}

/**
 * Something the command depends on outside the product (an AI provider) failed, and nothing was recorded: the very
 * same request may be sent again (503).
 */
export class UnavailableError extends DomainError {
  readonly status = 503;
}
