import { starterLibraryItemId } from '@ai-coaching/application';
import { apiClient, signInAs, startTestServerOn, testEngines, type TestServer } from '@ai-coaching/api/testing';
import {
  aiProviderOperations as providers,
  coachingSessionOperations as sessions,
  organizationCreditOperations as organizationCredits,
  organizationOperations as organizations,
  platformSetupOperations as setup,
  userOperations as users,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const engines = await testEngines();

/** Issue 23 item 4: the checklist an empty platform's dashboard shows its super-admin, step by step. */
for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[PLATFORM]: the setup checklist on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let server: TestServer;
      let superAdmin = '';
      const api = (token: string) => apiClient(server, token);
      const done = async () => {
        const answer = await api(superAdmin).call(setup.checklist, {});
        expect(answer.status).toBe(200);
        return Object.fromEntries(answer.body.steps.map((step) => [step.key, step.done]));
      };

      beforeAll(async () => {
        server = await startTestServerOn(engine.name);
        superAdmin = (await signInAs(server, { role: 'super-admin' })).token;
      }, 120_000);
      afterAll(async () => {
        await server?.close();
      });

      it('ticks each step when the platform’s data shows it, in order, and is for super-admins only', async () => {
        const empty = await api(superAdmin).call(setup.checklist, {});
        expect(empty.body).toEqual({
          steps: [
            { key: 'create_organization', done: false },
            { key: 'issue_credits', done: false },
            { key: 'invite_operator', done: false },
            { key: 'connect_ai', done: false },
            { key: 'play_starter', done: false },
          ],
          complete: false,
        });
        for (const role of ['operator', 'editor', 'user'] as const) {
          const other = await signInAs(server, { role });
          expect((await api(other.token).call(setup.checklist, {})).status, role).toBe(403);
        }

        const customer = await api(superAdmin).call(organizations.create, { body: { name: `Acme ${newId()}` } });
        expect(customer.status).toBe(201);
        expect(await done()).toMatchObject({ create_organization: true, issue_credits: false });

        const issued = await api(superAdmin).call(organizationCredits.issue, {
          params: { organization_id: customer.body.id },
          body: { nb_credits: 500 },
        });
        expect(issued.status).toBe(200);
        expect(await done()).toMatchObject({ issue_credits: true, invite_operator: false });

        const invited = await api(superAdmin).call(users.invite, {
          body: {
            email: `operator-${newId()}@example.com`,
            first_name: 'Olga',
            last_name: 'Operator',
            organization_id: customer.body.id,
            organization_role: 'operator',
          },
        });
        expect(invited.status).toBe(201);
        expect(await done()).toMatchObject({ invite_operator: true, connect_ai: false, play_starter: false });

        // Playing on the built-in provider counts as trying it: connecting one is then no longer asked for.
        const started = await api(superAdmin).call(sessions.create, {
          body: { scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') },
        });
        expect(started.status).toBe(201);
        const played = await api(superAdmin).call(setup.checklist, {});
        expect(played.body).toMatchObject({ complete: true });
      });

      it('counts a connected provider as the AI step', async () => {
        const provider = await api(superAdmin).call(providers.create, {
          body: { name: `OpenAI ${newId()}`, kind: 'openai', enabled: true },
        });
        expect(provider.status).toBe(201);
        expect(await done()).toMatchObject({ connect_ai: true });
      });
    },
  );
}
