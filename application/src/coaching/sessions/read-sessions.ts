import type { CoachingSessionSummaryAnswer, Page } from '@ai-coaching/contracts';
import { ForbiddenError, type CoachingSessionStatus, type ListParams } from '@ai-coaching/domain';
import { listCoachingSessions } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { answerOf, summaryOf } from './answers.js';
import { mayCheckOthers, sessionCaller, visibleSession } from './visibility.js';

export type CoachingSessionListQuery = ListParams & {
  scope?: 'mine' | 'organization';
  scenario_id?: string;
  status?: CoachingSessionStatus;
  user_id?: string;
  from?: string;
  to?: string;
};

const notYours = () => new ForbiddenError('forbidden', 'You do not have permission to do this.');

export const listCoachingSessionsOf = async (
  services: AppServices,
  origin: Origin,
  query: CoachingSessionListQuery,
): Promise<Page<CoachingSessionSummaryAnswer>> => {
  const caller = signedInUser(origin.caller);
  const { scope = 'mine', scenario_id, status, user_id, from, to, ...params } = query;
  const others = scope === 'organization' || (user_id !== undefined && user_id !== caller.userId);
  if (others && !mayCheckOthers(caller)) throw notYours();
  const userId = scope === 'organization' ? user_id : (user_id ?? caller.userId);
  // Mine: what I played, and what guests played through my share links.
  const mine = scope === 'mine' && userId === caller.userId;
  const page = await listCoachingSessions(services.db, {
    ...params,
    organizationId: caller.organizationId,
    // Private practice is listed to its player only: others' lists leave it out (the dashboard counts it).
    viewerId: caller.userId,
    ...(mine ? { playedOrSharedBy: caller.userId } : userId === undefined ? {} : { userId }),
    ...(scenario_id === undefined ? {} : { scenarioId: scenario_id }),
    ...(status === undefined ? {} : { status }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  });
  const now = nowIso(services);
  return {
    ...page,
    items: page.items.map((session) => ({ ...summaryOf(session, now), turn_count: session.turnCount })),
  };
};

export const readCoachingSession = async (services: AppServices, origin: Origin, sessionId: string) => {
  const caller = sessionCaller(origin.caller);
  return answerOf(services, await visibleSession(services, caller, sessionId, 'read'));
};
