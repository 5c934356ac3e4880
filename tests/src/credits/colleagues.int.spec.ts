import {
  apiClient,
  createTestOrganization,
  createTestUser,
  describeApi,
  signInAs,
  type TestUser,
} from '@ai-coaching/api/testing';
import {
  COLLEAGUES_MAX,
  userGroupOperations,
  userOperations,
  type Colleague,
  type CreditMovementResult,
} from '@ai-coaching/contracts';
import type { Role } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { moveCredits } from './credit-test-client.js';

// Issue 9, item 1.2: users were offered "Transfer credits" but could not see anyone to give to
// (they may not list users or groups). `GET /v1/users/colleagues?q=` finds colleagues by name or
// email for whoever may transfer, within their own organization, and answers names only.

type Signed = TestUser & { token: string };

await describeApi('[CREDITS]: finding a colleague to transfer to', (context) => {
  /** A unique word in every name of this run, so searches see only this file's people. */
  const tag = `Zq${newId().slice(-6)}`;
  let acme: string;
  let globex: string;
  const people = {} as Record<'operator' | 'editor' | 'alice' | 'bob' | 'other', Signed>;
  let disabled: TestUser;
  let superAdmin: Signed;

  beforeAll(async () => {
    acme = await createTestOrganization(context.server, `Acme ${tag}`);
    globex = await createTestOrganization(context.server, `Globex ${tag}`);
    const person = (role: Role, organizationId: string, firstName: string, email?: string) =>
      signInAs(context.server, {
        role,
        organizationId,
        firstName,
        lastName: tag,
        ...(email ? { email } : {}),
      });
    people.operator = await person('operator', acme, 'Olive');
    people.editor = await person('editor', acme, 'Eddie');
    people.alice = await person('user', acme, 'Alice');
    people.bob = await person('user', acme, 'Bob', `bob.builder-${tag.toLowerCase()}@example.test`);
    people.other = await person('user', globex, 'Alice');
    superAdmin = await signInAs(context.server, { role: 'super-admin', firstName: 'Sam', lastName: tag });
    disabled = await createTestUser(context.server, {
      role: 'user',
      organizationId: acme,
      firstName: 'Dora',
      lastName: tag,
    });
    const off = await apiClient(context.server, people.operator.token).call(userOperations.update, {
      params: { id: disabled.userId },
      body: { status: 'disabled' },
    });
    expect(off.status).toBe(200);
    // Invited, not active yet.
    const invited = await apiClient(context.server, people.operator.token).call(userOperations.invite, {
      body: {
        email: `ivan-${tag.toLowerCase()}@example.test`,
        first_name: 'Ivan',
        last_name: tag,
        organization_id: acme,
        organization_role: 'user',
      },
    });
    expect(invited.status).toBe(201);
  }, 90_000);

  const colleagues = (token: string, q: string) =>
    apiClient(context.server, token).call(userOperations.colleagues, { query: { q } });
  const names = async (token: string, q: string) => {
    const answer = await colleagues(token, q);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.items.map((item: Colleague) => item.display_name);
  };

  it('answers a user the active colleagues of their organization, never themself, by name, names only', async () => {
    const answer = await colleagues(people.alice.token, tag);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      items: [
        { id: people.bob.userId, display_name: `Bob ${tag}` },
        { id: people.editor.userId, display_name: `Eddie ${tag}` },
        { id: people.operator.userId, display_name: `Olive ${tag}` },
      ],
    });
    // No email, role, status or wallet reaches a learner.
    for (const item of answer.body.items) expect(Object.keys(item).sort()).toEqual(['display_name', 'id']);
    expect(JSON.stringify(answer.body)).not.toContain('@');
  });

  it('finds by any part of a name or of an email address, case-insensitively', async () => {
    expect(await names(people.alice.token, 'bob.BUILDER')).toEqual([`Bob ${tag}`]);
    expect(await names(people.alice.token, `olive ${tag}`)).toEqual([`Olive ${tag}`]);
    expect(await names(people.alice.token, 'nobody-at-all')).toEqual([]);
    // Literal: a % typed is not a wildcard.
    expect(await names(people.alice.token, '%%')).toEqual([]);
  });

  it('shows every role the same colleagues of its own organization, and another organization none of them', async () => {
    const firstNames = { operator: 'Olive', editor: 'Eddie', alice: 'Alice', bob: 'Bob' } as const;
    const acme = Object.values(firstNames)
      .map((name) => `${name} ${tag}`)
      .sort();
    for (const who of ['operator', 'editor', 'alice', 'bob'] as const) {
      const me = `${firstNames[who]} ${tag}`;
      expect(await names(people[who].token, tag), who).toEqual(acme.filter((name) => name !== me));
    }
    // Globex's Alice sees nobody of Acme, and Acme never sees her.
    expect(await names(people.other.token, tag)).toEqual([]);
    const acmeAnswer = await colleagues(people.bob.token, 'Alice');
    expect(acmeAnswer.body.items.map((item: Colleague) => item.id)).toEqual([people.alice.userId]);
    // A super-admin transfers within the platform organization: Acme's people are not their colleagues.
    expect(await names(superAdmin.token, tag)).toEqual([]);
  });

  it('leaves out disabled and invited people', async () => {
    expect(await names(people.alice.token, 'Dora')).toEqual([]);
    expect(await names(people.alice.token, 'Ivan')).toEqual([]);
    expect(await names(people.operator.token, `ivan-${tag.toLowerCase()}`)).toEqual([]);
  });

  it(`answers at most ${COLLEAGUES_MAX} people`, async () => {
    const crowd = `Crowd${newId().slice(-6)}`;
    for (let index = 0; index < COLLEAGUES_MAX + 2; index++) {
      await createTestUser(context.server, {
        role: 'user',
        organizationId: acme,
        firstName: `P${index}`,
        lastName: crowd,
      });
    }
    expect(await names(people.alice.token, crowd)).toHaveLength(COLLEAGUES_MAX);
  });

  it('refuses a search shorter than two characters, a guest, and no token', async () => {
    const short = await colleagues(people.alice.token, ' a ');
    expect(short.status).toBe(400);
    expect(short.body.details?.['issues']).toEqual([{ path: 'q', message: expect.any(String) }]);
    const missing = await apiClient(context.server, people.alice.token).send('GET', '/v1/users/colleagues');
    expect(missing.status).toBe(400);
    expect((await apiClient(context.server).send('GET', '/v1/users/colleagues', { query: { q: tag } })).status).toBe(
      401,
    );
  });

  it('lets a user give credits to a colleague found, and to a group they belong to', async () => {
    const operator = people.operator;
    const issued = await moveCredits(context.server, superAdmin.token, 'organizations', 'allocate_credit', acme, {
      nb_credits: 100,
    });
    expect(issued.status).toBe(200);
    expect(
      (
        await moveCredits(context.server, operator.token, 'users', 'allocate_credit', people.alice.userId, {
          nb_credits: 30,
        })
      ).status,
    ).toBe(200);

    const [bob] = (await colleagues(people.alice.token, 'bob.builder')).body.items;
    const given = await moveCredits(context.server, people.alice.token, 'users', 'transfer_credit', bob!.id, {
      nb_credits: 5,
    });
    expect(given.status).toBe(200);
    expect((given.body as CreditMovementResult).to.account).toBe(`user:${people.bob.userId}`);

    // The groups a user may give to are the ones they belong to: their own record lists them.
    const group = await apiClient(context.server, operator.token).call(userGroupOperations.create, {
      body: { name: `Team ${tag}`, organization_id: acme },
    });
    await apiClient(context.server, operator.token).call(userGroupOperations.addMember, {
      params: { user_group_id: group.body.id },
      body: { user_id: people.alice.userId },
    });
    const mine = await apiClient(context.server, people.alice.token).call(userOperations.read, {
      params: { id: people.alice.userId },
    });
    expect(mine.body.groups).toEqual([{ id: group.body.id, name: `Team ${tag}` }]);
    const toGroup = await moveCredits(
      context.server,
      people.alice.token,
      'user_groups',
      'transfer_credit',
      group.body.id,
      {
        nb_credits: 7,
      },
    );
    expect(toGroup.status).toBe(200);
    expect((toGroup.body as CreditMovementResult).from.credit_wallet).toBe(18);
  });
});
