import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { apiClient, createTestOrganization, describeApi, signInAs, type TestUser } from '@ai-coaching/api/testing';
import { coachingPlaylistProgressOperations as op, playlistContent } from '@ai-coaching/contracts';
import type { TerminalCoachingSessionStatus } from '@ai-coaching/domain';
import { beforeAll, expect, it } from 'vitest';
import { criterion, seedSession } from './coaching-dashboard-fixtures.js';
import { publishedScenario, unique } from './session-fixtures.js';

// Issue 13 §6: a learner's progress through a playlist. The sessions and their reports are seeded as events with
// known outcomes and scores, so each figure is worked out by hand.

type Signed = TestUser & { token: string };

await describeApi('[COACHING]: playlist progress', (context) => {
  let editor: Signed;
  let alice: Signed;
  let bob: Signed;
  let stranger: Signed;
  let scenarios: string[];
  let playlistId: string;
  let draftPlaylistId: string;

  /** One session of the user, ended with `status` at minute `minute`, with a report scoring `close` of 5 if any. */
  const play = (
    user: Signed,
    scenarioId: string,
    minute: number,
    status: TerminalCoachingSessionStatus | null,
    close?: number,
  ) =>
    seedSession(context.server, {
      organizationId: user.organizationId,
      userId: user.userId,
      scenarioId,
      startedAt: `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`,
      ...(status ? { ended: { status, captured: 1 } } : {}),
      ...(close === undefined ? {} : { reports: [[criterion('Close', '1_5', 1, close)]] }),
    });

  const progress = (user: Signed, id: string) =>
    apiClient(context.server, user.token).call(op.read, { params: { id } });

  let aliceLast: string;

  beforeAll(async () => {
    const organizationId = await createTestOrganization(context.server);
    editor = await signInAs(context.server, { role: 'editor', organizationId });
    alice = await signInAs(context.server, { role: 'user', organizationId });
    bob = await signInAs(context.server, { role: 'user', organizationId });
    stranger = await signInAs(context.server, {
      role: 'user',
      organizationId: await createTestOrganization(context.server),
    });
    scenarios = [];
    for (let index = 0; index < 4; index += 1) {
      scenarios.push(
        await publishedScenario(context.server, editor.token, { modelId: BUILTIN_AI_MODEL_ID, timeLimitSeconds: 60 }),
      );
    }
    const api = apiClient(context.server, editor.token);
    const playlist = await api.call(playlistContent.operations.create, {
      body: { name: unique('Onboarding'), description: 'Week one', scenario_ids: scenarios.slice(0, 4) },
    });
    expect(playlist.status).toBe(201);
    playlistId = playlist.body.id;
    expect((await api.send('POST', `/v1/coaching/playlists/${playlistId}/publish`)).status).toBe(200);
    // The fourth scenario is archived after the playlist was published: it keeps its place, unavailable.
    expect((await api.send('POST', `/v1/coaching/scenarios/${scenarios[3]}/archive`)).status).toBe(200);
    const draft = await api.call(playlistContent.operations.create, {
      body: { name: unique('Draft'), scenario_ids: [scenarios[0]!] },
    });
    draftPlaylistId = draft.body.id;

    // Alice, scenario 1: an abort, a loss scored 50 (3 of 5) and an end scored 100 (5 of 5).
    await play(alice, scenarios[0]!, 1, 'abort');
    await play(alice, scenarios[0]!, 2, 'loose', 3);
    aliceLast = await play(alice, scenarios[0]!, 3, 'end', 5);
    // Scenario 2: only an abort, so still to play; scenario 3: a session still playing.
    await play(alice, scenarios[1]!, 4, 'abort');
    await play(alice, scenarios[2]!, 5, null);
    // Bob's win counts for Bob only.
    await play(bob, scenarios[1]!, 6, 'win', 4);
  }, 180_000);

  it('answers each scenario in the playlist’s order with the learner’s own figures, and the next one to play', async () => {
    const answer = await progress(alice, playlistId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      playlist_id: playlistId,
      description: 'Week one',
      played: 1,
      total: 4,
      next_scenario_id: scenarios[1],
    });
    expect(answer.body.scenarios.map((row) => row.scenario_id)).toEqual(scenarios);
    const [first, second, third, fourth] = answer.body.scenarios;
    expect(first).toMatchObject({
      position: 1,
      available: true,
      sessions: 3,
      finished_sessions: 3,
      best_status: 'end',
      best_score: 100,
      played: true,
      next: false,
      last_session_id: aliceLast,
      last_played_at: '2026-03-02T09:03:00.000Z',
    });
    expect(first!.name).toEqual(expect.any(String));
    expect(second).toMatchObject({
      position: 2,
      sessions: 1,
      finished_sessions: 1,
      best_status: 'abort',
      best_score: null,
      played: false,
      next: true,
    });
    expect(third).toMatchObject({
      sessions: 1,
      finished_sessions: 0,
      best_status: null,
      played: false,
      next: false,
    });
    expect(fourth).toMatchObject({ position: 4, available: false, sessions: 0, played: false, next: false });
  });

  it('counts another learner’s sessions for them alone', async () => {
    const answer = await progress(bob, playlistId);
    expect(answer.body).toMatchObject({ played: 1, next_scenario_id: scenarios[0] });
    expect(answer.body.scenarios[1]).toMatchObject({ best_status: 'win', best_score: 75, played: true });
    expect(answer.body.scenarios[0]).toMatchObject({ sessions: 0, best_status: null, last_session_id: null });
  });

  it('answers 404 for a playlist of another organization, and for a draft the learner may not see', async () => {
    const other = await progress(stranger, playlistId);
    expect([other.status, other.body.code]).toEqual([404, 'coaching_item_not_found']);
    const draft = await progress(alice, draftPlaylistId);
    expect([draft.status, draft.body.code]).toEqual([404, 'coaching_item_not_found']);
    const scenario = await progress(alice, scenarios[0]!);
    expect([scenario.status, scenario.body.code]).toEqual([404, 'coaching_item_not_found']);
  });

  it('lets the playlist’s editor read their own progress on the working copy', async () => {
    const answer = await progress(editor, draftPlaylistId);
    expect(answer.body).toMatchObject({ total: 1, played: 0, next_scenario_id: scenarios[0] });
  });
});
