import { recordAssignmentPasses } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { programAssignmentOperations as assignments, userNoticeOperations } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { criterion, seedSession } from '../coaching/coaching-dashboard-fixtures.js';
import { organizationWithPriceProgram, STARTER_PRICE_SCENARIO } from '../coaching/program-fixtures.js';
import { unique } from '../coaching/session-fixtures.js';

// Notices in the app (docs/notices.md): posted beside the mails (an assignment, a pass), each user reads their own
// and marks them read; nobody reads or marks another's.

await describeApi('[NOTICES]: a user’s notices in the app', (context) => {
  const org = { id: '', operator: '', programId: '', programName: unique('Onboarding') };
  const { api } = context;
  const noticesOf = async (token: string) => {
    const page = await api(token).call(userNoticeOperations.list, { query: {} });
    expect(page.status).toBe(200);
    return page.body;
  };

  beforeAll(async () => {
    Object.assign(org, await organizationWithPriceProgram(context.server, org.programName));
  }, 120_000);

  it('tells a learner of an assignment and of their pass, newest first; they mark one, then all, read', async () => {
    const learner = await signInAs(context.server, { role: 'user', organizationId: org.id });
    const assigned = await api(org.operator).send('POST', assignments.create.path.replace(':id', org.programId), {
      body: { assignees: [{ user_id: learner.userId }], due_at: '2031-03-14T17:00:00.000Z', time_zone: 'Europe/Paris' },
    });
    expect(assigned.status).toBe(201);
    await expect.poll(async () => (await noticesOf(learner.token)).unread, { timeout: 10_000 }).toBe(1);
    const [notice] = (await noticesOf(learner.token)).items;
    expect(notice).toMatchObject({
      kind: 'assignment_assigned',
      params: { programName: org.programName, dueAt: '2031-03-14T17:00:00.000Z', timeZone: 'Europe/Paris' },
      link: '/apps/ai-coaching',
      read_at: null,
    });

    await seedSession(context.server, {
      organizationId: org.id,
      userId: learner.userId,
      scenarioId: STARTER_PRICE_SCENARIO,
      startedAt: new Date().toISOString(),
      ended: { status: 'end', captured: 1 },
      reports: [[criterion('Discovery', '1_5', 1, 5)]],
    });
    await recordAssignmentPasses(
      context.server.platform,
      { organizationId: org.id, userId: learner.userId },
      { causationId: newId() },
    );
    await expect.poll(async () => (await noticesOf(learner.token)).unread, { timeout: 10_000 }).toBe(2);
    const page = await noticesOf(learner.token);
    expect(page.items.map((item) => item.kind)).toEqual(['assignment_passed', 'assignment_assigned']);
    expect(page.items[0]!.link).toMatch(/^\/certificates\/[A-Za-z0-9_-]{43}$/);
    expect(page).toMatchObject({ total: 2, page: 1 });

    // Someone else's notice ids change nothing of theirs, and nothing of this learner's.
    const stranger = await signInAs(context.server, {
      role: 'operator',
      organizationId: await createTestOrganization(context.server, unique('Beta')),
    });
    expect(await noticesOf(stranger.token)).toMatchObject({ items: [], total: 0, unread: 0 });
    const intruder = await api(stranger.token).call(userNoticeOperations.read, {
      body: { ids: [page.items[0]!.id] },
    });
    expect(intruder.body).toEqual({ unread: 0 });
    expect((await noticesOf(learner.token)).unread).toBe(2);

    const one = await api(learner.token).call(userNoticeOperations.read, { body: { ids: [page.items[1]!.id] } });
    expect(one.body).toEqual({ unread: 1 });
    const all = await api(learner.token).call(userNoticeOperations.read, { body: {} });
    expect(all.body).toEqual({ unread: 0 });
    const again = await api(learner.token).call(userNoticeOperations.read, { body: {} });
    expect(again.body).toEqual({ unread: 0 });
    expect((await noticesOf(learner.token)).items.every((item) => item.read_at !== null)).toBe(true);
  });

  it('refuses a malformed read with the field named', async () => {
    const learner = await signInAs(context.server, { role: 'user', organizationId: org.id });
    const bad = await api(learner.token).send('POST', userNoticeOperations.read.path, { body: { ids: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', details: { issues: [{ path: 'ids' }] } });
  });
});
