import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { elides, withElision } from './elision';

describe('French elision', () => {
  it('should elide de and que before a vowel, accented ones and upper case included', () => {
    expect(withElision('de', 'Acme Corp')).toBe('d’Acme Corp');
    expect(withElision('de', 'Études Orléans')).toBe('d’Études Orléans');
    expect(withElision('de', 'île de Ré')).toBe('d’île de Ré');
    expect(withElision('de', 'Œuvres sociales')).toBe('d’Œuvres sociales');
    expect(withElision('que', 'Alice Martin')).toBe('qu’Alice Martin');
  });

  it('should keep de and que whole before a consonant, a digit, a sign or nothing', () => {
    expect(withElision('de', 'Beta Industries')).toBe('de Beta Industries');
    expect(withElision('de', '3M France')).toBe('de 3M France');
    expect(withElision('de', '«Zeta»')).toBe('de «Zeta»');
    expect(withElision('que', 'Bob')).toBe('que Bob');
    expect(elides('')).toBe(false);
  });

  it('should treat y as a vowel only where it sounds like one, and never elide before h', () => {
    expect(withElision('de', 'Yves Dupont')).toBe('d’Yves Dupont');
    expect(withElision('de', 'Yann Le Goff')).toBe('de Yann Le Goff');
    expect(withElision('de', 'Hachette')).toBe('de Hachette');
  });

  it('should ignore spaces before the name', () => {
    expect(withElision('de', '  Acme')).toBe('d’Acme');
  });

  it('should be the formatter French messages name, and leave English untouched', async () => {
    const fr = await createI18n('fr-FR', ['dashboard']);
    expect(fr.t('dashboard:figures.organizationCredits', { name: 'Acme Corp' })).toBe('Crédits d’Acme Corp');
    expect(fr.t('dashboard:figures.organizationCredits', { name: 'Beta' })).toBe('Crédits de Beta');
    const en = await createI18n('en-GB', ['dashboard']);
    expect(en.t('dashboard:figures.organizationCredits', { name: 'Acme Corp' })).toBe('Credits of Acme Corp');
  });

  it('should follow French plural rules, where 0 is singular', async () => {
    const fr = await createI18n('fr-FR', ['userGroups', 'users']);
    expect(fr.t('userGroups:list.members', { count: 0 })).toBe('0 membre');
    expect(fr.t('users:list.credits', { count: 0, credits: '0' })).toBe('0 crédit');
    expect(fr.t('users:list.credits', { count: 2, credits: '2' })).toBe('2 crédits');
    const en = await createI18n('en-GB', ['users']);
    expect(en.t('users:list.credits', { count: 0, credits: '0' })).toBe('0 credits');
  });
});
