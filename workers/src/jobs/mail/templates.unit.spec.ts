import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES, resolveMailLocale, TEMPLATE_IDS, templateParamsSchemas } from '@ai-coaching/application';
import { ASSIGNMENT_DIGEST_WORDS } from './assignment-digest-texts.js';
import { catalogues, formatExpiry, placeholdersOf, renderMail, type MailRequest } from './templates.js';

const expiresAt = '2026-11-24T14:30:00.000Z';
const activationUrl = 'https://coach.example.com/activate?token=abc123&lang=fr';
const resetUrl = 'https://coach.example.com/reset#token=def456';
const linksUrl = 'https://coach.example.com/apps/ai-coaching/shared-session/list';
const assignmentsUrl = 'https://coach.example.com/apps/ai-coaching';
const sessionUrl = 'https://coach.example.com/apps/ai-coaching/session/result-s1';
const certificateUrl = 'https://coach.example.com/certificates/c1';
const programsUrl = 'https://coach.example.com/apps/ai-coaching/program/list';
const webhooksUrl = 'https://coach.example.com/settings/webhooks';
const programUrl = (id: string) => `https://coach.example.com/apps/ai-coaching/program/edit/${id}`;

type Reminder = 'due_in_3_days' | 'due_tomorrow' | 'overdue';
/** A reminder of "Onboarding", one item of three passed, due at `expiresAt` on `timeZone`'s clock. */
const reminderMail = (reminder: Reminder, locale: (typeof MAIL_LOCALES)[number], timeZone: string): MailRequest => ({
  template: 'assignment-reminder',
  locale,
  params: {
    firstName: 'Marie',
    programName: 'Onboarding',
    reminder,
    itemsPassed: 1,
    itemsTotal: 3,
    assignmentsUrl,
    expiresAt,
    timeZone,
  },
});

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
  // The session's date is said where the others say their expiry.
  {
    template: 'session-comment',
    locale,
    params: { firstName: 'Marie', authorName: 'Rosa Reviewer', reply: false, sessionUrl, playedAt: expiresAt },
  },
  ...(['due_in_3_days', 'due_tomorrow', 'overdue'] as const).map((reminder) => reminderMail(reminder, locale, 'UTC')),
  {
    template: 'assignment-passed',
    locale,
    params: { firstName: 'Marie', programName: 'Onboarding', certificateUrl, passedAt: expiresAt, timeZone: 'UTC' },
  },
  {
    template: 'assignment-digest',
    locale,
    params: {
      firstName: 'Marie',
      learnerCount: 1,
      programCount: 1,
      assignments: [
        {
          programName: 'Onboarding',
          programUrl: programUrl('p1'),
          dueAt: expiresAt,
          timeZone: 'UTC',
          overdue: 1,
          assigned: 2,
          names: ['Ada Lovelace'],
        },
      ],
      moreAssignments: 0,
      programsUrl,
    },
  },
  {
    template: 'webhook-disabled',
    locale,
    params: { firstName: 'Marie', endpointOrigin: 'https://hooks.example.com', webhooksUrl, disabledAt: expiresAt },
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
    case 'session-comment':
      return request.params.sessionUrl;
    case 'assignment-reminder':
      return request.params.assignmentsUrl;
    case 'assignment-passed':
      return request.params.certificateUrl;
    case 'assignment-digest':
      return request.params.programsUrl;
    case 'webhook-disabled':
      return request.params.webhooksUrl;
  }
};

/** The placeholders a template's sentences may name: its params, its list items' fields, the digest's words. */
const placeholdersAllowed = (template: (typeof TEMPLATE_IDS)[number]): string[] => {
  const shape: Record<string, unknown> = templateParamsSchemas[template].shape;
  const itemFields = Object.values(shape).flatMap((field) => {
    const element = (field as { element?: { shape?: object } }).element;
    return element?.shape ? Object.keys(element.shape) : [];
  });
  const words = template === 'assignment-digest' ? ASSIGNMENT_DIGEST_WORDS : [];
  return [...Object.keys(shape), ...itemFields, ...words, 'appName'];
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
          const params = placeholdersAllowed(template);
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

  it('tells the learner of a comment, and a comment’s author of the reply, without quoting either', () => {
    const comment = (reply: boolean, locale: (typeof MAIL_LOCALES)[number] = 'en-GB') =>
      renderMail({
        template: 'session-comment',
        locale,
        params: { firstName: 'Marie', authorName: 'Rosa Reviewer', reply, sessionUrl, playedAt: expiresAt },
      });
    expect(comment(false).subject).toBe('Rosa Reviewer commented on your practice session');
    expect(comment(false).text).toContain('Read the comment');
    expect(comment(true).subject).toBe('Rosa Reviewer replied to your comment');
    expect(comment(true).text).toContain('Read the reply');
    expect(comment(true, 'fr-FR').subject).toBe('Rosa Reviewer a répondu à votre commentaire');
    expect(comment(false, 'fr-FR').text).toContain('Lire le commentaire');
  });

  it('reminds of an assignment by how near its due date is, with the learner’s progress, on its own clock', () => {
    const reminded = (reminder: Reminder, locale: (typeof MAIL_LOCALES)[number] = 'en-GB') =>
      renderMail(reminderMail(reminder, locale, 'Europe/Paris'));
    expect(reminded('due_in_3_days').subject).toBe('Due in 3 days: Onboarding');
    expect(reminded('due_tomorrow').subject).toBe('Due tomorrow: Onboarding');
    expect(reminded('due_tomorrow').text).toContain('You have passed 1 of its 3 items.');
    expect(reminded('due_tomorrow').text).toMatch(/It is due by Tuesday,? 24 November 2026 at 15:30 CET\./);
    expect(reminded('due_tomorrow').text).toContain('turn these reminders off');
    const overdue = reminded('overdue');
    expect(overdue.subject).toBe('Overdue: Onboarding');
    expect(overdue.text).toMatch(/was due by Tuesday,? 24 November 2026 at 15:30 CET/);
    expect(overdue.text).toContain('the only overdue notice');
    expect(overdue.text).not.toContain('After that');
    expect(reminded('overdue', 'fr-FR').subject).toBe('En retard\u00a0: Onboarding');
    expect(reminded('due_in_3_days', 'fr-FR').text).toContain('Vous avez réussi 1 de ses 3\u00a0éléments.');
  });

  it('congratulates a learner who passed, linking their certificate', () => {
    const passed = renderMail({
      template: 'assignment-passed',
      locale: 'fr-FR',
      params: {
        firstName: 'Marie',
        programName: 'Onboarding',
        certificateUrl,
        passedAt: expiresAt,
        timeZone: 'Europe/Paris',
      },
    });
    expect(passed.subject).toBe('Programme réussi\u00a0: Onboarding');
    expect(passed.text).toContain('Voir mon certificat');
    // French names the zone by its offset.
    expect(passed.text).toMatch(/Réussi le mardi,? 24 novembre 2026 à 15:30 UTC\+1\./);
  });

  describe('the managers’ weekly digest', () => {
    const entry = (id: string, overdue: number, names: string[]) => ({
      programName: `Program ${id}`,
      programUrl: programUrl(id),
      dueAt: expiresAt,
      timeZone: 'Europe/Paris',
      overdue,
      assigned: 12,
      names,
    });
    const digest = (
      locale: 'en-GB' | 'fr-FR',
      counts: { learnerCount: number; programCount: number; moreAssignments?: number },
      assignments = [entry('p1', 1, ['Ada Lovelace'])],
    ) =>
      renderMail({
        template: 'assignment-digest',
        locale,
        params: { firstName: 'Marie', moreAssignments: 0, ...counts, assignments, programsUrl },
      });
    const twelve = Array.from({ length: 12 }, (_, i) => `Learner ${i + 1}`);

    it('counts the learners and programs in its subject, singular or plural, in both languages', () => {
      expect(digest('en-GB', { learnerCount: 3, programCount: 2 }).subject).toBe(
        'Overdue assignments: 3 learners in 2 programs',
      );
      expect(digest('en-GB', { learnerCount: 1, programCount: 1 }).subject).toBe(
        'Overdue assignments: 1 learner in 1 program',
      );
      expect(digest('fr-FR', { learnerCount: 3, programCount: 2 }).subject).toBe(
        'Assignations en retard\u00a0: 3\u00a0apprenants dans 2\u00a0programmes',
      );
      expect(digest('fr-FR', { learnerCount: 1, programCount: 1 }).subject).toBe(
        'Assignations en retard\u00a0: 1\u00a0apprenant dans 1\u00a0programme',
      );
    });

    it('lists each assignment with its due date on its clock, its counts, ten names and “and N more”', () => {
      const mail = digest('en-GB', { learnerCount: 13, programCount: 2 }, [
        entry('p1', 12, twelve.slice(0, 10)),
        entry('p2', 1, ['Ada Lovelace']),
      ]);
      // 14:30 UTC is 15:30 in Paris in November.
      expect(mail.text).toMatch(
        /“Program p1”, due by Tuesday,? 24 November 2026 at 15:30 CET\nLearners overdue: 12 of 12\n/,
      );
      expect(mail.text).toContain(`${twelve.slice(0, 10).join(', ')} and 2 more\n${programUrl('p1')}`);
      expect(mail.text).toContain(`Learners overdue: 1 of 12\nAda Lovelace\n${programUrl('p2')}`);
      expect(mail.text).not.toContain('Ada Lovelace and');
      expect(mail.html).toContain(`<a href="${programUrl('p1')}" style="color:#c6005c">Open the program</a>`);
      expect(mail.html).toContain(`href="${programsUrl}"`);
      expect(mail.text).not.toContain('Other assignments');
      const french = digest('fr-FR', { learnerCount: 12, programCount: 1 }, [entry('p1', 12, twelve.slice(0, 10))]);
      expect(french.text).toMatch(
        /«\u00a0Program p1\u00a0», à terminer avant le mardi,? 24 novembre 2026 à 15:30 UTC\+1/,
      );
      expect(french.text).toContain('Apprenants en retard\u00a0: 12 sur 12');
      expect(french.text).toContain(`${twelve.slice(0, 10).join(', ')} et 2\u00a0autres`);
      expect(french.html).toContain('>Ouvrir le programme</a>');
    });

    it('says how many assignments it left out, when it left some out', () => {
      expect(digest('en-GB', { learnerCount: 1, programCount: 1, moreAssignments: 3 }).text).toContain(
        'Other assignments with overdue learners: 3.',
      );
      expect(digest('fr-FR', { learnerCount: 1, programCount: 1, moreAssignments: 3 }).text).toContain(
        'Autres assignations avec des apprenants en retard\u00a0: 3.',
      );
    });

    it('escapes its names and program names in the HTML', () => {
      const mail = digest('en-GB', { learnerCount: 1, programCount: 1 }, [
        { ...entry('p1', 1, ['<b>Eve</b> & co']), programName: '<script>x</script>' },
      ]);
      expect(mail.html).not.toMatch(/<script|<b>/);
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; co');
      expect(mail.html).toContain('“&lt;script&gt;x&lt;/script&gt;”');
      expect(mail.text).toContain('<b>Eve</b> & co');
    });
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
