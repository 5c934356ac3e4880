import type { ErrorDetails } from '@ai-coaching/domain';

/** An HTTP-level error with the API's stable code, for cases no domain rule covers. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
    /** Response headers the answer needs, such as `Retry-After` on a 429. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}
