import { EMAIL_MAX, isValidEmail, MAIL_SENDER_NAME_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';
import { oneLineName } from './organizations.js';
import { rule } from './i18n/messages.js';

// An organization's mail settings (docs/mail.md "Sender"): the display name and the Reply-To its
// mails carry. The From address stays the platform's own (MAIL_FROM), so mail keeps passing the
// domain's SPF, DKIM and DMARC checks and no tenant can send in another's name.

export const mailSettingsSchema = z.strictObject({
  organization_id: text(),
  sender_name: text().describe('Empty: the operator display name, else the platform default, applies.'),
  reply_to: text().describe('Empty: the platform default applies, else replies go to the From address.'),
  is_platform_default: z
    .boolean()
    .describe('True for the platform organization, whose settings are the defaults of every other.'),
  effective: z
    .strictObject({
      sender_name: text(),
      from_address: text(),
      reply_to: text().nullable(),
    })
    .describe('What the organization’s mails carry now, defaults applied.'),
  platform_from: text()
    .nullable()
    .describe('MAIL_FROM, the platform’s own sender, read-only; shown to super-admins only (null for others).'),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const mailTestSentSchema = z.strictObject({ message: text(), to: text() });

const replyTo = text()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX)
  .refine((value) => value === '' || isValidEmail(value), rule('email_or_empty'));

const notFound = { description: '`organization_not_found`: it does not exist or is another organization.' };

export const mailSettingsOperations = defineOperations(
  { name: 'mailSettings', tag: 'Mail settings' },
  {
    read: {
      method: 'GET',
      path: '/v1/organizations/:id/mail_settings',
      summary:
        'The sender name and reply-to address the organization’s mails carry, as set and as applied. Super-admins also see MAIL_FROM.',
      params: idParams,
      responses: { 200: { description: 'The mail settings.', schema: mailSettingsSchema }, 404: notFound },
    },
    save: {
      method: 'PUT',
      path: '/v1/organizations/:id/mail_settings',
      summary:
        'Set the sender name and reply-to address (empty for the defaults). The platform organization’s are the platform defaults.',
      params: idParams,
      body: closed(z.object({ sender_name: oneLineName(MAIL_SENDER_NAME_MAX), reply_to: replyTo })),
      responses: {
        200: { description: 'The mail settings.', schema: mailSettingsSchema },
        404: notFound,
        409: { description: '`organization_archived`.' },
      },
    },
    sendTest: {
      method: 'POST',
      path: '/v1/organizations/:id/mail_settings/test',
      summary:
        'Sends a test mail with the organization’s current settings to the caller’s own address. Counted like reset requests.',
      params: idParams,
      responses: {
        202: { description: 'The test mail is on its way.', schema: mailTestSentSchema },
        404: notFound,
        429: { description: '`too_many_requests`: wait for `Retry-After` seconds.' },
      },
    },
  },
);
