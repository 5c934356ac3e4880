import { starterLibraryItemId } from '@ai-coaching/application';
import { describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiProviderOperations as providers,
  coachingSessionOperations as sessions,
  organizationCreditOperations as organizationCredits,
  organizationOperations as organizations,
  platformSetupOperations as setup,
  userOperations as users,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

/** Issue 23 item 4: the checklist an empty platform's dashboard shows its super-admin, step by step. */
await describeApi('[PLATFORM]: the setup checklist', (context) => {
  const { api } = context;
  const done = async () => {
    const answer = await api(context.superAdmin.token).call(setup.checklist, {});
    expect(answer.status).toBe(200);
    return Object.fromEntries(answer.body.steps.map((step) => [step.key, step.done]));
  };

  it('ticks each step when the platform’s data shows it, in order, and is for super-admins only', async () => {
    const empty = await api(context.superAdmin.token).call(setup.checklist, {});
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
      const other = await signInAs(context.server, { role });
      expect((await api(other.token).call(setup.checklist, {})).status, role).toBe(403);
    }

    const customer = await api(context.superAdmin.token).call(organizations.create, {
      body: { name: `Acme ${newId()}` },
    });
    expect(customer.status).toBe(201);
    expect(await done()).toMatchObject({ create_organization: true, issue_credits: false });

    const issued = await api(context.superAdmin.token).call(organizationCredits.issue, {
      params: { organization_id: customer.body.id },
      body: { nb_credits: 500 },
    });
    expect(issued.status).toBe(200);
    expect(await done()).toMatchObject({ issue_credits: true, invite_operator: false });

    const invited = await api(context.superAdmin.token).call(users.invite, {
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
    const started = await api(context.superAdmin.token).call(sessions.create, {
      body: { scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') },
    });
    expect(started.status).toBe(201);
    const played = await api(context.superAdmin.token).call(setup.checklist, {});
    expect(played.body).toMatchObject({ complete: true });
  });

  it('counts a connected provider as the AI step', async () => {
    const provider = await api(context.superAdmin.token).call(providers.create, {
      body: { name: `OpenAI ${newId()}`, kind: 'openai', enabled: true },
    });
    expect(provider.status).toBe(201);
    expect(await done()).toMatchObject({ connect_ai: true });
  });
});
