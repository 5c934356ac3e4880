import { describe, expect, it } from 'vitest';
import { NO_ACCESS_TOKEN_ERROR } from '../machines/auth.machine';
import { loginErrorKey } from './login-error-key';

describe('loginErrorKey', () => {
  it('names the usual login failures', () => {
    expect(loginErrorKey({ message: 'x', status: 401 })).toBe('invalidCredentials');
    expect(loginErrorKey({ message: 'x', status: 429 })).toBe('tooManyAttempts');
    expect(loginErrorKey({ message: 'x', status: 403 })).toBe('accountDisabled');
    expect(loginErrorKey(NO_ACCESS_TOKEN_ERROR)).toBe('noToken');
    expect(loginErrorKey({ message: 'x', status: 0 })).toBe('network');
    expect(loginErrorKey({ message: 'x', status: 500 })).toBe('other');
    expect(loginErrorKey({ message: 'x', status: null })).toBe('other');
  });
});
