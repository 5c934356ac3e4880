import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../storage';
import { RETURN_TO_KEY, rememberReturnTo, safeReturnPath, takeReturnTo } from './return-to';

describe('safeReturnPath', () => {
  it('should keep a path of this site with its query and hash', () => {
    expect(safeReturnPath('/settings/user/list')).toBe('/settings/user/list');
    expect(safeReturnPath('/settings/user/list?tab=groups&q=ada#top')).toBe('/settings/user/list?tab=groups&q=ada#top');
    expect(safeReturnPath('/settings/organization/edit/01a2-b3')).toBe('/settings/organization/edit/01a2-b3');
  });

  it.each([
    ['//evil.example/steal', 'protocol-relative: another server'],
    ['/\\evil.example', 'a backslash reads as a slash'],
    ['/\\/evil.example', 'backslash then slash'],
    ['\\\\evil.example', 'two backslashes'],
    ['/\t/evil.example', 'a tab is dropped by URL parsers, leaving //'],
    ['/\n/evil.example', 'a newline is dropped by URL parsers'],
    ['javascript:alert(1)', 'a script URL'],
    ['JaVaScRiPt:alert(1)', 'a script URL in mixed case'],
    ['https://evil.example/', 'an absolute URL'],
    ['data:text/html,<script>alert(1)</script>', 'a data URL'],
    ['evil.example', 'not a path'],
    [' /settings', 'leading space'],
    ['', 'empty'],
    [`/${'a'.repeat(3000)}`, 'too long'],
  ])('should refuse %j (%s)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('should refuse what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('should refuse the pages that make no sense after signing in', () => {
    for (const path of [
      '/',
      '/#login',
      '/?reset_code=x#reset-password',
      '/logout',
      '/preconnect',
      '/activate?code=x',
    ]) {
      expect(safeReturnPath(path), path).toBeNull();
    }
  });

  it('should resolve dot segments, so what is returned is what the router opens', () => {
    expect(safeReturnPath('/settings/../dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/a/../../logout')).toBeNull();
  });
});

describe('the remembered page', () => {
  it('should be given back once', () => {
    const store = createMemoryStore();
    rememberReturnTo(store, '/settings/user/list?tab=groups');
    expect(takeReturnTo(store)).toBe('/settings/user/list?tab=groups');
    expect(takeReturnTo(store)).toBeNull();
  });

  it('should forget an earlier page when the new one does not qualify', () => {
    const store = createMemoryStore();
    rememberReturnTo(store, '/profile');
    rememberReturnTo(store, '//evil.example');
    expect(takeReturnTo(store)).toBeNull();
  });

  it('should check again what it reads, whoever wrote it', () => {
    const store = createMemoryStore({ [RETURN_TO_KEY]: '//evil.example' });
    expect(takeReturnTo(store)).toBeNull();
    expect(store.entries()).toEqual({});
  });
});
