/**
 * A refusal of the single sign-on flow, with the stable code the API answers. The platform knows
 * nothing of HTTP, but each refusal has one natural status, so it travels with the error and the
 * routes translate it one to one.
 */
export type SsoErrorStatus = 400 | 401 | 403 | 404 | 409 | 502 | 503;

export class SsoError extends Error {
  override readonly name = 'SsoError';
  constructor(
    readonly status: SsoErrorStatus,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
