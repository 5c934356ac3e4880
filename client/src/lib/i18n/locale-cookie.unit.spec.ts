import { describe, expect, it } from 'vitest';
import { readCookie, serializeLocaleCookie } from './locale-cookie';

describe('readCookie', () => {
  it('should read a named cookie among others', () => {
    expect(readCookie('theme=dark; i18n_redirected=fr-FR;other=x', 'i18n_redirected')).toBe('fr-FR');
  });

  it('should not match a cookie whose name only ends with the wanted name', () => {
    expect(readCookie('xi18n_redirected=fr-FR', 'i18n_redirected')).toBeNull();
  });

  it('should return null when absent or undecodable', () => {
    expect(readCookie('', 'i18n_redirected')).toBeNull();
    expect(readCookie('i18n_redirected=%E0%A4%A', 'i18n_redirected')).toBeNull();
  });
});

describe('serializeLocaleCookie', () => {
  it('should last 365 days, site-wide, SameSite=Lax', () => {
    expect(serializeLocaleCookie('fr-FR', { isSecure: false })).toBe(
      'i18n_redirected=fr-FR; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('should add Secure over HTTPS', () => {
    expect(serializeLocaleCookie('en-GB', { isSecure: true })).toMatch(/; Secure$/);
  });
});
