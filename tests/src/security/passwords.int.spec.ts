import { createTestUser, describeApi, signIn, signInAs } from '@ai-coaching/api/testing';
import { authOperations as op } from '@ai-coaching/contracts';
import { DEFAULT_AUTH_LIMITS, type InProcessJobQueue } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

// Issue 9: finding 2.3 (no attempt limit on POST /v1/change_password) and the password items of 1.9
// (a change to the current password was accepted; a used reset link was only reported once the new
// password had been typed).

/** The default number of wrong current passwords, with a block short enough to wait out in a test. */
const CHANGE_MAX = DEFAULT_AUTH_LIMITS['change-password'].account!.max;
const BLOCK_SECONDS = 2;
/** Invalid reset codes an address may try before 429 (the default is 10; lower keeps the test short). */
const CODE_MAX = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await describeApi(
  '[SECURITY]: password change and reset codes',
  (context) => {
    const { api } = context;
    const changePassword = (token: string, current_password: string, new_password: string) =>
      api(token).call(op.changePassword, { body: { current_password, new_password } });
    const checkCode = (reset_code: string) => api().call(op.checkResetCode, { params: { reset_code } });

    /** The code of the newest reset mail to `email`, once the request's jobs have run. */
    const resetCodeFor = async (email: string): Promise<string> => {
      expect((await api().call(op.resetOwnPassword, { body: { account_email: email } })).status).toBe(202);
      await (context.server.platform.queue as InProcessJobQueue).idle();
      const { rows } = await context.server.platform.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
        [email],
      );
      const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
      expect(link, `no reset mail to ${email}`).toBeDefined();
      return new URL(link!).searchParams.get('reset_code')!;
    };

    it(`answers 429 with Retry-After after ${CHANGE_MAX} wrong current passwords, even to the right one`, async () => {
      const user = await signInAs(context.server, { role: 'user' });
      for (let attempt = 0; attempt < CHANGE_MAX; attempt++) {
        const wrong = await changePassword(user.token, `Wrong-${attempt}-Passw0rd!`, 'Brand-new-1!');
        expect([wrong.status, wrong.body.code]).toEqual([400, 'current_password_incorrect']);
      }
      const blocked = await changePassword(user.token, user.password, 'Brand-new-1!');
      expect([blocked.status, blocked.body.code]).toEqual([429, 'too_many_requests']);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(BLOCK_SECONDS);
      // Another account of the same client is not blocked by it.
      const other = await signInAs(context.server, { role: 'user' });
      expect((await changePassword(other.token, 'Wrong-Passw0rd!', 'Brand-new-1!')).status).toBe(400);

      // Once the block is over, the right password works, and this session goes on.
      await sleep(BLOCK_SECONDS * 1000 + 200);
      expect((await changePassword(user.token, user.password, 'Brand-new-1!')).status).toBe(204);
      expect((await api(user.token).call(op.me, {})).status).toBe(200);
    });

    it('clears the count on success: failures before it do not add up with failures after it', async () => {
      const user = await signInAs(context.server, { role: 'user' });
      for (let attempt = 0; attempt < CHANGE_MAX - 1; attempt++) {
        expect((await changePassword(user.token, 'Wrong-Passw0rd!', 'Brand-new-1!')).status).toBe(400);
      }
      expect((await changePassword(user.token, user.password, 'Brand-new-1!')).status).toBe(204);
      for (let attempt = 0; attempt < CHANGE_MAX - 1; attempt++) {
        expect((await changePassword(user.token, 'Wrong-Passw0rd!', 'Other-new-2!')).status).toBe(400);
      }
      expect((await changePassword(user.token, 'Brand-new-1!', 'Other-new-2!')).status).toBe(204);
    });

    it('refuses the current password as the new one, on the new password field', async () => {
      const user = await signInAs(context.server, { role: 'user' });
      const other = await signIn(context.server, user.email, user.password);
      const same = await changePassword(user.token, user.password, user.password);
      expect(same.status).toBe(400);
      expect(same.body.code).toBe('password_unchanged');
      expect(same.body.details?.['issues']).toEqual([{ path: 'new_password', message: expect.any(String) }]);
      // Nothing changed: the other session goes on.
      expect((await api(other).call(op.me, {})).status).toBe(200);
      // Only someone who proved the current password learns it: a wrong one is refused as such.
      const wrong = await changePassword(user.token, 'Wrong-Passw0rd!', 'Wrong-Passw0rd!');
      expect(wrong.body.code).toBe('current_password_incorrect');
    });

    it('tells whether a reset code is valid, used or expired before the new password is typed', async () => {
      const user = await createTestUser(context.server, { role: 'user' });
      const code = await resetCodeFor(user.email);
      const valid = await checkCode(code);
      expect([valid.status, valid.body]).toEqual([200, { status: 'valid' }]);
      expect(valid.headers.get('cache-control')).toBe('no-store');

      const used = await api().call(op.changePasswordAfterReset, {
        body: { reset_code: code, new_password: 'After-reset-9?' },
      });
      expect(used.status).toBe(204);
      expect((await checkCode(code)).body).toEqual({ status: 'used' });

      const later = await resetCodeFor(user.email);
      await context.server.platform.db.query(
        `UPDATE rm_password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND used_at IS NULL`,
        [user.userId],
      );
      expect((await checkCode(later)).body).toEqual({ status: 'expired' });
    });

    it('mails a reset link to an account without a first name (the seeded super-admin), after answering', async () => {
      const code = await resetCodeFor('admin@localhost.localdomain');
      expect((await checkCode(code)).body).toEqual({ status: 'valid' });
      expect((context.server.platform.queue as InProcessJobQueue).failedJobs()).toEqual([]);
    });

    it('answers an unknown or replaced code with 404, and blocks an address that scans for codes', async () => {
      const user = await createTestUser(context.server, { role: 'user' });
      const first = await resetCodeFor(user.email);
      await resetCodeFor(user.email);
      const replaced = await checkCode(first);
      expect([replaced.status, replaced.body.code]).toEqual([404, 'reset_code_invalid']);
      // The answer never names the account.
      expect(JSON.stringify(replaced.body)).not.toContain(user.email);

      for (let attempt = 1; attempt < CODE_MAX; attempt++) {
        expect((await checkCode(`made-up-${attempt}`)).status).toBe(404);
      }
      const blocked = await checkCode('made-up-last');
      expect([blocked.status, blocked.body.code]).toEqual([429, 'too_many_requests']);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  },
  {
    env: { PUBLIC_URL: 'http://app.test' },
    server: {
      authLimits: {
        'change-password': {
          account: { max: CHANGE_MAX, windowSeconds: 60, blockSeconds: BLOCK_SECONDS },
          address: { max: 1000, windowSeconds: 60, blockSeconds: 60 },
        },
        activation: { address: { max: CODE_MAX, windowSeconds: 60, blockSeconds: 60 } },
      },
    },
  },
);
