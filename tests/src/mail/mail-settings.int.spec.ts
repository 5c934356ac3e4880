import { platformOrganizationId } from '@ai-coaching/api';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { mailSettingsOperations as op, organizationOperations, userOperations } from '@ai-coaching/contracts';
import { MAIL_SENDER_NAME_MAX } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { afterAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const MAIL_FROM = 'Coach Platform <no-reply@coach.test>';
const isTo = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
const replyToOf = (message: { replyTo?: { value: { address?: string }[] } }) =>
  message.replyTo?.value.map((entry) => entry.address);

let sink: SmtpSink;

await describeApi(
  '[MAIL]: mail settings and the test mail',
  (context) => {
    const { api } = context;
    const read = (token: string, id: string) => api(token).call(op.read, { params: { id } });
    const save = (token: string, id: string, body: { sender_name: string; reply_to: string }) =>
      api(token).call(op.save, { params: { id }, body });
    const test = (token: string, id: string) => api(token).call(op.sendTest, { params: { id } });

    /** An organization with an operator of its own, whose address is unique to the test. */
    const tenant = async () => {
      const organizationId = await createTestOrganization(context.server, `Acme ${newId().slice(-6)}`);
      const operator = await signInAs(context.server, {
        role: 'operator',
        organizationId,
        email: `olive-${newId().slice(-12)}@acme.test`,
        firstName: 'Olive',
      });
      return { organizationId, operator };
    };

    afterAll(async () => {
      await sink?.close();
    });

    it('shows an operator the settings of their organization, defaults applied, without MAIL_FROM', async () => {
      const { organizationId, operator } = await tenant();
      const settings = await read(operator.token, organizationId);
      expect(settings.status).toBe(200);
      expect(settings.body).toEqual({
        organization_id: organizationId,
        sender_name: '',
        reply_to: '',
        is_platform_default: false,
        effective: { sender_name: 'Coach Platform', from_address: 'no-reply@coach.test', reply_to: null },
        platform_from: null,
      });
    });

    it('saves a sender name and reply-to, which the test mail and every mail of the organization carry', async () => {
      const { organizationId, operator } = await tenant();
      const saved = await save(operator.token, organizationId, {
        sender_name: '  Acme Academy ',
        reply_to: ' Help@Acme.test ',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        sender_name: 'Acme Academy',
        reply_to: 'help@acme.test',
        effective: { sender_name: 'Acme Academy', from_address: 'no-reply@coach.test', reply_to: 'help@acme.test' },
      });
      expect((await read(operator.token, organizationId)).body).toEqual(saved.body);

      const sent = await test(operator.token, organizationId);
      expect(sent.status).toBe(202);
      expect(sent.body).toEqual({ message: expect.stringContaining(operator.email), to: operator.email });
      const mail = await sink.waitFor(isTo(operator.email), 10_000);
      expect(mail.subject).toMatch(/^Test mail from AI-Coaching for Acme /);
      expect(mail.from?.value).toEqual([{ name: 'Acme Academy', address: 'no-reply@coach.test' }]);
      expect(replyToOf(mail)).toEqual(['help@acme.test']);
      expect(mail.text).toContain('Sender name: Acme Academy');
      expect(mail.text).toContain('Replies go to: help@acme.test');

      const invitee = `grace-${newId().slice(-12)}@invited.test`;
      await api(operator.token).call(userOperations.invite, {
        body: {
          email: invitee,
          first_name: 'Grace',
          last_name: '',
          organization_id: organizationId,
          organization_role: 'user',
        },
      });
      const invitation = await sink.waitFor(isTo(invitee), 10_000);
      expect(invitation.from?.value).toEqual([{ name: 'Acme Academy', address: 'no-reply@coach.test' }]);
      expect(replyToOf(invitation)).toEqual(['help@acme.test']);
    });

    it('makes the platform organization’s settings the defaults, behind each organization’s own', async () => {
      const platform = await read(context.superAdmin.token, platformOrganizationId);
      expect(platform.body).toMatchObject({ is_platform_default: true, platform_from: MAIL_FROM });
      const saved = await save(context.superAdmin.token, platformOrganizationId, {
        sender_name: 'Coaching Support',
        reply_to: 'support@coach.test',
      });
      expect(saved.status).toBe(200);

      const { organizationId, operator } = await tenant();
      expect((await read(operator.token, organizationId)).body.effective).toEqual({
        sender_name: 'Coaching Support',
        from_address: 'no-reply@coach.test',
        reply_to: 'support@coach.test',
      });
      // The operator display name comes before the platform's sender name; the reply-to stays the platform's.
      await api(operator.token).call(organizationOperations.changeOperatorName, {
        params: { id: organizationId },
        body: { operator_name: 'Acme HR' },
      });
      expect((await read(operator.token, organizationId)).body.effective).toMatchObject({
        sender_name: 'Acme HR',
        reply_to: 'support@coach.test',
      });
      expect((await test(operator.token, organizationId)).status).toBe(202);
      const mail = await sink.waitFor(isTo(operator.email), 10_000);
      expect(mail.from?.value).toEqual([{ name: 'Acme HR', address: 'no-reply@coach.test' }]);
      expect(replyToOf(mail)).toEqual(['support@coach.test']);

      // A super-admin sees MAIL_FROM with any organization's settings; back to no platform defaults.
      expect((await read(context.superAdmin.token, organizationId)).body.platform_from).toBe(MAIL_FROM);
      await save(context.superAdmin.token, platformOrganizationId, { sender_name: '', reply_to: '' });
    });

    it('keeps each operator to their own organization, and refuses editors and users, role by role', async () => {
      const first = await tenant();
      const second = await tenant();
      for (const call of [
        () => read(first.operator.token, second.organizationId),
        () => save(first.operator.token, second.organizationId, { sender_name: 'Hijack', reply_to: '' }),
        () => test(first.operator.token, second.organizationId),
      ]) {
        const refused = await call();
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe('organization_not_found');
      }
      for (const role of ['editor', 'user'] as const) {
        const member = await signInAs(context.server, { role, organizationId: first.organizationId });
        for (const call of [
          () => read(member.token, first.organizationId),
          () => save(member.token, first.organizationId, { sender_name: 'Mine', reply_to: '' }),
          () => test(member.token, first.organizationId),
        ]) {
          const refused = await call();
          expect(refused.status, role).toBe(403);
          expect(refused.body.code).toBe('forbidden');
        }
      }
      expect((await read(second.operator.token, second.organizationId)).body.sender_name).toBe('');
    });

    it('refuses a bad sender name or reply-to with 400 naming the field, and changes nothing', async () => {
      const { organizationId, operator } = await tenant();
      await save(operator.token, organizationId, { sender_name: 'Kept', reply_to: 'kept@acme.test' });
      const cases: [Record<string, unknown>, string][] = [
        [{ sender_name: 'x'.repeat(MAIL_SENDER_NAME_MAX + 1), reply_to: '' }, 'sender_name'],
        [{ sender_name: 'Acme\nBcc: victim@example.com', reply_to: '' }, 'sender_name'],
        [{ sender_name: 'Acme', reply_to: 'not an address' }, 'reply_to'],
        [{ sender_name: 'Acme' }, 'reply_to'],
        [{ sender_name: 'Acme', reply_to: '', from: 'ceo@bank.test' }, 'from'],
      ];
      for (const [body, path] of cases) {
        const refused = await api(operator.token).send('PUT', `/v1/organizations/${organizationId}/mail_settings`, {
          body,
        });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.details?.issues).toEqual([expect.objectContaining({ path })]);
      }
      expect((await read(operator.token, organizationId)).body).toMatchObject({
        sender_name: 'Kept',
        reply_to: 'kept@acme.test',
      });
    });

    it('refuses to change an archived organization’s settings with 409', async () => {
      const { organizationId } = await tenant();
      await api(context.superAdmin.token).call(organizationOperations.archive, { params: { id: organizationId } });
      const refused = await save(context.superAdmin.token, organizationId, { sender_name: 'Late', reply_to: '' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('organization_archived');
    });

    it('limits test mails per caller: the fourth in the hour gets 429', async () => {
      const { organizationId, operator } = await tenant();
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await test(operator.token, organizationId)).status).toBe(202);
      const blocked = await test(operator.token, organizationId);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_requests');
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, MAIL_FROM, PUBLIC_URL: 'http://app.test' };
    },
  },
);
