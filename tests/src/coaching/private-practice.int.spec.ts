import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  assignmentLearnerOperations as learners,
  coachingDashboardOperations as dashboard,
  coachingPracticeOperations as practice,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  myAssignmentOperations,
  programAssignmentOperations as assignments,
} from '@ai-coaching/contracts';
import { beforeAll, expect, it } from 'vitest';
import { fundUser, parseCsv, walletOf } from '../credits/credit-test-client.js';
import { coachingTeam, paidBuiltinModel, publishedScenario, unique } from './session-fixtures.js';
import { publishedProgram } from './program-fixtures.js';

// Private practice (issue 27 §6, docs/programs.md "Private practice"): a learner's private session is charged as
// usual and counts for their own progress, but nobody else reads anything of it, whatever their role, and it never
// counts as a try of an assignment; managers see only how many and how long.

await describeApi(
  '[COACHING]: private practice',
  (context) => {
    const a = { organizationId: '', operator: '', editor: '', learner: '', learnerId: '', colleague: '' };
    const b = { operator: '' };
    let scenarioId = '';
    let programId = '';
    let assignmentId = '';
    let privateId = '';
    const { api } = context;

    /** The figures the operator sees of a user's wallet. */
    const wallet = (userId: string) => walletOf(context.server, a.operator, userId);
    /** Starts the scenario (privately or not) and wins it at once, then waits until its report is finished. */
    const playToReport = async (token: string, asPrivate?: boolean) => {
      const started = await api(token).call(sessions.create, {
        body: { scenario_id: scenarioId, ...(asPrivate === undefined ? {} : { private: asPrivate }) },
      });
      expect(started.status).toBe(201);
      const id = started.body.id!;
      const won = await api(token).call(sessions.turn, { params: { id }, body: { text: 'So we have a deal?' } });
      expect(won.body.status).toBe('win');
      await expect
        .poll(
          async () => {
            const report = await api(token).call(analyses.analysis, { params: { id }, query: {} });
            return report.status === 200 ? report.body.status : undefined;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe('done');
      return { id, started: started.body };
    };
    const mine = async () => {
      const page = await api(a.learner).call(myAssignmentOperations.list, { query: {} });
      expect(page.status).toBe(200);
      return page.body.items.find((item) => item.id === assignmentId)!;
    };
    const followed = async () => {
      const page = await api(a.operator).call(learners.list, {
        params: { id: programId, assignment_id: assignmentId },
        query: {},
      });
      expect(page.status).toBe(200);
      return page.body.items.find((row) => row.user_id === a.learnerId)!;
    };

    beforeAll(async () => {
      Object.assign(a, await coachingTeam(context.server));
      b.operator = (
        await signInAs(context.server, {
          role: 'operator',
          organizationId: await createTestOrganization(context.server, unique('Beta')),
        })
      ).token;
      await fundUser(
        context.server,
        { superAdmin: context.superAdmin.token, operator: a.operator },
        { organizationId: a.organizationId, userId: a.learnerId },
        { organization: 50, user: 20 },
      );
      // 2 credits a minute for 2 minutes: a start reserves 4; its observer reads on the free built-in model.
      const modelId = await paidBuiltinModel(context.server, context.superAdmin.token);
      scenarioId = await publishedScenario(context.server, a.editor, { modelId, timeLimitSeconds: 120 });
      programId = await publishedProgram(context.server, a.operator, {
        name: unique('Onboarding'),
        items: [{ scenario_id: scenarioId }],
        pass_rule: { min_score: 0, attempts: 2, counts: 'best', in_order: false },
      });
      const assigned = await api(a.operator).call(assignments.create, {
        params: { id: programId },
        body: {
          assignees: [{ user_id: a.learnerId }],
          due_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
          time_zone: 'Europe/Paris',
        },
      });
      expect(assigned.status).toBe(201);
      assignmentId = assigned.body.id!;
    }, 180_000);

    it('charges a private session as usual, and shows it whole to its learner, marked private', async () => {
      const before = await wallet(a.learnerId);
      const played = await playToReport(a.learner, true);
      privateId = played.id;
      expect(played.started).toMatchObject({ private: true, reserved_credits: 4, credits_per_minute: 2 });
      expect(await wallet(a.learnerId)).toEqual({
        ...before,
        credit_wallet: before.credit_wallet - 2,
        credit_posted: before.credit_posted - 2,
      });

      const read = await api(a.learner).call(sessions.read, { params: { id: privateId } });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ private: true, status: 'win', cost_credits: 2 });
      expect(read.body.turns.length).toBeGreaterThan(1);
      const report = await api(a.learner).call(analyses.analysis, { params: { id: privateId }, query: {} });
      expect(report.body.overall_score).toEqual(expect.any(Number));
      const listed = await api(a.learner).call(sessions.list, { query: {} });
      expect(listed.body.items.find((item) => item.id === privateId)).toMatchObject({ private: true });

      // Their own figures and progress count it.
      const own = await api(a.learner).call(dashboard.read, { query: { scope: 'mine' } });
      expect(own.body.totals).toMatchObject({ sessions: 1, wins: 1, scored_sessions: 1 });
      const home = await api(a.learner).call(practice.home, { query: {} });
      expect(home.body.recent_sessions.map((session) => session.id)).toContain(privateId);
    });

    it('is read by nobody else, role by role: the session, its turns, report, scores, recordings and chats', async () => {
      const readers = {
        operator: a.operator,
        editor: a.editor,
        'another learner': a.colleague,
        'another organization’s operator': b.operator,
        'super-admin': context.superAdmin.token,
      };
      const base = `/v1/coaching/sessions/${privateId}`;
      const attempts: [string, string, Record<string, unknown>?][] = [
        ['GET', base],
        ['GET', `${base}/analysis`],
        ['GET', `${base}/recordings`],
        ['GET', `${base}/chats`],
        ['POST', `${base}/chats`, {}],
        ['POST', `${base}/turns`, { text: 'Hello?' }],
        ['POST', `${base}/end`],
        ['PATCH', base, { name: 'Seen' }],
        ['POST', `${base}/analysis/rerun`],
        [
          'POST',
          `${base}/analysis/corrections`,
          { version: 1, observer_id: 'any', criterion: 'Close', score: 1, comment: 'Seen' },
        ],
        [
          'POST',
          '/v1/coaching/observer_trials',
          {
            observer: {
              name: 'Trial',
              model_id: BUILTIN_AI_MODEL_ID,
              rubric: [{ name: 'Close', description: '', scale: '1_5', weight: 1, not_relevant_when: null }],
            },
            session_id: privateId,
          },
        ],
      ];
      for (const [who, token] of Object.entries(readers)) {
        for (const [method, path, body] of attempts) {
          const answer = await api(token).send<{ code?: string }>(method, path, body ? { body } : {});
          // Not found as a missing session (or refused outright by the role): never a byte of it.
          expect([403, 404], `${who}: ${method} ${path} (${answer.body.code})`).toContain(answer.status);
          if (answer.status === 404) {
            expect(answer.body.code, `${who}: ${method} ${path}`).toBe('coaching_session_not_found');
          }
        }
        const organization = await api(token).call(sessions.list, { query: { scope: 'organization', page_size: 48 } });
        expect(organization.body.items?.map((item) => item.id) ?? [], who).not.toContain(privateId);
        const theirs = await api(token).call(sessions.list, { query: { user_id: a.learnerId, page_size: 48 } });
        expect(theirs.body.items?.map((item) => item.id) ?? [], who).not.toContain(privateId);
      }
      // Nothing anyone tried changed it.
      const still = await api(a.learner).call(sessions.read, { params: { id: privateId } });
      expect(still.body).toMatchObject({ name: expect.not.stringMatching(/^Seen$/), status: 'win' });
      expect(still.body.turns.some((turn) => turn.text === 'Hello?')).toBe(false);
    });

    it('shows managers only how many and how long on the dashboard and its CSV, never a score', async () => {
      const team = await api(a.operator).call(dashboard.read, { query: { scope: 'team' } });
      expect(team.status).toBe(200);
      expect(team.body.totals).toMatchObject({ sessions: 0, scored_sessions: 0, average_score: null, credits_used: 0 });
      expect(team.body.users?.map((row) => row.user_id)).not.toContain(a.learnerId);
      expect(team.body.scenarios).toEqual([]);
      expect(team.body.criteria).toEqual([]);
      expect(team.body.private_practice).toEqual({
        sessions: 1,
        duration_seconds: expect.any(Number),
        users: [{ user_id: a.learnerId, name: expect.any(String), sessions: 1, duration_seconds: expect.any(Number) }],
      });
      const csv = await api(a.operator).call(dashboard.export, { query: { lang: 'en-GB' } });
      expect(csv.status).toBe(200);
      const rows = parseCsv(csv.body as string);
      expect(rows.flat()).not.toContain(a.learnerId);
      expect(rows.flat()).not.toContain(scenarioId);
    });

    it('never counts for an assignment, where a session that is not private does', async () => {
      expect(await mine()).toMatchObject({
        status: 'not_started',
        items: [{ id: scenarioId, status: 'not_started', attempts_used: 0, attempts_left: 2, score: null }],
      });
      expect(await followed()).toMatchObject({
        status: 'not_started',
        items: [{ status: 'not_started', score: null }],
      });
      const csv = await api(a.operator).call(learners.export, {
        params: { id: programId, assignment_id: assignmentId },
        query: { lang: 'en-GB' },
      });
      const learnerRow = parseCsv(csv.body as string).find((row) => row[0] === a.learnerId)!;
      expect(learnerRow).toContain('0');

      // An assigned attempt played openly counts, and its assigner reads it.
      const open = await playToReport(a.learner);
      expect(open.started).toMatchObject({ private: false });
      expect(await mine()).toMatchObject({ status: 'passed', items: [{ status: 'passed', attempts_used: 1 }] });
      expect(await followed()).toMatchObject({ status: 'passed' });
      expect((await api(a.operator).call(sessions.read, { params: { id: open.id } })).status).toBe(200);
      expect((await api(a.operator).call(sessions.read, { params: { id: privateId } })).status).toBe(404);
    });
  },
  { engines: 'one' },
);
