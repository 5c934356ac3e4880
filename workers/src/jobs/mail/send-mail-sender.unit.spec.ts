import type { MailJobPayload } from '@ai-coaching/application';
import { createLogger, type MailMessage, type Mailer } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { testMailCatalogues } from './mail-settings-test.js';
import { createSendMailHandler, type MailSenderResolver } from './send-mail.handler.js';

const context = { jobId: 'j1', attempt: 1, signal: new AbortController().signal };
const logger = createLogger({ level: 'silent' });

const capture = () => {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      sent.push(message);
      return { messageId: `m${sent.length}` };
    },
    close: async () => {},
  };
  return { sent, mailer };
};

const reset: MailJobPayload = {
  template: 'password-reset',
  locale: 'en-GB',
  to: 'marie@acme.example',
  params: {
    firstName: 'Marie',
    resetUrl: 'https://coach.example.com/?reset_code=x',
    expiresAt: '2026-11-24T14:30:00Z',
  },
};

const test = (locale: 'en-GB' | 'fr-FR', firstName = 'Olive'): MailJobPayload => ({
  template: 'mail-settings-test',
  locale,
  to: 'olive@acme.example',
  organizationId: 'acme',
  params: { firstName, organizationName: 'Acme' },
});

describe('[MAIL]: the sender of a mail', () => {
  it('sends with the sender name and reply-to of the organization the resolver names', async () => {
    const { sent, mailer } = capture();
    const asked: Parameters<MailSenderResolver>[0][] = [];
    const sender: MailSenderResolver = async (mail) => {
      asked.push(mail);
      return { fromName: 'Acme Academy', replyTo: 'help@acme.example' };
    };
    await createSendMailHandler({ mailer, logger, sender })(reset, context);
    expect(asked).toEqual([{ to: 'marie@acme.example', organizationId: undefined }]);
    expect(sent[0]).toMatchObject({ fromName: 'Acme Academy', replyTo: 'help@acme.example', key: 'password-reset' });
  });

  it('leaves the sender as MAIL_FROM says when nothing else applies', async () => {
    const { sent, mailer } = capture();
    await createSendMailHandler({ mailer, logger, sender: async () => ({}) })(reset, context);
    expect(sent[0]).not.toHaveProperty('fromName');
    expect(sent[0]).not.toHaveProperty('replyTo');
    await createSendMailHandler({ mailer, logger })(reset, context);
    expect(sent[1]).not.toHaveProperty('fromName');
  });

  it('writes the test mail in the recipient’s language, naming the sender and where replies go', async () => {
    const { sent, mailer } = capture();
    const handle = createSendMailHandler({
      mailer,
      logger,
      sender: async () => ({ fromName: 'Acme Academy', replyTo: 'help@acme.example' }),
    });
    await handle(test('en-GB'), context);
    await handle(test('fr-FR'), context);
    expect(sent[0]).toMatchObject({
      subject: 'Test mail from AI-Coaching for Acme',
      fromName: 'Acme Academy',
      replyTo: 'help@acme.example',
      key: 'mail-settings-test',
    });
    expect(sent[0]!.text).toContain('Hello Olive,');
    expect(sent[0]!.text).toContain('Sender name: Acme Academy');
    expect(sent[0]!.text).toContain('Replies go to: help@acme.example');
    expect(sent[0]!.html).toContain('<html lang="en-GB">');
    expect(sent[1]!.subject).toBe('Message de test de AI-Coaching pour Acme');
    expect(sent[1]!.text).toContain('Nom de l’expéditeur\u00a0: Acme Academy');
  });

  it('names MAIL_FROM’s sender and the From address for replies when the organization sets nothing', async () => {
    const { sent, mailer } = capture();
    const handle = createSendMailHandler({
      mailer,
      logger,
      sender: async () => ({}),
      mailFrom: 'Coach Platform <no-reply@coach.test>',
    });
    await handle(test('en-GB', ''), context);
    expect(sent[0]!.text).toContain('Hello,');
    expect(sent[0]!.text).toContain('Sender name: Coach Platform');
    expect(sent[0]!.text).toContain('Replies go to the sender address.');
  });

  it('escapes what the organization typed in the HTML part', async () => {
    const { sent, mailer } = capture();
    await createSendMailHandler({ mailer, logger, sender: async () => ({ fromName: '<b>Acme</b> & Co' }) })(
      test('en-GB'),
      context,
    );
    expect(sent[0]!.html).toContain('&lt;b&gt;Acme&lt;/b&gt; &amp; Co');
    expect(sent[0]!.html).not.toContain('<b>Acme</b>');
  });

  it('has the same sentences and placeholders in every language', () => {
    const placeholders = (text: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(text).map(([key, sentence]) => [key, [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1])]),
      );
    expect(placeholders(testMailCatalogues['fr-FR'])).toEqual(placeholders(testMailCatalogues['en-GB']));
  });
});
