import { createTestUser, describeApi, signIn, signInAs, TEST_PASSWORD } from '@ai-coaching/api/testing';
import { authOperations as op } from '@ai-coaching/contracts';
import { afterAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const linkIn = (text: string, parameter: string) =>
  new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get(parameter)!;

let sink: SmtpSink;

await describeApi(
  '[AUTH]: password login, sessions and password reset',
  (context) => {
    const { api } = context;
    const login = (username: string, password: string, extra: { grant_type?: 'password'; scope?: string } = {}) =>
      api().call(op.login, { body: { username, password, ...extra } });
    const me = (token: string) => api(token).call(op.me, {});
    const changePassword = (token: string, current_password: string, new_password: string) =>
      api(token).call(op.changePassword, { body: { current_password, new_password } });
    const resetWithCode = (reset_code: string, new_password: string) =>
      api().call(op.changePasswordAfterReset, { body: { reset_code, new_password } });

    afterAll(async () => {
      await sink?.close();
    });

    it('logs in with the form-encoded password grant and answers the profile of /v1/me', async () => {
      const user = await createTestUser(context.server, { role: 'editor', firstName: 'Ada', lastName: 'Lovelace' });
      const response = await login(user.email.toUpperCase(), user.password, { grant_type: 'password', scope: '' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = response.body;
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 12 * 3600 });
      expect((await me(body.access_token)).body).toEqual({
        id: user.userId,
        email: user.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        organization_id: user.organizationId,
        organization_role: 'editor',
        permissions: expect.arrayContaining(['coaching-mission-create', 'user-self-edit']),
        credit_wallet: 0,
      });
    });

    it('answers a wrong password and an unknown account identically', async () => {
      const user = await createTestUser(context.server, { role: 'user' });
      const wrong = await login(user.email, 'Not-the-passw0rd');
      const unknown = await login('nobody@example.test', 'Not-the-passw0rd');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
    });

    it('refuses a JSON body on the form login with 415', async () => {
      const response = await api().send('POST', op.login.path, { body: { username: 'a@b.c', password: 'x' } });
      expect(response.status).toBe(415);
    });

    it('blocks an account after 5 failed logins with 429 and Retry-After', async () => {
      const user = await createTestUser(context.server, { role: 'user' });
      for (let i = 0; i < 5; i++) {
        expect((await login(user.email, `Wrong-${i}-pass!`)).status).toBe(401);
      }
      const blocked = await login(user.email, user.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.code).toBe('too_many_requests');
    });

    it('ends the session at logout: the token stops working at once', async () => {
      const { token } = await signInAs(context.server, { role: 'user' });
      expect((await me(token)).status).toBe(200);
      expect((await api(token).call(op.logout, {})).status).toBe(204);
      const after = await me(token);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('session_ended');
    });

    it('checks a request that changes something against the stored session, not the one in memory', async () => {
      const user = await signInAs(context.server, { role: 'user' });
      // Remembered by this process, as between the requests of a session.
      expect((await me(user.token)).status).toBe(200);
      // Ended in the store as another process would end it, before its notification has reached this one.
      await context.server.platform.db.query(
        `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE user_id = $1`,
        [user.userId],
      );
      const change = await changePassword(user.token, 'Not-the-current-1!', 'Brand-new-1!');
      expect(change.status).toBe(401);
      expect(change.body.code).toBe('session_ended');
    });

    it('changes the password with the current one, keeps this session and ends the others', async () => {
      const user = await signInAs(context.server, { role: 'user' });
      const other = await signIn(context.server, user.email, user.password);
      const wrongCurrent = await changePassword(user.token, 'Nope-1234!', 'Brand-new-1!');
      expect(wrongCurrent.body.code).toBe('current_password_incorrect');
      const weak = await changePassword(user.token, user.password, 'short');
      expect(weak.status).toBe(400);
      expect(weak.body.details?.['rules']).toEqual(
        expect.arrayContaining([
          'password_too_short',
          'password_missing_uppercase',
          'password_missing_digit',
          'password_missing_special',
        ]),
      );
      const asEmail = await changePassword(user.token, user.password, user.email);
      expect(asEmail.body.details?.['rules']).toContain('password_same_as_email');

      expect((await changePassword(user.token, user.password, 'Brand-new-1!')).status).toBe(204);
      expect((await me(user.token)).status).toBe(200);
      expect((await me(other)).status).toBe(401);
      await expect(signIn(context.server, user.email, user.password)).rejects.toThrow();
      expect(await signIn(context.server, user.email, 'Brand-new-1!')).toBeTruthy();
    });

    it('sends a reset link by mail whose code works exactly once and ends every session', async () => {
      const user = await signInAs(context.server, { role: 'user' });
      const unknown = await api().call(op.resetOwnPassword, { body: { account_email: 'ghost@example.test' } });
      const known = await api().call(op.resetOwnPassword, { body: { account_email: user.email } });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual(unknown.body);

      const mail = await sink.waitFor((message) => JSON.stringify(message.to).includes(user.email));
      const code = linkIn(mail.text ?? '', 'reset_code');
      expect(mail.html).toContain(encodeURIComponent(code));

      const reset = await resetWithCode(code, 'After-reset-9?');
      expect(reset.status).toBe(204);
      expect((await me(user.token)).status).toBe(401);
      expect(await signIn(context.server, user.email, 'After-reset-9?')).toBeTruthy();
      const again = await resetWithCode(code, 'Another-one-9?');
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.body.code).toMatch(/^reset_code_/);
    });

    it('never answers a bad reset code with a 500', async () => {
      const response = await resetWithCode('made-up', 'Whatever-1!');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('reset_code_invalid');
    });

    it('refuses the seeded super-admin password only when wrong', async () => {
      expect(await signIn(context.server, 'admin@localhost.localdomain', TEST_PASSWORD)).toBeTruthy();
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: 'http://app.test' };
    },
  },
);
