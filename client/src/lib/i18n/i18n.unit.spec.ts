import { describe, expect, it } from 'vitest';
import { createI18n, loadNamespaces } from './i18n';
import { START_NAMESPACES } from './start-namespaces';

describe('catalogue loading', () => {
  it('should start with the start namespaces of the active language only', async () => {
    const i18n = await createI18n('fr-FR');
    for (const namespace of START_NAMESPACES) expect(i18n.hasResourceBundle('fr-FR', namespace), namespace).toBe(true);
    expect(i18n.hasResourceBundle('fr-FR', 'dashboard')).toBe(false);
    expect(i18n.hasResourceBundle('en-GB', 'common')).toBe(false);
    expect(i18n.t('shell:languageSwitcher.label')).not.toBe('languageSwitcher.label');
  });

  it("should load a route's namespaces into the app's instance", async () => {
    const i18n = await createI18n('en-GB');
    await loadNamespaces(['dashboard']);
    expect(i18n.t('dashboard:figures.organizationCredits', { name: 'Acme' })).toBe('Credits of Acme');
  });

  it('should download every loaded namespace in the new language before switching to it', async () => {
    const i18n = await createI18n('en-GB');
    await loadNamespaces(['users']);
    await i18n.changeLanguage('fr-FR');
    expect(i18n.t('users:list.credits', { count: 2, credits: '2' })).toBe('2 crédits');
    expect(i18n.hasResourceBundle('fr-FR', 'common')).toBe(true);
  });
});
