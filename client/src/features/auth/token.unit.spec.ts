import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenValid } from './token';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;

const NOW = Date.UTC(2026, 0, 1);

describe('decodeJwtPayload', () => {
  it('should decode a base64url payload, including non-ASCII text and url-safe characters', () => {
    const payload = { sub: 'élodie?>>', exp: 1 };
    expect(decodeJwtPayload(jwt(payload))).toEqual(payload);
  });

  it.each(['', 'not-a-jwt', 'a.%%%.c', `a.${encode('text')}.c`])('should return null for %j', (token) => {
    expect(decodeJwtPayload(token)).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('should be valid while exp is in the future', () => {
    expect(isTokenValid(jwt({ exp: NOW / 1000 + 60 }), NOW)).toBe(true);
  });

  it('should be invalid once exp has passed', () => {
    expect(isTokenValid(jwt({ exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isTokenValid(jwt({ exp: NOW / 1000 }), NOW)).toBe(false);
  });

  it('should count an undecodable token, or one without exp, as valid', () => {
    expect(isTokenValid('opaque-token', NOW)).toBe(true);
    expect(isTokenValid(jwt({ sub: 'x' }), NOW)).toBe(true);
  });
});
