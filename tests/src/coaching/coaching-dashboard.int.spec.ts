// The dashboard's figures: a learner's own, the team's by group and user, weekly buckets, filters and refusals.
import { describe, expect, it } from 'vitest';
import { engines, dashboardScenario } from './coaching-dashboard-fixtures.js';

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[COACHING]: dashboard on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      const h = dashboardScenario(engine);
      const { tag, scenario, freeScenario, MARCH, dashboard, exportCsv } = h;

      it('gives the learner their own figures, criteria and day-by-day trend for the period', async () => {
        const answer = await dashboard(h.alice.token, MARCH);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          scope: 'mine',
          from: '2025-03-01T00:00:00.000Z',
          to: '2025-04-01T00:00:00.000Z',
          interval: 'day',
          totals: {
            sessions: 3,
            finished: 3,
            wins: 1,
            win_rate: 0.5,
            scored_sessions: 2,
            average_score: 56.5,
            credits_used: 6,
          },
          trend: [
            { start: '2025-03-03', sessions: 2, scored_sessions: 2, average_score: 56.5 },
            { start: '2025-03-11', sessions: 1, scored_sessions: 0, average_score: null },
          ],
          scenarios: [
            {
              scenario_id: scenario,
              name: 'Cold call',
              sessions: 2,
              finished: 2,
              wins: 1,
              win_rate: 0.5,
              scored_sessions: 2,
              average_score: 56.5,
              credits_used: 6,
            },
            {
              scenario_id: freeScenario,
              name: 'Cold call',
              sessions: 1,
              finished: 1,
              wins: 0,
              win_rate: null,
              scored_sessions: 0,
              average_score: null,
              credits_used: 0,
            },
          ],
          // Each on its own scale: Closing passed once in two, Rapport 5/5 and 3/5.
          criteria: [
            {
              observer_id: 'observer-1',
              observer_name: null,
              position: 1,
              name: 'Closing',
              scale: 'pass_fail',
              sessions: 2,
              average: 0.5,
              average_score: 50,
            },
            {
              observer_id: 'observer-1',
              observer_name: null,
              position: 0,
              name: 'Rapport',
              scale: '1_5',
              sessions: 2,
              average: 4,
              average_score: 75,
            },
          ],
          // percentile_cont over 100 and 300: p95 at rank 0.95. The turn the browser never reported is left out.
          voice_latency_by_provider: [
            { provider_kind: 'builtin', turns: 2, p50_ms: 200, p95_ms: 290 },
            { provider_kind: 'openai', turns: 1, p50_ms: 400, p95_ms: 400 },
          ],
        });
      });

      it('buckets by week from Monday, and counts every period without bounds', async () => {
        const weekly = await dashboard(h.alice.token, { ...MARCH, interval: 'week' });
        expect(weekly.body.trend).toEqual([
          { start: '2025-03-03', sessions: 2, scored_sessions: 2, average_score: 56.5 },
          { start: '2025-03-10', sessions: 1, scored_sessions: 0, average_score: null },
        ]);
        const always = await dashboard(h.alice.token, {});
        expect(always.body.interval).toBe('week');
        // February's win scored 50: its Rapport as the reviewer corrected it (3/5), not the observer's 1/5.
        expect(always.body.totals).toMatchObject({ sessions: 4, wins: 2, win_rate: 0.667, credits_used: 15 });
        expect(always.body.totals.average_score).toBe(54.3);
        expect(always.body.criteria).toContainEqual(
          expect.objectContaining({ name: 'Rapport', sessions: 3, average: 3.67, average_score: 66.7 }),
        );
        // February's voice turn counts too: 100, 300, 9000.
        expect(always.body.voice_latency_by_provider[0]).toEqual({
          provider_kind: 'builtin',
          turns: 3,
          p50_ms: 300,
          p95_ms: 8130,
        });
      });

      it("gives the team's figures by group and by user, with another organization's sessions never counted", async () => {
        const answer = await dashboard(h.operator.token, { scope: 'team', ...MARCH });
        expect(answer.status).toBe(200);
        expect(answer.body.totals).toEqual({
          sessions: 5,
          finished: 4,
          wins: 1,
          win_rate: 0.333,
          scored_sessions: 2,
          average_score: 56.5,
          credits_used: 7,
        });
        expect(answer.body.users).toEqual([
          {
            user_id: h.alice.userId,
            name: 'Alice Martin',
            sessions: 3,
            finished: 3,
            wins: 1,
            win_rate: 0.5,
            scored_sessions: 2,
            average_score: 56.5,
            credits_used: 6,
          },
          {
            user_id: h.bob.userId,
            name: 'Bob Durand',
            sessions: 2,
            finished: 1,
            wins: 0,
            win_rate: 0,
            scored_sessions: 0,
            average_score: null,
            credits_used: 1,
          },
        ]);
        expect(answer.body.groups).toEqual([
          expect.objectContaining({
            group_id: h.groupId,
            name: `Sales ${tag}`,
            players: 1,
            sessions: 3,
            credits_used: 6,
          }),
          expect.objectContaining({
            name: `Support ${tag}`,
            players: 0,
            sessions: 0,
            average_score: null,
            win_rate: null,
          }),
        ]);
        // Bob's abort adds 500 to the builtin turns: 100, 300, 500.
        expect(answer.body.voice_latency_by_provider).toEqual([
          { provider_kind: 'builtin', turns: 3, p50_ms: 300, p95_ms: 480 },
          { provider_kind: 'openai', turns: 1, p50_ms: 400, p95_ms: 400 },
        ]);
        const theirs = await dashboard(h.otherOperator.token, { scope: 'team', ...MARCH });
        expect(theirs.body.totals).toMatchObject({ sessions: 1, wins: 1, average_score: 100, credits_used: 7 });
        expect(theirs.body.voice_latency_by_provider).toEqual([
          { provider_kind: 'openai', turns: 1, p50_ms: 99_999, p95_ms: 99_999 },
        ]);
        expect(theirs.body.users).toHaveLength(1);
        expect(theirs.body.users?.[0]?.name).toMatch(/^Carol/);
      });

      it('filters the team by group and by scenario', async () => {
        const sales = await dashboard(h.operator.token, { scope: 'team', ...MARCH, group_id: h.groupId });
        expect(sales.body.totals).toMatchObject({ sessions: 3, wins: 1 });
        expect(sales.body.users?.map((user) => user.user_id)).toEqual([h.alice.userId]);
        expect(sales.body.groups?.map((group) => group.group_id)).toEqual([h.groupId]);
        expect(sales.body.voice_latency_by_provider.map((row) => [row.provider_kind, row.turns])).toEqual([
          ['builtin', 2],
          ['openai', 1],
        ]);
        const free = await dashboard(h.operator.token, { scope: 'team', ...MARCH, scenario_id: freeScenario });
        expect(free.body.totals).toMatchObject({ sessions: 1, finished: 1, wins: 0, win_rate: null });
        // No voice turn in the free-speech session: the list is empty, and the client hides it.
        expect(free.body.voice_latency_by_provider).toEqual([]);
      });

      it("refuses the team's figures without coaching-session-check-other, and another organization's group", async () => {
        const refused = await dashboard(h.alice.token, { scope: 'team' });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: 'forbidden' });
        expect((await exportCsv(h.alice.token, {})).status).toBe(403);
        const foreign = await dashboard(h.operator.token, { scope: 'team', group_id: h.otherGroupId });
        expect(foreign.status).toBe(404);
        expect(foreign.body).toMatchObject({ code: 'user_group_not_found' });
        const mineByGroup = await dashboard(h.alice.token, { group_id: h.groupId });
        expect(mineByGroup.status).toBe(400);
        expect(mineByGroup.body).toMatchObject({ code: 'invalid_request' });
        const backwards = await dashboard(h.alice.token, { from: '2025-03-10', to: '2025-03-01' });
        expect(backwards.status).toBe(400);
      });
    },
  );
}
