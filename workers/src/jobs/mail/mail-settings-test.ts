import type { MailLocale, MailSettingsTestParams } from '@ai-coaching/application';
import { APP_NAME } from '@ai-coaching/domain';

/**
 * The test mail an operator sends from the mail settings screen: it says which organization's
 * settings it was sent with and where replies go, so the recipient can check both in their mail
 * client. It has no link and no button, unlike the templates of templates.ts.
 */
type TestMailText = {
  subject: string;
  greeting: string;
  greetingWithoutName: string;
  body: string;
  sender: string;
  replyTo: string;
  noReplyTo: string;
  signature: string;
};

export const testMailCatalogues: Record<MailLocale, TestMailText> = {
  'en-GB': {
    subject: 'Test mail from {appName} for {organizationName}',
    greeting: 'Hello {firstName},',
    greetingWithoutName: 'Hello,',
    body: 'This is a test of the mail settings of {organizationName} on {appName}. Its users receive their invitations and password resets the same way.',
    sender: 'Sender name: {senderName}',
    replyTo: 'Replies go to: {replyTo}',
    noReplyTo: 'Replies go to the sender address.',
    signature: 'The {appName} team',
  },
  'fr-FR': {
    subject: 'Message de test de {appName} pour {organizationName}',
    greeting: 'Bonjour {firstName},',
    greetingWithoutName: 'Bonjour,',
    body: 'Ceci est un test des réglages d’e-mail de {organizationName} sur {appName}. Ses utilisateurs reçoivent leurs invitations et leurs réinitialisations de mot de passe de la même façon.',
    sender: 'Nom de l’expéditeur\u00a0: {senderName}',
    replyTo: 'Les réponses vont à\u00a0: {replyTo}',
    noReplyTo: 'Les réponses vont à l’adresse de l’expéditeur.',
    signature: 'L’équipe {appName}',
  },
};

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const fill = (sentence: string, values: Readonly<Record<string, string>>): string =>
  sentence.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`mail placeholder {${key}} has no value`);
    return value;
  });

/** Subject, text and HTML of the test mail, naming the sender name and reply-to it was sent with. */
export const renderMailSettingsTest = (
  request: { locale: MailLocale; params: MailSettingsTestParams },
  sender: { senderName: string; replyTo: string | undefined },
): { subject: string; text: string; html: string } => {
  const texts = testMailCatalogues[request.locale];
  const values = {
    ...request.params,
    appName: APP_NAME,
    senderName: sender.senderName,
    replyTo: sender.replyTo ?? '',
  };
  const say = (sentence: string) => fill(sentence, values);
  const paragraphs = [
    say(request.params.firstName ? texts.greeting : texts.greetingWithoutName),
    say(texts.body),
    say(texts.sender),
    say(sender.replyTo ? texts.replyTo : texts.noReplyTo),
    say(texts.signature),
  ];
  const subject = say(texts.subject);
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      `<html lang="${request.locale}">`,
      `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      `<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">`,
      ...paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`),
      '</body>',
      '</html>',
    ].join('\n'),
  };
};
