import {
  createTestUser,
  signIn,
  signInAs,
  startTestServerOn,
  testEngines,
  TEST_PASSWORD,
  type TestServer,
} from '@ai-coaching/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const engines = await testEngines();

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});
const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const linkIn = (text: string, parameter: string) =>
  new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get(parameter)!;

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[AUTH]: password login, sessions and password reset on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let server: TestServer;
      let sink: SmtpSink;
      const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

      beforeAll(async () => {
        sink = await startSmtpSink();
        server = await startTestServerOn(engine.name, { SMTP_URL: sink.url, PUBLIC_URL: 'http://app.test' });
      }, 90_000);
      afterAll(async () => {
        await server?.close();
        await sink?.close();
      });

      it('logs in with the form-encoded password grant and answers the profile of /v1/me', async () => {
        const user = await createTestUser(server, { role: 'editor', firstName: 'Ada', lastName: 'Lovelace' });
        const response = await api(
          '/v1/fau/login',
          form({ username: user.email.toUpperCase(), password: user.password, grant_type: 'password', scope: '' }),
        );
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
        expect(body).toMatchObject({ token_type: 'bearer', expires_in: 12 * 3600 });
        const me = await (await api('/v1/me', bearer(body.access_token))).json();
        expect(me).toEqual({
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
        const user = await createTestUser(server, { role: 'user' });
        const wrong = await api('/v1/fau/login', form({ username: user.email, password: 'Not-the-passw0rd' }));
        const unknown = await api(
          '/v1/fau/login',
          form({ username: 'nobody@example.test', password: 'Not-the-passw0rd' }),
        );
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(await wrong.json()).toEqual(await unknown.json());
      });

      it('refuses a JSON body on the form login with 415', async () => {
        const response = await api('/v1/fau/login', json({ username: 'a@b.c', password: 'x' }));
        expect(response.status).toBe(415);
      });

      it('blocks an account after 5 failed logins with 429 and Retry-After', async () => {
        const user = await createTestUser(server, { role: 'user' });
        for (let i = 0; i < 5; i++) {
          expect(
            (await api('/v1/fau/login', form({ username: user.email, password: `Wrong-${i}-pass!` }))).status,
          ).toBe(401);
        }
        const blocked = await api('/v1/fau/login', form({ username: user.email, password: user.password }));
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await blocked.json()).code).toBe('too_many_requests');
      });

      it('ends the session at logout: the token stops working at once', async () => {
        const { token } = await signInAs(server, { role: 'user' });
        expect((await api('/v1/me', bearer(token))).status).toBe(200);
        expect((await api('/v1/fau/logout', { method: 'POST', ...bearer(token) })).status).toBe(204);
        const after = await api('/v1/me', bearer(token));
        expect(after.status).toBe(401);
        expect((await after.json()).code).toBe('session_ended');
      });

      it('changes the password with the current one, keeps this session and ends the others', async () => {
        const user = await signInAs(server, { role: 'user' });
        const other = await signIn(server, user.email, user.password);
        const wrongCurrent = await api(
          '/v1/change_password',
          json({ current_password: 'Nope-1234!', new_password: 'Brand-new-1!' }, user.token),
        );
        expect((await wrongCurrent.json()).code).toBe('current_password_incorrect');
        const weak = await api(
          '/v1/change_password',
          json({ current_password: user.password, new_password: 'short' }, user.token),
        );
        expect(weak.status).toBe(400);
        expect((await weak.json()).details.rules).toEqual(
          expect.arrayContaining([
            'password_too_short',
            'password_missing_uppercase',
            'password_missing_digit',
            'password_missing_special',
          ]),
        );
        const asEmail = await api(
          '/v1/change_password',
          json({ current_password: user.password, new_password: user.email }, user.token),
        );
        expect((await asEmail.json()).details.rules).toContain('password_same_as_email');

        expect(
          (
            await api(
              '/v1/change_password',
              json({ current_password: user.password, new_password: 'Brand-new-1!' }, user.token),
            )
          ).status,
        ).toBe(204);
        expect((await api('/v1/me', bearer(user.token))).status).toBe(200);
        expect((await api('/v1/me', bearer(other))).status).toBe(401);
        await expect(signIn(server, user.email, user.password)).rejects.toThrow();
        expect(await signIn(server, user.email, 'Brand-new-1!')).toBeTruthy();
      });

      it('sends a reset link by mail whose code works exactly once and ends every session', async () => {
        const user = await signInAs(server, { role: 'user' });
        const unknown = await api('/v1/reset_own_password', json({ account_email: 'ghost@example.test' }));
        const known = await api('/v1/reset_own_password', json({ account_email: user.email }));
        expect(known.status).toBe(202);
        expect(unknown.status).toBe(202);
        expect(await known.json()).toEqual(await unknown.json());

        const mail = await sink.waitFor((message) => JSON.stringify(message.to).includes(user.email));
        const code = linkIn(mail.text ?? '', 'reset_code');
        expect(mail.html).toContain(encodeURIComponent(code));

        const reset = await api(
          '/v1/change_password_after_reset',
          json({ reset_code: code, new_password: 'After-reset-9?' }),
        );
        expect(reset.status).toBe(204);
        expect((await api('/v1/me', bearer(user.token))).status).toBe(401);
        expect(await signIn(server, user.email, 'After-reset-9?')).toBeTruthy();
        const again = await api(
          '/v1/change_password_after_reset',
          json({ reset_code: code, new_password: 'Another-one-9?' }),
        );
        expect(again.status).toBeGreaterThanOrEqual(400);
        expect((await again.json()).code).toMatch(/^reset_code_/);
      });

      it('never answers a bad reset code with a 500', async () => {
        const response = await api(
          '/v1/change_password_after_reset',
          json({ reset_code: 'made-up', new_password: 'Whatever-1!' }),
        );
        expect(response.status).toBe(400);
        expect((await response.json()).code).toBe('reset_code_invalid');
      });

      it('refuses the seeded super-admin password only when wrong', async () => {
        expect(await signIn(server, 'admin@localhost.localdomain', TEST_PASSWORD)).toBeTruthy();
      });
    },
  );
}
