import { recordAssignmentPasses, starterLibraryItemId } from '@ai-coaching/application';
import { describeApi, signInAs, type SignedInUser } from '@ai-coaching/api/testing';
import {
  leaderboardOperations as leaderboards,
  organizationOperations as organizations,
  programAssignmentOperations as assignments,
  userGroupOperations as groups,
  type OperationRequest,
} from '@ai-coaching/contracts';
import { leaderboardPeriod } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { criterion, seedSession } from './coaching-dashboard-fixtures.js';
import { publishedPriceProgram } from './program-fixtures.js';

// Leaderboards (issue 27 §7, docs/programs.md "Leaderboards"): off until an administrator turns them on; the
// organization or one of its groups ranked by programs passed, average best score or practice time over the current
// week, month or quarter, ties sharing a rank; private practice counts in time only; a learner may hide their name.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const price = starterLibraryItemId('scenario', 'price', 'en-GB');
const complaint = starterLibraryItemId('scenario', 'complaint', 'en-GB');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
type Query = OperationRequest<typeof leaderboards.read>['query'];

await describeApi('[COACHING]: leaderboards', (context) => {
  const { api } = context;
  const a = {
    id: '',
    operator: '',
    groupId: '',
    learners: {} as Record<'ann' | 'bob' | 'cid' | 'dee' | 'eve', SignedInUser>,
  };
  const b = { id: '', operator: '', groupId: '', learner: {} as SignedInUser };

  const board = async (token: string, query: Query) => {
    const answer = await api(token).call(leaderboards.read, { query });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** `[name, rank, value]` of each line: what the table shows. */
  const lines = async (token: string, query: Query) =>
    (await board(token, query)).entries.map((entry) => [entry.name, entry.rank, entry.value]);
  /** An ended session of `userId`, now unless said: `score` on the 1–5 scale (2 → 25, 3 → 50, 4 → 75, 5 → 100). */
  const play = (
    organizationId: string,
    userId: string,
    options: { scenarioId?: string; score?: 2 | 3 | 4 | 5; seconds: number; private?: boolean; startedAt?: string },
  ) =>
    seedSession(context.server, {
      organizationId,
      userId,
      scenarioId: options.scenarioId ?? price,
      startedAt: options.startedAt ?? new Date().toISOString(),
      ended: { status: 'end', captured: 1, usedSeconds: options.seconds },
      ...(options.score === undefined ? {} : { reports: [[criterion('Discovery', '1_5', 1, options.score)]] }),
      ...(options.private ? { private: true } : {}),
    });
  const enable = async (operator: string, organizationId: string) => {
    const changed = await api(operator).call(organizations.update, {
      params: { id: organizationId },
      body: { leaderboards_enabled: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.leaderboards_enabled).toBe(true);
  };

  beforeAll(async () => {
    const tenantA = await context.tenant({ name: unique('Acme') });
    a.id = tenantA.organizationId;
    a.operator = tenantA.operator.token;
    for (const [key, firstName] of [
      ['ann', 'Ann'],
      ['bob', 'Bob'],
      ['cid', 'Cid'],
      ['dee', 'Dee'],
      ['eve', 'Eve'],
    ] as const) {
      a.learners[key] = await signInAs(context.server, {
        role: 'user',
        organizationId: a.id,
        firstName,
        lastName: 'Learner',
      });
    }
    const { ann, bob, cid, dee, eve } = a.learners;
    a.groupId = (
      await api(a.operator).call(groups.create, { body: { name: unique('Sales'), organization_id: a.id } })
    ).body.id!;
    for (const member of [ann, bob]) {
      await api(a.operator).call(groups.addMember, {
        params: { user_group_id: a.groupId },
        body: { user_id: member.userId },
      });
    }
    const programId = await publishedPriceProgram(context.server, a.operator, unique('Onboarding'));
    const assigned = await api(a.operator).call(assignments.create, {
      params: { id: programId },
      body: {
        assignees: [ann, bob, cid].map((learner) => ({ user_id: learner.userId })),
        due_at: inDays(14),
        time_zone: 'UTC',
      },
    });
    expect(assigned.status).toBe(201);

    // Ann: price 75 then 50, complaint 25 → best scores 75 and 25, mean 50; 3 × 100 s.
    await play(a.id, ann.userId, { score: 4, seconds: 100 });
    await play(a.id, ann.userId, { score: 3, seconds: 100 });
    await play(a.id, ann.userId, { scenarioId: complaint, score: 2, seconds: 100 });
    // Bob: price 50 → 50; 120 s, and a session still playing that counts no time.
    await play(a.id, bob.userId, { score: 3, seconds: 120 });
    await seedSession(context.server, {
      organizationId: a.id,
      userId: bob.userId,
      scenarioId: price,
      startedAt: new Date().toISOString(),
    });
    // Cid: price 100; 120 s.
    await play(a.id, cid.userId, { score: 5, seconds: 120 });
    // Dee: private practice only, scored 100: 600 s of practice, no score anyone else reads.
    await play(a.id, dee.userId, { score: 5, seconds: 600, private: true });
    // Eve: a session at the very start of the month counts in it; one a millisecond before does not.
    const monthStart = leaderboardPeriod('month', new Date()).from;
    await play(a.id, eve.userId, { seconds: 30, startedAt: monthStart });
    await play(a.id, eve.userId, {
      score: 5,
      seconds: 1000,
      startedAt: new Date(Date.parse(monthStart) - 1).toISOString(),
    });
    // Ann and Cid pass the program (75 and 100 ≥ 70); Bob does not.
    for (const learner of [ann, bob, cid]) {
      await recordAssignmentPasses(
        context.server.platform,
        { organizationId: a.id, userId: learner.userId },
        { causationId: newId() },
      );
    }
    await enable(a.operator, a.id);

    const tenantB = await context.tenant({ name: unique('Globex') });
    b.id = tenantB.organizationId;
    b.operator = tenantB.operator.token;
    b.learner = await signInAs(context.server, { role: 'user', organizationId: b.id, firstName: 'Zed' });
    b.groupId = (
      await api(b.operator).call(groups.create, { body: { name: unique('Ops'), organization_id: b.id } })
    ).body.id!;
    await play(b.id, b.learner.userId, { score: 5, seconds: 5000 });
    await enable(b.operator, b.id);
  }, 180_000);

  it('keeps leaderboards off until an administrator turns them on: a learner or an editor may not', async () => {
    const tenant = await context.tenant({
      members: { operator: { role: 'operator' }, editor: { role: 'editor' }, learner: { role: 'user' } },
    });
    const { operator, editor, learner } = tenant;
    const organization = await api(operator.token).call(organizations.read, { params: { id: tenant.organizationId } });
    expect(organization.body.leaderboards_enabled).toBe(false);
    for (const caller of [learner, operator]) {
      const refused = await api(caller.token).call(leaderboards.read, {
        query: { period: 'month', metric: 'practice_time' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'leaderboards_disabled',
        message: expect.stringContaining('An administrator can turn them on'),
      });
    }
    expect((await api(learner.token).call(leaderboards.readMine, {})).body).toEqual({ hidden: false, enabled: false });

    // The same rule as how long sessions are kept: a learner and an editor are refused, naming nothing changed.
    for (const caller of [learner, editor]) {
      const refused = await api(caller.token).send('PATCH', `/v1/organizations/${tenant.organizationId}`, {
        body: { leaderboards_enabled: true },
      });
      expect(refused.status).toBe(403);
      expect((refused.body as { code: string }).code).toBe('forbidden');
    }
    const stranger = await api(a.operator).send('PATCH', `/v1/organizations/${tenant.organizationId}`, {
      body: { leaderboards_enabled: true },
    });
    expect(stranger.status).toBe(404);
    expect((await api(learner.token).call(leaderboards.readMine, {})).body.enabled).toBe(false);

    await enable(operator.token, tenant.organizationId);
    expect((await api(learner.token).call(leaderboards.readMine, {})).body).toEqual({ hidden: false, enabled: true });
    const shown = await board(learner.token, { period: 'week', metric: 'programs_passed' });
    expect(shown).toMatchObject({ metric: 'programs_passed', scope: 'organization', entries: [], you: null });

    const off = await api(operator.token).call(organizations.update, {
      params: { id: tenant.organizationId },
      body: { leaderboards_enabled: false },
    });
    expect(off.body.leaderboards_enabled).toBe(false);
    expect(
      (await api(learner.token).call(leaderboards.read, { query: { period: 'week', metric: 'programs_passed' } }))
        .status,
    ).toBe(403);
  });

  it('ranks by programs passed in the period, a tie sharing the first rank', async () => {
    const { ann, cid } = a.learners;
    expect(await lines(ann.token, { period: 'month', metric: 'programs_passed' })).toEqual([
      ['Ann Learner', 1, 1],
      ['Cid Learner', 1, 1],
    ]);
    const answer = await board(cid.token, { period: 'quarter', metric: 'programs_passed' });
    expect(answer.you).toEqual({ rank: 1, value: 1 });
    expect(answer.entries.find((entry) => entry.you)).toMatchObject({ user_id: cid.userId, name: 'Cid Learner' });
    expect(answer.period).toEqual({ from: leaderboardPeriod('quarter', new Date()).from, to: expect.any(String) });
  });

  it('ranks by the mean of each scenario’s best score, leaving private practice out', async () => {
    const { ann, dee } = a.learners;
    expect(await lines(ann.token, { period: 'month', metric: 'average_best_score' })).toEqual([
      ['Cid Learner', 1, 100],
      ['Ann Learner', 2, 50],
      ['Bob Learner', 2, 50],
    ]);
    // Dee's only session is private: she has no score, even to herself.
    expect((await board(dee.token, { period: 'month', metric: 'average_best_score' })).you).toBeNull();
  });

  it('ranks by practice time of the ended sessions, private practice included, within the period', async () => {
    const { bob, dee } = a.learners;
    expect(await lines(bob.token, { period: 'month', metric: 'practice_time' })).toEqual([
      ['Dee Learner', 1, 600],
      ['Ann Learner', 2, 300],
      ['Bob Learner', 3, 120],
      ['Cid Learner', 3, 120],
      ['Eve Learner', 5, 30],
    ]);
    const week = await board(dee.token, { period: 'week', metric: 'practice_time' });
    expect(week.entries.find((entry) => entry.you)).toMatchObject({ rank: 1, value: 600, name: 'Dee Learner' });
  });

  it('ranks a group’s current members only; a group of another organization answers 404', async () => {
    const { ann } = a.learners;
    expect(
      await lines(ann.token, {
        scope: 'user_group',
        user_group_id: a.groupId,
        period: 'month',
        metric: 'practice_time',
      }),
    ).toEqual([
      ['Ann Learner', 1, 300],
      ['Bob Learner', 2, 120],
    ]);
    for (const user_group_id of [b.groupId, 'no-such-group']) {
      const missing = await api(ann.token).call(leaderboards.read, {
        query: { scope: 'user_group', user_group_id, period: 'month', metric: 'practice_time' },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('user_group_not_found');
    }
    const unnamed = await api(ann.token).call(leaderboards.read, {
      query: { scope: 'user_group', period: 'month', metric: 'practice_time' },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.code).toBe('leaderboard_group_required');
  });

  it('never shows another organization’s learners, on either side', async () => {
    const fromA = await board(a.learners.ann.token, { period: 'month', metric: 'practice_time' });
    expect(fromA.entries.map((entry) => entry.user_id)).not.toContain(b.learner.userId);
    expect(await lines(b.learner.token, { period: 'month', metric: 'practice_time' })).toEqual([['Zed user', 1, 5000]]);
  });

  it('hides a learner’s name from others, who read a line without a name, while they still see their own', async () => {
    const { ann, bob } = a.learners;
    const hidden = await api(bob.token).call(leaderboards.changeMine, { body: { hidden: true } });
    expect(hidden.body).toEqual({ hidden: true, enabled: true });
    expect((await api(bob.token).call(leaderboards.readMine, {})).body.hidden).toBe(true);

    const toAnn = await board(ann.token, { period: 'month', metric: 'average_best_score' });
    expect(toAnn.entries).toEqual([
      { rank: 1, user_id: a.learners.cid.userId, name: 'Cid Learner', value: 100, you: false },
      { rank: 2, user_id: ann.userId, name: 'Ann Learner', value: 50, you: true },
      { rank: 2, user_id: null, name: null, value: 50, you: false },
    ]);
    expect(toAnn.you).toEqual({ rank: 2, value: 50 });
    const toBob = await board(bob.token, { period: 'month', metric: 'average_best_score' });
    expect(toBob.entries[2]).toEqual({ rank: 2, user_id: bob.userId, name: 'Bob Learner', value: 50, you: true });

    const shown = await api(bob.token).call(leaderboards.changeMine, { body: { hidden: false } });
    expect(shown.body.hidden).toBe(false);
    expect((await board(ann.token, { period: 'month', metric: 'average_best_score' })).entries[2]).toMatchObject({
      user_id: bob.userId,
      name: 'Bob Learner',
    });
  });
});
