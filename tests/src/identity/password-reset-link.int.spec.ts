import { createTestOrganization, describeApi, signIn, signInAs, type TestUser } from '@ai-coaching/api/testing';
import { authOperations, passwordResetLinkOperations as op, userOperations } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const APP = 'http://app.test';
const NEW_PASSWORD = 'Chosen-Again-Passw0rd!';
const isTo = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
/** The reset code of the link in a reset mail's text part. */
const resetCodeIn = (text: string | undefined): string => {
  const match = new RegExp(`${APP}/\\?reset_code=([A-Za-z0-9_-]+)#reset-password`).exec(text ?? '');
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
};

let sink: SmtpSink;

await describeApi(
  '[USERS]: reset links sent by an administrator',
  (context) => {
    let organizationId: string;
    let operator: TestUser & { token: string };
    const { api } = context;
    const send = (token: string, userId: string) => api(token).call(op.send, { params: { user_id: userId } });
    const member = (role: 'user' | 'editor' | 'operator' = 'user', inOrganization = organizationId) =>
      signInAs(context.server, {
        role,
        organizationId: inOrganization,
        email: `${role}-${newId().slice(-12)}@reset.test`,
        firstName: 'Ada',
      });
    const resetWith = (code: string) =>
      api().call(authOperations.changePasswordAfterReset, { body: { reset_code: code, new_password: NEW_PASSWORD } });

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, 'Reset Ltd');
      operator = await member('operator');
    }, 90_000);
    afterAll(async () => {
      await sink?.close();
    });

    it('mails an active user a reset link; a second one replaces the first, which no longer works', async () => {
      const ada = await member();
      const first = await send(operator.token, ada.userId);
      expect(first.status).toBe(202);
      expect(first.body.message).toContain(ada.email);
      const firstMail = await sink.waitFor(isTo(ada.email), 10_000);
      expect(firstMail.subject).toBe('Reset your AI-Coaching password');
      expect(firstMail.text).toContain('Hello Ada,');
      const firstCode = resetCodeIn(firstMail.text);

      sink.messages.length = 0;
      expect((await send(operator.token, ada.userId)).status).toBe(202);
      const secondCode = resetCodeIn((await sink.waitFor(isTo(ada.email), 10_000)).text);
      expect(secondCode).not.toBe(firstCode);

      const stale = await resetWith(firstCode);
      expect(stale.status).toBe(400);
      expect(stale.body.code).toBe('reset_code_invalid');
      expect((await resetWith(secondCode)).status).toBe(204);
      await expect(signIn(context.server, ada.email, NEW_PASSWORD)).resolves.toEqual(expect.any(String));
      await expect(signIn(context.server, ada.email, ada.password)).rejects.toThrow();
    });

    it('refuses an invitation that is not activated (409 user_not_active) and a disabled account (409 user_disabled)', async () => {
      const invited = await api(operator.token).call(userOperations.invite, {
        body: {
          email: `pending-${newId().slice(-12)}@reset.test`,
          first_name: 'Pending',
          last_name: '',
          organization_id: organizationId,
          organization_role: 'user',
        },
      });
      const pending = await send(operator.token, invited.body.id);
      expect(pending.status).toBe(409);
      expect(pending.body.code).toBe('user_not_active');

      const gone = await member();
      await api(operator.token).call(userOperations.update, {
        params: { id: gone.userId },
        body: { status: 'disabled' },
      });
      const disabled = await send(operator.token, gone.userId);
      expect(disabled.status).toBe(409);
      expect(disabled.body.code).toBe('user_disabled');
      expect(sink.messages.filter(isTo(gone.email))).toHaveLength(0);
    });

    it('keeps to the caller’s organization and role, role by role', async () => {
      const target = await member();
      const otherOrganization = await createTestOrganization(context.server, 'Elsewhere Ltd');
      const stranger = await member('operator', otherOrganization);
      const foreign = await send(stranger.token, target.userId);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('user_not_found');

      for (const role of ['editor', 'user'] as const) {
        const colleague = await member(role);
        const refused = await send(colleague.token, target.userId);
        expect(refused.status, role).toBe(403);
        expect(refused.body.code).toBe('forbidden');
      }
      // A super-admin who belongs to this organization is above the operator.
      const above = await signInAs(context.server, { role: 'super-admin', organizationId });
      const aboveOperator = await send(operator.token, above.userId);
      expect(aboveOperator.status).toBe(403);
      expect(aboveOperator.body.code).toBe('user_not_manageable');
      expect(sink.messages.filter(isTo(target.email))).toHaveLength(0);

      // A super-admin may send one to a user of any organization.
      expect((await send(context.superAdmin.token, stranger.userId)).status).toBe(202);
      await sink.waitFor(isTo(stranger.email), 10_000);
    });

    it('counts against the account like the self-service reset: the fourth request in the hour gets 429', async () => {
      const bob = await member();
      expect((await api().call(authOperations.resetOwnPassword, { body: { account_email: bob.email } })).status).toBe(
        202,
      );
      expect((await send(operator.token, bob.userId)).status).toBe(202);
      expect((await send(operator.token, bob.userId)).status).toBe(202);
      const blocked = await send(operator.token, bob.userId);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_requests');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      expect((await send(operator.token, 'no-such-user')).status).toBe(404);
      const malformed = await api(operator.token).send('POST', '/v1/users/reset_password/bad%20id');
      expect(malformed.status).toBe(400);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: APP };
    },
  },
);
