import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { organizationOperations as op, userOperations } from '@ai-coaching/contracts';
import { OPERATOR_NAME_MAX } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { afterAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const MAIL_FROM = 'AI-Coaching <no-reply@coach.test>';
const isTo = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
const unique = (label: string) => `${label}-${newId().slice(-10)}`;

let sink: SmtpSink;

await describeApi(
  '[ORGANIZATIONS]: operator display name',
  (context) => {
    const { api } = context;
    const rename = (token: string, id: string, operatorName: unknown) =>
      api(token).call(op.changeOperatorName, { params: { id }, body: { operator_name: operatorName as string } });

    /** An organization with an operator of its own. */
    const tenant = async () => {
      const name = unique('Acme');
      const organizationId = await createTestOrganization(context.server, name);
      const operator = await signInAs(context.server, {
        role: 'operator',
        organizationId,
        firstName: 'Olive',
        lastName: 'Operator',
      });
      return { organizationId, name, operator };
    };

    afterAll(async () => {
      await sink?.close();
    });

    it('lets an operator name their organization’s operator, which the organization then holds', async () => {
      const { organizationId, operator } = await tenant();
      const before = await api(operator.token).call(op.read, { params: { id: organizationId } });
      expect(before.body.operator_name).toBe('');

      const renamed = await rename(operator.token, organizationId, '  Acme HR team  ');
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: organizationId, operator_name: 'Acme HR team' });
      const read = await api(operator.token).call(op.read, { params: { id: organizationId } });
      expect(read.body.operator_name).toBe('Acme HR team');
      const listed = await api(context.superAdmin.token).call(op.list, { query: { q: read.body.name } });
      expect(listed.body.items[0]?.operator_name).toBe('Acme HR team');
    });

    it('invites and re-invites under the operator display name, in the text and as the sender, and under the person’s name once cleared', async () => {
      const { organizationId, operator } = await tenant();
      await rename(operator.token, organizationId, 'Acme HR team');
      const invitee = `${unique('grace')}@invited.test`;
      const invited = await api(operator.token).call(userOperations.invite, {
        body: {
          email: invitee,
          first_name: 'Grace',
          last_name: 'Hopper',
          organization_id: organizationId,
          organization_role: 'user',
        },
      });
      expect(invited.status).toBe(201);
      const mail = await sink.waitFor(isTo(invitee), 10_000);
      expect(mail.text).toContain('Acme HR team has invited you');
      expect(mail.text).not.toContain('Olive Operator');
      expect(mail.from?.value).toEqual([{ name: 'Acme HR team', address: 'no-reply@coach.test' }]);

      await rename(operator.token, organizationId, '');
      sink.messages.length = 0;
      const resent = await api(operator.token).call(userOperations.resendInvitation, {
        params: { user_id: invited.body.id },
      });
      expect(resent.status).toBe(202);
      const again = await sink.waitFor(isTo(invitee), 10_000);
      expect(again.text).toContain('Olive Operator has invited you');
      expect(again.from?.value).toEqual([{ name: 'AI-Coaching', address: 'no-reply@coach.test' }]);
    });

    it('keeps each operator to their own organization (404 for another) and lets a super-admin name any', async () => {
      const first = await tenant();
      const second = await tenant();
      const foreign = await rename(first.operator.token, second.organizationId, 'Not mine');
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('organization_not_found');
      expect(
        (await api(second.operator.token).call(op.read, { params: { id: second.organizationId } })).body.operator_name,
      ).toBe('');

      const bySuperAdmin = await rename(context.superAdmin.token, second.organizationId, 'Second HR');
      expect(bySuperAdmin.status).toBe(200);
      expect(bySuperAdmin.body.operator_name).toBe('Second HR');
    });

    it('refuses the roles without operator-name-update with 403, and changes nothing', async () => {
      const { organizationId, operator } = await tenant();
      await rename(operator.token, organizationId, 'Kept');
      for (const role of ['editor', 'user'] as const) {
        const member = await signInAs(context.server, { role, organizationId });
        const refused = await rename(member.token, organizationId, 'Taken over');
        expect(refused.status, role).toBe(403);
        expect(refused.body.code).toBe('forbidden');
      }
      const read = await api(operator.token).call(op.read, { params: { id: organizationId } });
      expect(read.body.operator_name).toBe('Kept');
    });

    it('refuses a name too long, on two lines or missing with 400 naming operator_name', async () => {
      const { organizationId, operator } = await tenant();
      const longest = await rename(operator.token, organizationId, 'n'.repeat(OPERATOR_NAME_MAX));
      expect(longest.status).toBe(200);
      for (const bad of ['n'.repeat(OPERATOR_NAME_MAX + 1), 'Acme\r\nBcc: victim@example.com', 42, undefined]) {
        const refused = await api(operator.token).send('PUT', `/v1/organizations/${organizationId}/operator_name`, {
          body: bad === undefined ? {} : { operator_name: bad },
        });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body.code).toBe('invalid_request');
        expect(refused.body.details?.issues).toEqual([expect.objectContaining({ path: 'operator_name' })]);
      }
      const extra = await api(operator.token).send('PUT', `/v1/organizations/${organizationId}/operator_name`, {
        body: { operator_name: 'Fine', name: 'Sneaky' },
      });
      expect(extra.status).toBe(400);
      expect(extra.body.details?.issues).toEqual([expect.objectContaining({ path: 'name' })]);
      const read = await api(operator.token).call(op.read, { params: { id: organizationId } });
      expect(read.body.operator_name).toBe('n'.repeat(OPERATOR_NAME_MAX));
    });

    it('refuses to rename an archived organization’s operator with 409', async () => {
      const { organizationId } = await tenant();
      expect((await api(context.superAdmin.token).call(op.archive, { params: { id: organizationId } })).status).toBe(
        204,
      );
      const refused = await rename(context.superAdmin.token, organizationId, 'Too late');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('organization_archived');
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, MAIL_FROM, PUBLIC_URL: 'http://app.test' };
    },
  },
);
