import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('should name 404 Page Not Found even when the error has its own message', () => {
    expect(describeError(new ErrorResponseImpl(404, 'Not Found', 'Error: No route matches URL "/x"'))).toEqual({
      status: 404,
      kind: 'notFound',
      message: null,
    });
  });

  it("should say 'Page Not Found: {path}' when a route's validity check fails", () => {
    const error = new ErrorResponseImpl(404, 'Not Found', {
      message: 'Page Not Found: /settings/user/edit/x',
      fatal: true,
    });
    expect(describeError(error)).toEqual({
      status: 404,
      kind: 'notFound',
      message: 'Page Not Found: /settings/user/edit/x',
    });
  });

  it('should use the error message for other statuses', () => {
    expect(describeError(new ErrorResponseImpl(429, 'Too Many Requests', { message: 'Quota exceeded' }))).toEqual({
      status: 429,
      kind: 'internal',
      message: 'Quota exceeded',
    });
  });

  it('should treat a thrown Error as a 500 carrying its message', () => {
    expect(describeError(new Error('Boom'))).toEqual({ status: 500, kind: 'internal', message: 'Boom' });
  });

  it('should fall back to Internal Server Error without a message', () => {
    expect(describeError(undefined)).toEqual({ status: 500, kind: 'internal', message: null });
    expect(describeError(new Error(''))).toEqual({ status: 500, kind: 'internal', message: null });
  });

  it.each([
    [400, 'badRequest'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [502, 'badGateway'],
    [503, 'internal'],
  ] as const)('should name status %i as %s', (status, kind) => {
    expect(describeError({ status })).toEqual({ status, kind, message: null });
  });

  it('should read statusCode from API errors and ignore non-HTTP statuses', () => {
    expect(describeError({ statusCode: 403, message: 'Not yours' })).toMatchObject({
      status: 403,
      message: 'Not yours',
    });
    expect(describeError({ status: 200 })).toMatchObject({ status: 500 });
  });
});
