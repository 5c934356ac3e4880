import { userDecider, userStreamId } from '@ai-coaching/domain';
import { createTestOrganization, describeApi, signIn, signInAs } from '@ai-coaching/api/testing';
import { authOperations, invitationOperations as op, userOperations } from '@ai-coaching/contracts';
import { handleCommand, hashPassword, hashSecretCode, newId } from '@ai-coaching/platform';
import { findInvitation } from '@ai-coaching/projections';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const APP = 'http://app.test';
const STRONG_PASSWORD = 'Activated-Passw0rd!';

const recipient = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
/** The invite code of the activation link in a mail's text part. */
const codeIn = (text: string | undefined): string => {
  const match = new RegExp(`${APP}/activate\\?code=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no activation link in: ${text}`);
  return match[1]!;
};

let sink: SmtpSink;

await describeApi(
  '[USERS]: invitations and activation',
  (context) => {
    let organizationId: string;
    let operator: Awaited<ReturnType<typeof signInAs>>;
    const { api } = context;
    const email = (label: string) => `${label}-${newId().slice(-12)}@invited.test`;

    /** Invites through the API and answers the user and the code mailed to them. */
    const invite = async (fields: { email: string; locale?: 'en-GB' | 'fr-FR'; first_name?: string }) => {
      const response = await api(operator.token).call(userOperations.invite, {
        body: {
          first_name: 'Grace',
          last_name: 'Hopper',
          organization_id: organizationId,
          organization_role: 'user',
          ...fields,
        },
      });
      expect(response.status).toBe(201);
      const user = response.body;
      const mail = await sink.waitFor(recipient(fields.email));
      return { user, code: codeIn(mail.text), mail };
    };
    const check = (code: string) => api().call(op.checkInviteCode, { params: { invite_code: code } });
    const activate = (code: string, password = STRONG_PASSWORD) =>
      api().call(op.activateAccount, { body: { invite_code: code, password } });
    const resend = (token: string, userId: string) =>
      api(token).call(userOperations.resendInvitation, { params: { user_id: userId } });

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, 'Invitations Ltd');
      operator = await signInAs(context.server, {
        role: 'operator',
        organizationId,
        firstName: 'Olive',
        lastName: 'Operator',
      });
    }, 90_000);
    afterAll(async () => {
      await sink?.close();
    });

    it('invites an address whose local part is not ASCII, and mails it the activation link', async () => {
      // Found by a user: the account was created, then the answer was a 500 because the mail job
      // checked the address more strictly than the account did.
      const address = `chloé-${newId().slice(-12)}@invited.test`;
      const { user, code } = await invite({ email: address, first_name: 'Chloé' });
      expect(user.email).toBe(address);
      expect((await check(code)).status).toBe(200);
    });

    it('invites by mail in English, checks the code, refuses a weak password, activates once, then signs in', async () => {
      const address = email('grace');
      const { user, code, mail } = await invite({ email: address });
      expect(user.status).toBe('invited');
      expect(mail.subject).toBe('You are invited to join Invitations Ltd on AI-Coaching');
      expect(mail.text).toContain('Olive Operator has invited you');
      expect(mail.html).toContain(`${APP}/activate?code=${code}`);

      const valid = await check(code);
      expect(valid.status).toBe(200);
      expect(valid.body).toEqual({ status: 'valid', email: address, first_name: 'Grace' });

      const weak = await activate(code, 'weak');
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('password_invalid');
      expect(weak.body.details?.['rules']).toEqual(
        expect.arrayContaining(['password_too_short', 'password_missing_uppercase', 'password_missing_digit']),
      );
      const asEmail = await activate(code, address);
      expect(asEmail.body.details?.['rules']).toContain('password_same_as_email');

      const activated = await activate(code);
      expect(activated.status).toBe(200);
      expect(activated.body).toEqual({ status: 'activated', email: address });
      const token = await signIn(context.server, address, STRONG_PASSWORD);
      const me = (await api(token).call(authOperations.me, {})).body;
      expect(me).toMatchObject({ email: address, organization_role: 'user' });

      const used = await check(code);
      expect(used.status).toBe(200);
      expect(used.body).toEqual({ status: 'used' });
      const again = await activate(code, 'Another-Passw0rd!');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('invite_code_used');
      await expect(signIn(context.server, address, 'Another-Passw0rd!')).rejects.toThrow();
    });

    it('mails in French to an invitee whose locale is fr-FR', async () => {
      const address = email('camille');
      const { user, mail } = await invite({ email: address, locale: 'fr-FR', first_name: 'Camille' });
      expect(user.locale).toBe('fr-FR');
      expect(mail.subject).toBe('Vous avez reçu une invitation à rejoindre Invitations Ltd sur AI-Coaching');
      expect(mail.text).toContain('Bonjour Camille,');
      expect(mail.text).toContain('Olive Operator vous invite');
    });

    it('answers an unknown code with 404 invite_code_invalid on both calls', async () => {
      const unknown = await check('no-such-code');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('invite_code_invalid');
      const activation = await activate('no-such-code');
      expect(activation.status).toBe(400);
      expect(activation.body).toMatchObject({
        code: 'invite_code_invalid',
        details: { issues: [expect.objectContaining({ path: 'invite_code' })] },
      });
    });

    it('resends with a new code: the previous one stops working', async () => {
      const address = email('resent');
      const { user, code: first } = await invite({ email: address });
      sink.messages.length = 0;
      const resent = await resend(operator.token, user.id);
      expect(resent.status).toBe(202);
      const second = codeIn((await sink.waitFor(recipient(address))).text);
      expect(second).not.toBe(first);

      expect((await check(first)).body.code).toBe('invite_code_invalid');
      expect((await activate(first)).body.code).toBe('invite_code_invalid');
      expect((await check(second)).body).toMatchObject({ status: 'valid', email: address });
      expect((await activate(second)).status).toBe(200);

      const afterActivation = await resend(operator.token, user.id);
      expect(afterActivation.status).toBe(409);
      expect(afterActivation.body.code).toBe('user_not_invited');
    });

    it('refuses a resend to another organization’s invitee with 404, and to a user without the permission with 403', async () => {
      const { user } = await invite({ email: email('guarded') });
      const otherOrganization = await createTestOrganization(context.server);
      const stranger = await signInAs(context.server, { role: 'operator', organizationId: otherOrganization });
      const foreign = await resend(stranger.token, user.id);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('user_not_found');
      const learner = await signInAs(context.server, { role: 'user', organizationId });
      expect((await resend(learner.token, user.id)).status).toBe(403);
    });

    it('cancels an invitation with DELETE: its code stops working and the address can be invited again', async () => {
      const address = email('cancelled');
      const { user, code } = await invite({ email: address });
      expect((await api(operator.token).call(userOperations.remove, { params: { id: user.id } })).status).toBe(204);
      expect((await api(operator.token).call(userOperations.read, { params: { id: user.id } })).status).toBe(404);
      expect((await check(code)).status).toBe(404);

      sink.messages.length = 0;
      const { user: again, code: newCode } = await invite({ email: address });
      expect(again.id).not.toBe(user.id);
      expect((await activate(newCode)).status).toBe(200);
    });

    it('reports an expired code (read model and decider, since the API cannot make one without waiting 7 days)', async () => {
      const { user, code } = await invite({ email: email('late') });
      const inEightDays = new Date(Date.now() + 8 * 24 * 3600_000).toISOString();
      const seen = await findInvitation(context.server.platform.db, hashSecretCode(code), inEightDays);
      expect(seen).toMatchObject({ userId: user.id, status: 'expired' });
      await expect(
        handleCommand(
          context.server.platform.store,
          userStreamId(user.id),
          userDecider,
          {
            type: 'ActivateAccount',
            data: { userId: user.id, inviteCodeHash: hashSecretCode(code), passwordHash: await hashPassword('x') },
            metadata: { now: inEightDays },
          },
          { commandId: newId() },
        ),
      ).rejects.toMatchObject({ code: 'invite_code_expired' });
      // Today the same code still works.
      expect((await check(code)).body).toMatchObject({ status: 'valid' });
    });

    it('withdraws the code of a disabled invitee', async () => {
      const { user, code } = await invite({ email: email('withdrawn') });
      const disabled = await api(operator.token).call(userOperations.update, {
        params: { id: user.id },
        body: { status: 'disabled' },
      });
      expect(disabled.status).toBe(200);
      expect((await check(code)).status).toBe(404);
    });

    // Last: it blocks this address for an hour.
    it('blocks an address that tries too many unknown codes with 429 and Retry-After', async () => {
      const { code } = await invite({ email: email('blocked') });
      let blocked: Awaited<ReturnType<typeof check>> | undefined;
      for (let attempt = 0; attempt < 10 && !blocked; attempt++) {
        const response = await check(`guess-${attempt}`);
        if (response.status === 429) blocked = response;
        else expect(response.status).toBe(404);
      }
      blocked ??= await check('one-more-guess');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.code).toBe('too_many_requests');
      // While blocked, even a valid code waits: the block is per address, not per code.
      expect((await check(code)).status).toBe(429);
      expect((await activate(code)).status).toBe(429);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: APP };
    },
  },
);
