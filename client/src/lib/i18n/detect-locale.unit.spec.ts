import { describe, expect, it } from 'vitest';
import { detectLocale, matchLocale } from './detect-locale';

describe('matchLocale', () => {
  it.each([
    ['fr', 'fr-FR'],
    ['fr-CA', 'fr-FR'],
    ['FR_be', 'fr-FR'],
    ['en', 'en-GB'],
    ['en-US', 'en-GB'],
    ['de-DE', null],
    ['', null],
  ])('should map %j to %j', (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });
});

describe('detectLocale', () => {
  it('should prefer a valid locale cookie over browser languages', () => {
    expect(detectLocale({ cookie: 'a=1; i18n_redirected=fr-FR; b=2', languages: ['en-GB'] })).toBe('fr-FR');
  });

  it('should ignore an unsupported cookie value', () => {
    expect(detectLocale({ cookie: 'i18n_redirected=de-DE', languages: ['fr-CH'] })).toBe('fr-FR');
  });

  it('should take the first browser language it supports', () => {
    expect(detectLocale({ cookie: '', languages: ['de-DE', 'fr', 'en-GB'] })).toBe('fr-FR');
  });

  it('should fall back to en-GB', () => {
    expect(detectLocale({ cookie: '', languages: ['de-DE', 'es'] })).toBe('en-GB');
    expect(detectLocale({ cookie: '', languages: [] })).toBe('en-GB');
  });
});
