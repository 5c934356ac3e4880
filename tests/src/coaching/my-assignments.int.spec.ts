import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  assignmentLearnerOperations as learners,
  myAssignmentOperations,
  playlistContent,
  programAssignmentOperations as assignments,
  userGroupOperations as groups,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { ASSIGNMENT_EXPORT_LABELS } from '@ai-coaching/application';
import { parseCsv } from '../credits/credit-test-client.js';
import { criterion, seedSession } from './coaching-dashboard-fixtures.js';
import { publishedProgram } from './program-fixtures.js';

// A learner's assignments (issue 27, docs/programs.md): reached through a group, members added later included; the
// pass rule applied to their scored sessions since the assignment started, item by item, in order.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const price = starterLibraryItemId('scenario', 'price', 'en-GB');
const complaint = starterLibraryItemId('scenario', 'complaint', 'en-GB');
const feedback = starterLibraryItemId('scenario', 'feedback', 'en-GB');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** An overall score on the 1–5 scale: 1 → 0, 2 → 25, 3 → 50, 4 → 75, 5 → 100. */
const scored = (score: 1 | 2 | 3 | 4 | 5) => [[criterion('Discovery', '1_5', 1, score)]];

await describeApi(
  '[COACHING]: a learner’s assignments',
  (context) => {
    const org = { id: '', operator: '', groupId: '', programId: '' };
    const { api } = context;

    const mine = async (token: string) => {
      const page = await api(token).call(myAssignmentOperations.list, { query: {} });
      expect(page.status).toBe(200);
      return page.body;
    };
    const play = (userId: string, scenarioId: string, score: 1 | 2 | 3 | 4 | 5, startedAt = new Date().toISOString()) =>
      seedSession(context.server, {
        organizationId: org.id,
        userId,
        scenarioId,
        startedAt,
        ended: { status: 'end', captured: 1 },
        reports: scored(score),
      });

    beforeAll(async () => {
      org.id = await createTestOrganization(context.server, unique('Acme'));
      org.operator = (await signInAs(context.server, { role: 'operator', organizationId: org.id })).token;
      org.groupId = (
        await api(org.operator).call(groups.create, { body: { name: unique('Sales'), organization_id: org.id } })
      ).body.id!;
      const playlist = await api(org.operator).call(playlistContent.operations.create, {
        body: { name: unique('Hard talks'), scenario_ids: [complaint, feedback] },
      });
      await api(org.operator).call(playlistContent.operations.publish, { params: { id: playlist.body.id! } });
      org.programId = await publishedProgram(context.server, org.operator, {
        name: 'Sales onboarding',
        items: [{ scenario_id: price }, { playlist_id: playlist.body.id! }],
        pass_rule: { min_score: 70, attempts: 2, counts: 'best', in_order: true },
      });
    }, 120_000);

    it('reaches a group’s members, one added later too, and follows a learner’s scored sessions to a pass', async () => {
      const first = await signInAs(context.server, { role: 'user', organizationId: org.id });
      await api(org.operator).call(groups.addMember, {
        params: { user_group_id: org.groupId },
        body: { user_id: first.userId },
      });
      // Played before the assignment: it does not count.
      const before = new Date(Date.now() - 60_000).toISOString();
      await play(first.userId, price, 5, before);
      const due = inDays(14);
      const created = await api(org.operator).send('POST', assignments.create.path.replace(':id', org.programId), {
        body: {
          assignees: [{ user_group_id: org.groupId }],
          due_at: due,
          time_zone: 'Europe/Paris',
          message: 'Before the quarter.',
        },
      });
      expect(created.status).toBe(201);

      const fresh = await mine(first.token);
      expect(fresh.total).toBe(1);
      expect(fresh.items[0]).toMatchObject({
        name: 'Sales onboarding',
        program_version: 1,
        message: 'Before the quarter.',
        status: 'not_started',
        due_at: due,
        time_zone: 'Europe/Paris',
        progress: { passed: 0, total: 2 },
        items: [
          { kind: 'scenario', id: price, status: 'not_started', attempts_used: 0, attempts_left: 2, open: true },
          { kind: 'playlist', status: 'not_started', scenarios: { passed: 0, total: 2 }, open: false },
        ],
      });

      // A member added after the assignment has it too.
      const later = await signInAs(context.server, { role: 'user', organizationId: org.id });
      expect((await mine(later.token)).total).toBe(0);
      await api(org.operator).call(groups.addMember, {
        params: { user_group_id: org.groupId },
        body: { user_id: later.userId },
      });
      expect((await mine(later.token)).items[0]).toMatchObject({ id: (created.body as { id: string }).id });

      // 50, then 75: the best counts, the item is passed and the playlist opens.
      await play(first.userId, price, 3);
      expect((await mine(first.token)).items[0]).toMatchObject({
        status: 'in_progress',
        items: [{ status: 'in_progress', score: 50, attempts_left: 1 }, { open: false }],
      });
      await play(first.userId, price, 4);
      await play(first.userId, complaint, 5);
      expect((await mine(first.token)).items[0]).toMatchObject({
        status: 'in_progress',
        progress: { passed: 1, total: 2 },
        items: [
          { status: 'passed', score: 75, attempts_used: 2, attempts_left: 0 },
          { status: 'in_progress', scenarios: { passed: 1, total: 2 }, open: true },
        ],
      });
      await play(first.userId, feedback, 4);
      expect((await mine(first.token)).items[0]).toMatchObject({
        status: 'passed',
        progress: { passed: 2, total: 2 },
        items: [{ status: 'passed' }, { status: 'passed', score: 87.5 }],
      });

      // Two tries below the score: the item, and the program, are failed for that learner.
      await play(later.userId, price, 1);
      await play(later.userId, price, 2);
      expect((await mine(later.token)).items[0]).toMatchObject({
        status: 'failed',
        items: [{ status: 'failed', score: 25, attempts_left: 0 }, { open: false }],
      });

      // An extra attempt on the failed item: in progress again, and a pass then counts.
      const params = { id: org.programId, assignment_id: (created.body as { id: string }).id };
      const granted = await api(org.operator).call(assignments.grantAttempts, {
        params,
        body: { user_id: later.userId, item_index: 0, attempts: 1 },
      });
      expect(granted.status).toBe(200);
      expect((await mine(later.token)).items[0]).toMatchObject({
        status: 'in_progress',
        items: [{ status: 'in_progress', attempts_left: 1 }, { open: false }],
      });
      await play(later.userId, price, 5);
      expect((await mine(later.token)).items[0]).toMatchObject({
        items: [{ status: 'passed', score: 100 }, { open: true }],
      });
      // Only to a learner it reaches, on an item the program has.
      const outsider = await signInAs(context.server, { role: 'user', organizationId: org.id });
      const refused = await api(org.operator).call(assignments.grantAttempts, {
        params,
        body: { user_id: outsider.userId, item_index: 0, attempts: 1 },
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'assignee_not_found' });
      const noItem = await api(org.operator).call(assignments.grantAttempts, {
        params,
        body: { user_id: later.userId, item_index: 2, attempts: 1 },
      });
      expect(noItem.status).toBe(400);
      expect(noItem.body).toMatchObject({ code: 'invalid_assignment_item' });

      // Its managers see every learner it reaches, by name, filtered by status.
      const followed = await api(org.operator).call(learners.list, { params, query: {} });
      expect(followed.body.items.map((learner) => [learner.user_id, learner.status, learner.progress.passed])).toEqual(
        expect.arrayContaining([
          [first.userId, 'passed', 2],
          [later.userId, 'in_progress', 1],
        ]),
      );
      expect(followed.body.total).toBe(2);
      const passedOnly = await api(org.operator).call(learners.list, { params, query: { status: 'passed' } });
      expect(passedOnly.body.items.map((learner) => learner.user_id)).toEqual([first.userId]);
      // A learner sees nobody else's standing.
      expect((await api(first.token).call(learners.list, { params, query: {} })).status).toBe(403);

      // Withdrawn: still listed, marked, after those still to do.
      const other = await api(org.operator).send('POST', assignments.create.path.replace(':id', org.programId), {
        body: { assignees: [{ user_id: first.userId }], due_at: inDays(30), time_zone: 'UTC' },
      });
      await api(org.operator).call(assignments.withdraw, { params });
      const listed = await mine(first.token);
      expect(listed.items.map((item) => [item.id, item.status])).toEqual([
        [(other.body as { id: string }).id, 'not_started'],
        [(created.body as { id: string }).id, 'withdrawn'],
      ]);
    });

    it('says overdue once the due date passes unfinished, and shows nothing of another organization', async () => {
      const learner = await signInAs(context.server, { role: 'user', organizationId: org.id });
      const created = await api(org.operator).send('POST', assignments.create.path.replace(':id', org.programId), {
        body: {
          assignees: [{ user_id: learner.userId }],
          due_at: new Date(Date.now() + 1500).toISOString(),
          time_zone: 'UTC',
        },
      });
      expect(created.status).toBe(201);
      expect((await mine(learner.token)).items[0]!.status).toBe('not_started');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await mine(learner.token)).items[0]!.status).toBe('overdue');
      // Overdue on the managers' list and in its CSV, in the language asked.
      const params = { id: org.programId, assignment_id: (created.body as { id: string }).id };
      const overdue = await api(org.operator).call(learners.list, { params, query: { status: 'overdue' } });
      expect(overdue.body.items.map((row) => row.user_id)).toEqual([learner.userId]);
      for (const lang of ['en-GB', 'fr-FR'] as const) {
        const csv = await api(org.operator).call(learners.export, { params, query: { lang } });
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        const [header, ...rows] = parseCsv(csv.body as string);
        const labels = ASSIGNMENT_EXPORT_LABELS[lang];
        expect(header).toEqual(Object.values(labels.columns));
        expect(rows).toEqual([
          [
            learner.userId,
            expect.any(String),
            expect.any(String),
            learner.email,
            labels.statuses.overdue,
            '0',
            '2',
            expect.stringMatching(/^\d{4}-/),
            // Reminders sent: its overdue notice falls a second after the due time, about now.
            expect.stringMatching(/^[01]$/),
          ],
        ]);
      }

      const stranger = await signInAs(context.server, {
        role: 'operator',
        organizationId: await createTestOrganization(context.server, unique('Beta')),
      });
      expect(await mine(stranger.token)).toMatchObject({ items: [], total: 0 });
    });
  },
  { engines: 'one' },
);
