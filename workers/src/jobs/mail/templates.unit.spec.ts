import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES, resolveMailLocale, TEMPLATE_IDS, templateParamsSchemas } from '@ai-coaching/application';
import { catalogues, formatExpiry, placeholdersOf, renderMail, type MailRequest } from './templates.js';

const expiresAt = '2026-11-24T14:30:00.000Z';
const activationUrl = 'https://coach.example.com/activate?token=abc123&lang=fr';
const resetUrl = 'https://coach.example.com/reset#token=def456';
const linksUrl = 'https://coach.example.com/apps/ai-coaching/shared-session/list';
const assignmentsUrl = 'https://coach.example.com/apps/ai-coaching';

const requests = (locale: (typeof MAIL_LOCALES)[number]): MailRequest[] => [
  {
    template: 'invitation',
    locale,
    params: { firstName: 'Marie', inviterName: 'Jean Dupont', organizationName: 'Acme', activationUrl, expiresAt },
  },
  {
    template: 'invitation',
    locale,
    params: { firstName: 'Marie', organizationName: 'Acme', activationUrl, expiresAt },
  },
  { template: 'password-reset', locale, params: { firstName: 'Marie', resetUrl, expiresAt } },
  {
    template: 'shared-session-wallet-empty',
    locale,
    params: { firstName: 'Marie', linkLabel: 'Workshop', scenarioName: 'Price talk', linksUrl, expiresAt },
  },
  {
    template: 'assignment-assigned',
    locale,
    params: { firstName: 'Marie', programName: 'Onboarding', message: '', assignmentsUrl, expiresAt, timeZone: 'UTC' },
  },
];

const linkOf = (request: MailRequest) => {
  switch (request.template) {
    case 'invitation':
      return request.params.activationUrl;
    case 'password-reset':
      return request.params.resetUrl;
    case 'shared-session-wallet-empty':
      return request.params.linksUrl;
    case 'assignment-assigned':
      return request.params.assignmentsUrl;
  }
};

describe('[MAIL]: templates', () => {
  it('defines the same templates, sentences and placeholders in every locale', () => {
    const reference = catalogues['en-GB'];
    for (const locale of MAIL_LOCALES) {
      const catalogue = catalogues[locale];
      expect(Object.keys(catalogue).sort()).toEqual([...TEMPLATE_IDS].sort());
      for (const template of TEMPLATE_IDS) {
        const sentences = catalogue[template] as Record<string, string | readonly string[]>;
        const expected = reference[template] as Record<string, string | readonly string[]>;
        expect(Object.keys(sentences).sort(), `${locale} ${template}`).toEqual(Object.keys(expected).sort());
        for (const [key, sentence] of Object.entries(sentences)) {
          const placeholders = [sentence].flat().flatMap(placeholdersOf).sort();
          const referencePlaceholders = [expected[key]!].flat().flatMap(placeholdersOf).sort();
          expect(placeholders, `${locale} ${template}.${key}`).toEqual(referencePlaceholders);
          // Every placeholder is a param of the template (or the product name).
          const params = [...Object.keys(templateParamsSchemas[template].shape), 'appName'];
          for (const placeholder of placeholders) expect(params, `${locale} ${template}.${key}`).toContain(placeholder);
        }
      }
    }
  });

  it.each(MAIL_LOCALES)('puts the link in the text and the HTML, with the expiry date in %s', (locale) => {
    for (const request of requests(locale)) {
      const mail = renderMail(request);
      const link = linkOf(request);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      const expiry = formatExpiry(expiresAt, locale);
      expect(mail.text).toContain(expiry);
      expect(mail.html).toContain(expiry);
      expect(mail.html).toContain(`lang="${locale}"`);
      expect(mail.html).not.toMatch(/<img|<script|<style/i);
    }
  });

  it('says an assignment’s due date on its own clock, and quotes the manager’s message only when there is one', () => {
    const assigned = (message: string, locale: (typeof MAIL_LOCALES)[number] = 'en-GB') =>
      renderMail({
        template: 'assignment-assigned',
        locale,
        params: {
          firstName: 'Marie',
          programName: 'Onboarding',
          message,
          assignmentsUrl,
          expiresAt,
          timeZone: 'Europe/Paris',
        },
      });
    const mail = assigned('Before the <b>quarter</b>.');
    expect(mail.subject).toBe('New assignment: Onboarding');
    // 14:30 UTC is 15:30 in Paris in November.
    expect(mail.text).toMatch(/It is due by Tuesday,? 24 November 2026 at 15:30 CET\./);
    expect(mail.text).toContain('Before the <b>quarter</b>.');
    expect(mail.html).toContain('Before the &lt;b&gt;quarter&lt;/b&gt;.');
    expect(assigned('').text.split('\n\n')).toHaveLength(7);
    expect(assigned('Hi').text.split('\n\n')).toHaveLength(8);
    expect(assigned('', 'fr-FR').subject).toBe('Nouvelle assignation\u00a0: Onboarding');
  });

  it('formats the expiry in the recipient’s language, in UTC', () => {
    // ICU versions differ on the comma after the weekday.
    expect(formatExpiry(expiresAt, 'en-GB')).toMatch(/^Tuesday,? 24 November 2026 at 14:30 UTC$/);
    expect(formatExpiry(expiresAt, 'fr-FR')).toMatch(/^mardi,? 24 novembre 2026 à 14:30 UTC$/);
  });

  it('escapes every interpolated value in the HTML', () => {
    const mail = renderMail({
      template: 'invitation',
      locale: 'en-GB',
      params: {
        firstName: '<script>alert(1)</script>',
        inviterName: 'Eve "the" <b>inviter</b>',
        organizationName: 'R&D <Team>',
        activationUrl: 'https://coach.example.com/activate?a=1&b="x"',
        expiresAt,
      },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('R&amp;D &lt;Team&gt;');
    expect(mail.html).toContain('href="https://coach.example.com/activate?a=1&amp;b=&quot;x&quot;"');
    // The text part is plain text: it shows the name as typed.
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });

  it('names the inviter only when there is one, and says what to do when the link has expired', () => {
    const [withInviter, without] = requests('fr-FR').map(renderMail);
    expect(withInviter!.text).toContain('Jean Dupont vous invite à rejoindre Acme');
    expect(without!.text).not.toContain('undefined');
    expect(without!.text).toContain('Vous avez reçu une invitation à rejoindre Acme');
    expect(without!.subject).toBe('Vous avez reçu une invitation à rejoindre Acme sur AI-Coaching');
    expect(without!.text).toContain('S’il a expiré');
  });

  it('refuses links that are not web links', () => {
    const result = templateParamsSchemas.invitation.safeParse({
      firstName: 'Marie',
      organizationName: 'Acme',
      activationUrl: 'javascript:alert(1)',
      expiresAt,
    });
    expect(result.success).toBe(false);
  });

  it('chooses the recipient’s locale and falls back to en-GB', () => {
    expect(resolveMailLocale('fr-FR')).toBe('fr-FR');
    expect(resolveMailLocale('fr')).toBe('fr-FR');
    expect(resolveMailLocale('fr_CA')).toBe('fr-FR');
    expect(resolveMailLocale('en-US')).toBe('en-GB');
    expect(resolveMailLocale('de-DE')).toBe('en-GB');
    expect(resolveMailLocale(undefined)).toBe('en-GB');
  });
});
