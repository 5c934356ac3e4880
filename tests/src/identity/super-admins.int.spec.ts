import { platformOrganizationId, superAdminUserId } from '@ai-coaching/api';
import {
  apiClient,
  createTestOrganization,
  describeApi,
  signIn,
  signInAs,
  startTestServer,
  startTestServerOn,
  testEngines,
  type TestServer,
  type TestUser,
} from '@ai-coaching/api/testing';
import { guardSuperAdminRemoval, type AppServices } from '@ai-coaching/application';
import {
  authOperations,
  invitationOperations,
  superAdminOperations as op,
  userOperations,
  type SuperAdmin,
} from '@ai-coaching/contracts';
import { PLATFORM_STREAM_ID, userDecider, userStreamId, type UserEvent } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const APP = 'http://app.test';
const PASSWORD = 'Super-Admin-Passw0rd!';
const isTo = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
const inviteCodeIn = (text: string | undefined): string => {
  const match = new RegExp(`${APP}/activate\\?code=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no activation link in: ${text}`);
  return match[1]!;
};
const emails = (items: readonly SuperAdmin[]) => items.map((item) => item.email);

type SignedIn = TestUser & { token: string };

/** The application's services of a running server, to call a use case without HTTP. */
const servicesOf = (server: TestServer): AppServices => ({
  ...server.platform,
  wakeProjections: (names) => server.projections.wake(names),
});

/** Whether the account is an active super-admin, by its own stream (the authority). */
const isActiveSuperAdmin = async (server: TestServer, userId: string): Promise<boolean> => {
  const recorded = await server.platform.store.readStream(userStreamId(userId));
  const state = recorded
    .map((event) => ({ type: event.type, data: event.data }) as UserEvent)
    .reduce(userDecider.evolve, userDecider.initialState());
  return state.status === 'active' && state.role === 'super-admin';
};

let sink: SmtpSink;

await describeApi(
  '[SUPER-ADMINS]: /v1/super_admins',
  (context) => {
    let root: SignedIn;
    const { api } = context;
    const superAdmin = (label = 'sa') =>
      signInAs(context.server, { role: 'super-admin', email: `${label}-${newId().slice(-12)}@platform.test` });

    beforeAll(async () => {
      root = await superAdmin('root');
    }, 90_000);
    afterAll(async () => {
      await sink?.close();
    });

    it('lists the platform’s super-admins, searchable and filtered by status', async () => {
      const listed = await api(root.token).call(op.list, { query: { page_size: 48 } });
      expect(listed.status).toBe(200);
      expect(emails(listed.body.items)).toEqual(expect.arrayContaining(['admin@localhost.localdomain', root.email]));
      expect(listed.body.items.every((item) => item.organization_role === 'super-admin')).toBe(true);
      const operator = await signInAs(context.server, { role: 'operator', organizationId: platformOrganizationId });
      expect(emails((await api(root.token).call(op.list, { query: { page_size: 48 } })).body.items)).not.toContain(
        operator.email,
      );

      const found = await api(root.token).call(op.list, { query: { q: root.email } });
      expect(found.body).toMatchObject({ total: 1, items: [{ id: root.userId, status: 'active' }] });
      const invited = await api(root.token).call(op.list, { query: { status: 'invited', q: root.email } });
      expect(invited.body.total).toBe(0);
    });

    it('invites a super-admin into the platform organization, who activates the account and signs in as one', async () => {
      const email = `new-${newId().slice(-12)}@platform.test`;
      const invited = await api(root.token).call(op.invite, {
        body: { email, first_name: 'Nina', last_name: 'New', locale: 'fr-FR' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({
        email,
        organization_id: platformOrganizationId,
        organization_role: 'super-admin',
        status: 'invited',
        locale: 'fr-FR',
      });
      const listed = await api(root.token).call(op.list, { query: { status: 'invited', q: email } });
      expect(emails(listed.body.items)).toEqual([email]);

      const mail = await sink.waitFor(isTo(email), 10_000);
      expect(mail.subject).toBe('Vous avez reçu une invitation à rejoindre Platform sur AI-Coaching');
      const activated = await api().call(invitationOperations.activateAccount, {
        body: { invite_code: inviteCodeIn(mail.text), password: PASSWORD },
      });
      expect(activated.status).toBe(200);
      const token = await signIn(context.server, email, PASSWORD);
      const me = await api(token).call(authOperations.me, {});
      expect(me.body).toMatchObject({ organization_role: 'super-admin', organization_id: platformOrganizationId });

      const again = await api(root.token).call(op.invite, { body: { email, first_name: 'Nina', last_name: '' } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('email_taken');
      const nameless = await api(root.token).send('POST', '/v1/super_admins', {
        body: { email: 'x@platform.test', last_name: '' },
      });
      expect(nameless.status).toBe(400);
      expect(nameless.body.details?.issues).toEqual([expect.objectContaining({ path: 'first_name' })]);
    });

    it('refuses every super-admin operation to operators, editors and users of any organization', async () => {
      const organizationId = await createTestOrganization(context.server);
      const target = await superAdmin('target');
      for (const [role, inOrganization] of [
        ['operator', organizationId],
        ['operator', platformOrganizationId],
        ['editor', organizationId],
        ['user', platformOrganizationId],
      ] as const) {
        const member = await signInAs(context.server, { role, organizationId: inOrganization });
        const calls = [
          api(member.token).call(op.list, { query: {} }),
          api(member.token).call(op.invite, {
            body: { email: `x-${newId()}@x.test`, first_name: 'X', last_name: '' },
          }),
          api(member.token).call(op.update, { params: { id: target.userId }, body: { status: 'disabled' } }),
          api(member.token).call(op.remove, { params: { id: target.userId } }),
        ];
        for (const answer of await Promise.all(calls)) {
          expect(answer.status, role).toBe(403);
          expect(answer.body.code).toBe('forbidden');
        }
      }
      expect(await isActiveSuperAdmin(context.server, target.userId)).toBe(true);
    });

    it('disables and enables a super-admin: a disabled one is signed out at once', async () => {
      const target = await superAdmin('toggle');
      const disabled = await api(root.token).call(op.update, {
        params: { id: target.userId },
        body: { status: 'disabled' },
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({
        id: target.userId,
        status: 'disabled',
        organization_role: 'super-admin',
      });
      expect((await api(target.token).call(authOperations.me, {})).status).toBe(401);
      const enabled = await api(root.token).call(op.update, {
        params: { id: target.userId },
        body: { status: 'active' },
      });
      expect(enabled.body.status).toBe('active');
      await expect(signIn(context.server, target.email, target.password)).resolves.toEqual(expect.any(String));
    });

    it('demotes a super-admin, who keeps an account in the platform organization and leaves the list', async () => {
      const target = await superAdmin('demoted');
      const demoted = await api(root.token).call(op.update, {
        params: { id: target.userId },
        body: { organization_role: 'user' },
      });
      expect(demoted.status).toBe(200);
      expect(demoted.body).toMatchObject({ organization_role: 'user', status: 'active' });
      const me = await api(target.token).call(authOperations.me, {});
      expect(me.body.organization_role).toBe('user');
      expect(me.body.permissions).not.toContain('super-admin-read');
      expect((await api(root.token).call(op.list, { query: { q: target.email } })).body.total).toBe(0);
      const again = await api(root.token).call(op.update, {
        params: { id: target.userId },
        body: { status: 'disabled' },
      });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('super_admin_not_found');
      const refusedRole = await api(root.token).send('PATCH', `/v1/super_admins/${superAdminUserId}`, {
        body: { organization_role: 'guest' },
      });
      expect(refusedRole.status).toBe(400);
    });

    it('removes a super-admin: an invitation is cancelled, an account disabled', async () => {
      const email = `pending-${newId().slice(-12)}@platform.test`;
      const invited = await api(root.token).call(op.invite, { body: { email, first_name: 'Pat', last_name: '' } });
      expect((await api(root.token).call(op.remove, { params: { id: invited.body.id } })).status).toBe(204);
      expect((await api(root.token).call(op.list, { query: { q: email } })).body.total).toBe(0);

      const active = await superAdmin('removed');
      expect((await api(root.token).call(op.remove, { params: { id: active.userId } })).status).toBe(204);
      const listed = await api(root.token).call(op.list, { query: { q: active.email } });
      expect(listed.body.items).toEqual([expect.objectContaining({ status: 'disabled' })]);
      expect((await api(root.token).call(op.remove, { params: { id: 'no-such-user' } })).status).toBe(404);
    });

    it('never lets a super-admin demote, disable or remove themself', async () => {
      const answers = [
        await api(root.token).call(op.update, { params: { id: root.userId }, body: { status: 'disabled' } }),
        await api(root.token).call(op.update, {
          params: { id: root.userId },
          body: { organization_role: 'operator' },
        }),
        await api(root.token).call(op.remove, { params: { id: root.userId } }),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
        [403, 'cannot_disable_self'],
        [403, 'cannot_change_own_role'],
        [403, 'cannot_delete_self'],
      ]);
      expect(await isActiveSuperAdmin(context.server, root.userId)).toBe(true);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: APP };
    },
  },
);

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(
    `[SUPER-ADMINS]: the last active super-admin stays, even under concurrent removals, on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let first: TestServer;
      /** The same server on PGlite; a second API process on the same database on PostgreSQL. */
      let second: TestServer;
      let alice: SignedIn;
      let bob: SignedIn;

      const activeOnes = async () => {
        const flags = await Promise.all(
          [alice, bob, { userId: superAdminUserId }].map((user) => isActiveSuperAdmin(first, user.userId)),
        );
        return flags.filter(Boolean).length;
      };

      beforeAll(async () => {
        first = await startTestServerOn(engine.name);
        second =
          engine.name === 'postgres'
            ? await startTestServer({ DATABASE_URL: first.platform.config.DATABASE_URL! })
            : first;
        alice = await signInAs(first, { role: 'super-admin', email: `alice-${newId().slice(-8)}@platform.test` });
        bob = await signInAs(first, { role: 'super-admin', email: `bob-${newId().slice(-8)}@platform.test` });
        // Only Alice and Bob remain active: the first start's super-admin is disabled.
        const seedDisabled = await apiClient(first, alice.token).call(op.update, {
          params: { id: superAdminUserId },
          body: { status: 'disabled' },
        });
        expect(seedDisabled.status).toBe(200);
      }, 120_000);
      afterAll(async () => {
        if (second !== first) await second?.close();
        await first?.close();
      });

      it('refuses the second removal while the first is still under way, and allows it once that one is abandoned', async () => {
        const services = servicesOf(first);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let applied = false;
        const removingBob = guardSuperAdminRemoval(
          services,
          {},
          { userId: bob.userId, role: 'super-admin' },
          { status: 'disabled' },
          async () => {
            await gate;
            applied = true;
          },
        );
        // The first removal is announced before its account changes.
        await expect
          .poll(async () => (await first.platform.store.readStream(PLATFORM_STREAM_ID)).at(-1)?.type, {
            timeout: 10_000,
          })
          .toBe('SuperAdminRemovalStarted');
        await expect(
          guardSuperAdminRemoval(
            services,
            {},
            { userId: alice.userId, role: 'super-admin' },
            { status: 'disabled' },
            async () => {
              throw new Error('must not run');
            },
          ),
        ).rejects.toMatchObject({ code: 'last_super_admin', status: 409 });
        release();
        await removingBob;
        expect(applied).toBe(true);
        expect((await first.platform.store.readStream(PLATFORM_STREAM_ID)).at(-1)?.data).toMatchObject({
          userId: bob.userId,
          outcome: 'applied',
        });

        // A removal whose account change fails is abandoned, and counts no more.
        await expect(
          guardSuperAdminRemoval(
            services,
            {},
            { userId: bob.userId, role: 'super-admin' },
            { remove: true },
            async () => {
              throw new Error('the account refused');
            },
          ),
        ).rejects.toThrow('the account refused');
        let ran = false;
        await guardSuperAdminRemoval(
          services,
          {},
          { userId: alice.userId, role: 'super-admin' },
          { role: 'user' },
          async () => {
            ran = true;
          },
        );
        expect(ran).toBe(true);
        expect(await activeOnes()).toBe(2);
      });

      it('of two super-admins removing each other at once, exactly one succeeds and exactly one stays active', async () => {
        type Move = (by: SignedIn, target: SignedIn, server: TestServer) => Promise<{ status: number; code?: string }>;
        const disable: Move = async (by, target, server) => {
          const answer = await apiClient(server, by.token).call(op.update, {
            params: { id: target.userId },
            body: { status: 'disabled' },
          });
          return { status: answer.status, ...(answer.body?.code ? { code: answer.body.code } : {}) };
        };
        const demote: Move = async (by, target, server) => {
          const answer = await apiClient(server, by.token).call(userOperations.update, {
            params: { id: target.userId },
            body: { organization_role: 'operator' },
          });
          return { status: answer.status, ...(answer.body?.code ? { code: answer.body.code } : {}) };
        };
        const remove: Move = async (by, target, server) => {
          const answer = await apiClient(server, by.token).call(op.remove, { params: { id: target.userId } });
          return { status: answer.status, ...(answer.body?.code ? { code: answer.body.code } : {}) };
        };
        const rounds: [Move, Move][] = [
          [disable, disable],
          [demote, disable],
          [remove, demote],
          [disable, remove],
          [demote, demote],
          [remove, remove],
        ];
        let refusedByTheRule = 0;
        for (const [aliceMove, bobMove] of rounds) {
          const answers = await Promise.all([aliceMove(alice, bob, first), bobMove(bob, alice, second)]);
          const succeeded = answers.filter((answer) => answer.status < 300);
          const refused = answers.filter((answer) => answer.status >= 300);
          expect(succeeded, JSON.stringify(answers)).toHaveLength(1);
          // The loser is refused by the rule, or, arriving once the winner is done, finds its session
          // ended (401) or its role gone (403).
          expect(
            refused.every((answer) => answer.code === 'last_super_admin' || [401, 403].includes(answer.status)),
            JSON.stringify(answers),
          ).toBe(true);
          refusedByTheRule += refused.filter((answer) => answer.code === 'last_super_admin').length;
          expect(await activeOnes()).toBe(1);

          // The survivor brings the other back for the next round.
          const [survivor, other] = (await isActiveSuperAdmin(first, alice.userId)) ? [alice, bob] : [bob, alice];
          const restore = await apiClient(first, survivor.token).call(userOperations.update, {
            params: { id: other.userId },
            body: { status: 'active', organization_role: 'super-admin' },
          });
          expect(restore.status).toBe(200);
          other.token = await signIn(first, other.email, other.password);
          expect(await activeOnes()).toBe(2);
        }
        // Two API processes on one database really overlap, and then the rule is what refuses. On
        // PGlite one process runs the two one after the other, and the loser finds its rights gone;
        // the test before this one holds the first removal open to reach the rule there too.
        if (engine.name === 'postgres') expect(refusedByTheRule).toBeGreaterThan(0);
      });
    },
  );
}
