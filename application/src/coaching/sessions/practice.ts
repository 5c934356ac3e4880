import type { CoachingPractice } from '@ai-coaching/contracts';
import { userAccount, type SessionLanguage } from '@ai-coaching/domain';
import { coachingScenarioProgress, recentCoachingSessions } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { walletOf } from '../../credits/wallets.js';
import { signedInUser } from '../../tenancy/scope.js';
import { listCoachingContent } from '../content/coaching-content.js';
import { scenarioOf } from '../content/content-fields.js';
import { playableScenario, practiceCardOf } from './played-content.js';

/** How many scenarios the home shows; the scenario list pages through the rest. */
const PRACTICE_SCENARIOS = 24;
const RECENT_SESSIONS = 5;

/**
 * The learner's home (issue 23 item 3): the published scenarios the caller may play, in the interface's language
 * first, each with what starting means (mode, language, difficulty, duration, price) and the caller's best result so
 * far; their latest sessions with their results; and what their wallet holds. A scenario that cannot be played now (its
 * model gone, a part unpublished) is left out rather than shown to fail at its start.
 */
export const readCoachingPractice = async (
  services: AppServices,
  origin: Origin,
  query: { language?: SessionLanguage | undefined },
): Promise<CoachingPractice> => {
  const caller = signedInUser(origin.caller);
  const published = await listCoachingContent(services, origin, 'scenario', {
    page: 1,
    page_size: 48,
    sort: '-updated_at',
    q: '',
    status: 'published',
  });
  const wanted = query.language?.slice(0, 2);
  const ordered = [...published.items].sort(
    (a, b) =>
      Number(scenarioOf(b).language.startsWith(wanted ?? '—')) -
      Number(scenarioOf(a).language.startsWith(wanted ?? '—')),
  );
  const cards = (
    await Promise.all(
      ordered
        .slice(0, PRACTICE_SCENARIOS)
        .map((item) => playableScenario(services, caller, item.id).then(practiceCardOf, () => undefined)),
    )
  ).filter((card) => card !== undefined);
  const [progress, recent, wallet] = await Promise.all([
    coachingScenarioProgress(services.db, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      scenarioIds: cards.map((card) => card.id),
    }),
    recentCoachingSessions(services.db, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      limit: RECENT_SESSIONS,
    }),
    walletOf(services, userAccount(caller.userId)),
  ]);
  return {
    scenarios: cards.map((card) => {
      const mine = progress.find((row) => row.scenarioId === card.id);
      return {
        ...card,
        best_status: mine?.bestStatus ?? null,
        best_score: mine?.bestScore ?? null,
        sessions: mine?.sessions ?? 0,
      };
    }),
    recent_sessions: recent.map((session) => ({
      id: session.sessionId,
      scenario_id: session.scenarioId,
      name: session.name,
      status: session.status as CoachingPractice['recent_sessions'][number]['status'],
      started_at: session.startedAt,
      score: session.score,
    })),
    available_credits: wallet.credit_wallet,
  };
};
