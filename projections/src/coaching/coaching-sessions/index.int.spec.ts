import type { CoachingSessionEvent } from '@ai-coaching/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { coachingSharedSessionsProjection } from '../coaching-shared-sessions/index.js';
import { at, listParams, runningReadModel } from '../../testing/read-model-spec.js';
import {
  coachingSessionsProjection,
  findCoachingSession,
  listCoachingSessions,
  listCoachingSessionTurns,
} from './index.js';

const started = (sessionId: string, userId: string, scenarioId: string, day: number): CoachingSessionEvent => ({
  type: 'CoachingSessionStarted',
  data: {
    sessionId,
    organizationId: 'org-1',
    player: { type: 'user', userId },
    name: `Cold call ${sessionId}`,
    content: {
      scenario: { id: scenarioId, version: 1 },
      persona: { id: 'p1', version: 2 },
      mission: { id: 'm1', version: 1 },
      observers: [{ id: 'o1', version: 1 }],
      modelId: 'model-1',
      voiceId: null,
      language: 'en-GB',
      mode: 'text',
    },
    status: 'in-progress',
    timeLimitSeconds: 600,
    turnLimit: 10,
    creditsPerMinute: 2,
    reservation: { reservationId: `coaching-session-${sessionId}`, reservedCredits: 20, expiresAt: at(day + 1) },
    startedAt: at(day),
  },
});

const turn = (
  sessionId: string,
  role: 'learner' | 'persona',
  turnId: string,
  text: string,
  replyTo: string | null,
  day: number,
): CoachingSessionEvent =>
  role === 'learner'
    ? { type: 'CoachingSessionLearnerTurnRecorded', data: { sessionId, turnId, text, at: at(day) } }
    : {
        type: 'CoachingSessionPersonaTurnRecorded',
        data: { sessionId, turnId, replyTo, text, marker: null, at: at(day) },
      };

describe('coaching-sessions read model', () => {
  const { db, append, rebuild } = runningReadModel<CoachingSessionEvent>(coachingSessionsProjection, {
    // Its queries join the share links’ guests (a guest’s name).
    alongside: [coachingSharedSessionsProjection],
  });
  const tables = async () => ({
    sessions: (await db.query('SELECT * FROM rm_coaching_sessions ORDER BY session_id')).rows,
    turns: (await db.query('SELECT * FROM rm_coaching_session_turns ORDER BY session_id, seq')).rows,
  });

  beforeAll(async () => {
    await append(
      'coaching-session-s1',
      started('s1', 'ada', 'sc1', 1),
      turn('s1', 'persona', 'g1', 'Hello, I am Alex.', null, 1),
      turn('s1', 'learner', 't1', 'Hi Alex', null, 2),
    );
    await append(
      'coaching-session-s1',
      turn('s1', 'persona', 'r1', 'Deal.', 't1', 2),
      {
        type: 'CoachingSessionEnded',
        data: {
          sessionId: 's1',
          organizationId: 'org-1',
          status: 'win',
          reason: 'marker',
          usedSeconds: 61,
          reservationId: 'coaching-session-s1',
          capturedCredits: 4,
          releasedCredits: 16,
          endedAt: at(2),
        },
      },
      { type: 'CoachingSessionRenamed', data: { sessionId: 's1', name: 'My best call', renamedAt: at(3) } },
    );
    await append('coaching-session-s2', started('s2', 'bob', 'sc2', 4));
    await append('coaching-session-s3', started('s3', 'ada', 'sc2', 5));
  });

  it('holds a session, its transcript in order, and its ending', async () => {
    expect(await findCoachingSession(db, 's1')).toMatchObject({
      userId: 'ada',
      name: 'My best call',
      scenarioId: 'sc1',
      status: 'win',
      endReason: 'marker',
      capturedCredits: 4,
      personaSpoke: true,
      awaitingReplyTo: null,
      endedAt: at(2),
      turnCount: 3,
    });
    expect((await listCoachingSessionTurns(db, 's1')).map((row) => [row.role, row.text])).toEqual([
      ['persona', 'Hello, I am Alex.'],
      ['learner', 'Hi Alex'],
      ['persona', 'Deal.'],
    ]);
    expect(await findCoachingSession(db, 's2')).toMatchObject({ status: 'in-progress', capturedCredits: null });
  });

  it('lists one organization’s sessions by user, scenario, status and start date', async () => {
    const ids = async (filters: Partial<Parameters<typeof listCoachingSessions>[1]>) =>
      (
        await listCoachingSessions(db, { ...listParams({ sort: 'name' }), organizationId: 'org-1', ...filters })
      ).items.map((item) => item.sessionId);
    expect(await ids({})).toEqual(['s2', 's3', 's1']);
    expect(await ids({ userId: 'ada' })).toEqual(['s3', 's1']);
    expect(await ids({ scenarioId: 'sc2' })).toEqual(['s2', 's3']);
    expect(await ids({ status: 'win' })).toEqual(['s1']);
    expect(await ids({ from: at(4), to: at(5) })).toEqual(['s2']);
    expect(await ids({ organizationId: 'org-2' })).toEqual([]);
  });

  it('forgets a deleted session and its transcript', async () => {
    await append('coaching-session-s3', {
      type: 'CoachingSessionDeleted',
      data: { sessionId: 's3', deletedBy: 'ada', deletedAt: at(6) },
    });
    expect(await findCoachingSession(db, 's3')).toBeUndefined();
    expect(await listCoachingSessionTurns(db, 's3')).toEqual([]);
  });

  it('rebuilds to the very same rows as it built event by event', async () => {
    const incremental = await tables();
    await rebuild();
    expect(await tables()).toEqual(incremental);
  });
});
