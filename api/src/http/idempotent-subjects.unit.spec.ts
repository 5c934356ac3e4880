import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../routes/index.js';

// An answer kept for `Idempotency-Key` retries is erased with the coaching session whose personal data it holds, and
// only if its route names that session (`subjectOf`, ADR 0019). Every idempotent route is listed here on one side or
// the other, so that a new one is looked at too.

const idempotent = apiRoutes([]).filter((route) => route.idempotent);
const ids = (routes: typeof idempotent) => routes.map((route) => route.id).sort();

describe('idempotent answers holding a session’s personal data', () => {
  it('name their session on exactly the routes whose answers quote one', () => {
    expect(ids(idempotent.filter((route) => route.subjectOf))).toEqual([
      'coachingChats.create',
      'coachingSessionAnalyses.correctScore',
      // A reviewer's comment quotes what they wrote about the session: erased with it.
      'coachingSessionComments.create',
      'coachingSessions.create',
    ]);
    // Content, people, credits, background jobs (ids and counts): nothing of a session's transcript, report or chats.
    expect(ids(idempotent.filter((route) => !route.subjectOf))).toEqual([
      'aiModels.create',
      'aiProviders.create',
      'aiServiceKeys.create',
      'aiSpeechVoices.create',
      'aiSpeechVoices.import',
      'coachingAnalysisReruns.start',
      'coachingForks.mission',
      'coachingForks.observer',
      'coachingForks.persona',
      'missions.create',
      'observers.create',
      'organizationCredits.issue',
      'organizationCredits.withdraw',
      'organizations.create',
      'personas.create',
      'playlists.create',
      'programAssignments.create',
      'programs.create',
      'scenarios.create',
      'sessionGenerators.create',
      'sessionGenerators.generate',
      'superAdmins.invite',
      'userCredits.allocate',
      'userCredits.deallocate',
      'userCredits.transfer',
      'userGroupCredits.allocate',
      'userGroupCredits.deallocate',
      'userGroupCredits.transfer',
      'userGroups.create',
      'users.invite',
      'users.remove',
    ]);
  });

  it('every route under a session names that session, and a start the session it started', () => {
    for (const route of idempotent.filter((candidate) => candidate.path.startsWith('/v1/coaching/sessions/:id/'))) {
      expect(route.subjectOf?.({ params: { id: 'session-7' }, body: {} }), route.id).toBe('session-7');
    }
    const start = idempotent.find((route) => route.id === 'coachingSessions.create')!;
    expect(start.subjectOf?.({ params: {}, body: { id: 'session-8', name: 'Call' } })).toBe('session-8');
  });
});
