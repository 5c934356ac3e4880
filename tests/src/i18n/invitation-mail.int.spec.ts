import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { userOperations, type OperationRequest } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { BRAND_PRIMARY } from '@ai-coaching/workers';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

type Invitation = OperationRequest<typeof userOperations.invite>['body'];

/** Issue 9, item 1.9: the invitation of a French operator went out in English, with a blue button. */

let sink: SmtpSink;

await describeApi(
  "[I18N]: the invitation mail's language and colours",
  (context) => {
    let organizationId: string;
    let operator: string;
    const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
      email: `invitee-${newId().slice(-12)}@example.test`,
      first_name: 'Marie',
      last_name: 'Curie',
      organization_id: organizationId,
      organization_role: 'user',
      ...fields,
    });
    const invite = async (body: Invitation, language?: string) => {
      const answer = await apiClient(context.server, operator).call(
        userOperations.invite,
        { body },
        language ? { headers: { 'accept-language': language } } : {},
      );
      expect(answer.status).toBe(201);
      return answer.body;
    };
    const mailTo = (address: string, after = 0): Promise<ParsedMail> =>
      sink.waitFor(
        (message) =>
          sink.messages.indexOf(message) >= after && [message.to].flat().some((to) => to?.text.includes(address)),
        15_000,
      );

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, 'Acme');
      operator = (
        await signInAs(context.server, { role: 'operator', organizationId, firstName: 'Jean', lastName: 'Dupont' })
      ).token;
    }, 90_000);
    afterAll(async () => {
      await sink?.close();
    });

    it('is in the French operator’s language when the invitee’s is not given, with the brand’s pink button', async () => {
      const body = invitation();
      const user = await invite(body, 'fr-FR');
      expect(user.locale).toBe('fr-FR');
      const mail = await mailTo(body.email);
      expect(mail.subject).toBe('Vous avez reçu une invitation à rejoindre Acme sur AI-Coaching');
      expect(mail.text).toContain('Activer mon compte');
      const html = String(mail.html);
      expect(html).toContain('<html lang="fr-FR">');
      // The button wears the theme's primary (pink), as the app's own buttons do; no blue is left.
      expect(BRAND_PRIMARY).toBe('#c6005c');
      expect(html).toMatch(new RegExp(`<a href="[^"]+" style="[^"]*background:${BRAND_PRIMARY};color:#ffffff`));
      expect(html).not.toMatch(/#1d4ed8/i);
    });

    it('is in English for an English-speaking operator, and in the invitee’s language when it is given', async () => {
      const english = invitation();
      await invite(english);
      expect((await mailTo(english.email)).subject).toBe('You are invited to join Acme on AI-Coaching');

      const chosen = invitation({ locale: 'en-GB' });
      const user = await invite(chosen, 'fr-FR');
      expect(user.locale).toBe('en-GB');
      const mail = await mailTo(chosen.email);
      expect(mail.subject).toBe('You are invited to join Acme on AI-Coaching');
      expect(String(mail.html)).toContain('<html lang="en-GB">');
    });

    it('is resent in the invitee’s own language, whoever resends it', async () => {
      const body = invitation({ locale: 'en-GB' });
      const user = await invite(body);
      await mailTo(body.email);
      const before = sink.messages.length;
      const resent = await apiClient(context.server, operator).call(
        userOperations.resendInvitation,
        { params: { user_id: user.id } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(resent.status).toBe(202);
      const mail = await mailTo(body.email, before);
      expect(mail.subject).toBe('You are invited to join Acme on AI-Coaching');
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: 'http://app.test' };
    },
  },
);
