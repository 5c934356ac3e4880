import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';
import { isLoopbackHttpIssuer } from './realm-schema.js';

const realm = {
  name: 'acme',
  issuer: 'https://sso.example.com/realms/acme',
  client_id: 'ai-coaching',
  client_secret: 'top-secret-value',
  organization_id: 'org-1',
};

const problemOf = (value: string): string => {
  try {
    loadConfig({ SSO_REALMS: value });
  } catch (error) {
    if (error instanceof ConfigError) {
      expect(error.problems.map((problem) => problem.variable)).toEqual(['SSO_REALMS']);
      return error.message;
    }
  }
  throw new Error('expected a ConfigError');
};

describe('SSO_REALMS', () => {
  it('is optional, and empty means unset', () => {
    expect(loadConfig({}).SSO_REALMS).toBeUndefined();
    expect(loadConfig({ SSO_REALMS: '' }).SSO_REALMS).toBeUndefined();
  });

  it('parses a JSON array of realms, with "user" as the default role', () => {
    const config = loadConfig({
      SSO_REALMS: JSON.stringify([realm, { ...realm, name: 'beta', default_role: 'editor' }]),
    });
    expect(config.SSO_REALMS).toEqual([
      { ...realm, default_role: 'user' },
      { ...realm, name: 'beta', default_role: 'editor' },
    ]);
  });

  it('names the realm and the field at fault, and never quotes the value (it holds secrets)', () => {
    const invalidJson = problemOf(`[{"client_secret": "top-secret-value"`);
    expect(invalidJson).toMatch(/not valid JSON/);
    expect(invalidJson).not.toContain('top-secret-value');

    const missing = problemOf(JSON.stringify([realm, { ...realm, name: 'beta', issuer: undefined }]));
    expect(missing).toMatch(/realm #2 field issuer: the issuer URL/);
    expect(missing).not.toContain('top-secret-value');

    expect(problemOf(JSON.stringify({ ...realm }))).toMatch(/JSON array of realms/);
    expect(problemOf(JSON.stringify([realm, realm]))).toMatch(/"acme" appears twice/);
    expect(problemOf(JSON.stringify([{ ...realm, extra: 1 }]))).toMatch(/no other fields/);
    expect(problemOf(JSON.stringify([{ ...realm, name: 'Acme Corp' }]))).toMatch(/field name: a realm name/);
  });

  it('never lets a realm provision super-admins or guests', () => {
    expect(problemOf(JSON.stringify([{ ...realm, default_role: 'super-admin' }]))).toMatch(
      /field default_role: one of user, editor, operator \(never super-admin\)/,
    );
    expect(problemOf(JSON.stringify([{ ...realm, default_role: 'guest' }]))).toMatch(/field default_role/);
  });

  it('wants an https issuer; plain http only on the loopback', () => {
    expect(problemOf(JSON.stringify([{ ...realm, issuer: 'http://sso.example.com/realms/acme' }]))).toMatch(
      /field issuer/,
    );
    expect(problemOf(JSON.stringify([{ ...realm, issuer: 'https://sso.example.com/realms/acme?x=1' }]))).toMatch(
      /field issuer/,
    );
    expect(
      loadConfig({ SSO_REALMS: JSON.stringify([{ ...realm, issuer: 'http://127.0.0.1:8080/realms/test' }]) }),
    ).toBeTruthy();
    expect(isLoopbackHttpIssuer('http://localhost:8080/realms/test')).toBe(true);
    expect(isLoopbackHttpIssuer('https://127.0.0.1/realms/test')).toBe(false);
    expect(isLoopbackHttpIssuer('http://127.0.0.1.example.com/realms/test')).toBe(false);
  });
});
