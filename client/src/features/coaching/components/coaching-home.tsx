import type { CoachingPractice } from '@ai-coaching/contracts';
import { COACHING_KINDS } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Loading } from '../../../components/ui/query-state';
import { useCan } from '../../../lib/session/session-context';
import { useCoachingList, useCoachingPractice } from '../api/coaching-api';
import { useLeaderboardPreference } from '../api/leaderboard-api';
import { createPath, listPath, type CoachingKind } from '../utils/coaching-kinds';
import { CoachingImage } from './coaching-image';
import { MyAssignments } from './my-assignments';
import { SectionHeading } from '../../../components/ui/section-heading';

// Scenarios first: they are what learners play; the parts follow in the order an author builds them.
const ORDER: readonly CoachingKind[] = ['scenario', 'playlist', 'program', 'persona', 'mission', 'observer'];
/** What learners see of the content: what they play, never the parts they cannot change. */
const PLAYED: readonly CoachingKind[] = ['scenario', 'playlist'];

type PracticeScenario = CoachingPractice['scenarios'][number];
const levelOf = (difficulty: number) =>
  String(Math.min(5, Math.max(1, Math.round(difficulty)))) as '1' | '2' | '3' | '4' | '5';

const KindTile = ({ kind }: { kind: CoachingKind }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const count = useCoachingList(kind, { page: 1, page_size: 12, sort: '-updated_at', q: '' });
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h3 className="text-base font-semibold">
        <Link to={listPath(kind)} className="hover:underline">
          {t(`kinds.${kind}.plural`)}
        </Link>
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t(`kinds.${kind}.about`)}</p>
      <p className="text-sm font-medium" aria-live="polite">
        {count.data ? t('home.count', { count: count.data.total }) : '\u00a0'}
      </p>
      {can(`coaching-${kind}-create`) ? (
        <div className="mt-auto">
          <Link to={createPath(kind)} className={buttonClassName('secondary')}>
            {t(`kinds.${kind}.create`)}
          </Link>
        </div>
      ) : null}
    </li>
  );
};

/** Mode, language (when it is not the interface's), difficulty, duration and price: what a learner weighs first. */
const ScenarioFacts = ({ scenario, uiLanguage }: { scenario: PracticeScenario; uiLanguage: string }) => {
  const { t } = useTranslation(['coaching', 'coachingSessions']);
  const minutes = Math.round(scenario.time_limit_seconds / 60);
  const tag =
    'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100';
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('home.facts')}>
      <li className={tag}>{t(`coachingSessions:modes.${scenario.mode}`)}</li>
      {scenario.language.slice(0, 2) === uiLanguage ? null : (
        <li className={tag}>{t(`coachingSessions:languages.${scenario.language}`)}</li>
      )}
      <li className={tag}>{t('home.difficulty', { level: t(`persona.levels.${levelOf(scenario.difficulty)}`) })}</li>
      <li className={tag}>{t('home.minutes', { count: minutes })}</li>
      <li className={tag}>
        {scenario.price_credits === 0 ? t('home.free') : t('home.upTo', { count: scenario.price_credits })}
      </li>
    </ul>
  );
};

/** The learner's best so far on a scenario, or that they have not played it. */
const BestResult = ({ scenario }: { scenario: PracticeScenario }) => {
  const { t } = useTranslation(['coaching', 'coachingSessions']);
  if (scenario.best_status === null) {
    return (
      <span className="text-sm text-gray-700 dark:text-gray-300">
        {scenario.sessions > 0 ? t('home.playing') : t('home.notPlayed')}
      </span>
    );
  }
  const status = t(`coachingSessions:status.${scenario.best_status}`);
  return (
    <span className="text-sm font-medium">
      {scenario.best_score === null
        ? t('home.best', { status })
        : t('home.bestScored', { status, score: Math.round(scenario.best_score) })}
    </span>
  );
};

const ScenarioCard = ({ scenario, uiLanguage }: { scenario: PracticeScenario; uiLanguage: string }) => (
  <li>
    <Link
      to={`/apps/ai-coaching/scenario/info-${scenario.id}`}
      className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 transition-colors hover:border-primary-600 dark:border-gray-800 dark:hover:border-primary-300"
      data-testid="practice-scenario"
    >
      <CoachingImage kind="scenario" item={scenario} className="w-full" />
      <span className="flex flex-1 flex-col gap-2 p-3">
        <span className="block font-semibold">{scenario.name}</span>
        {scenario.description ? (
          <span className="line-clamp-2 block text-sm text-gray-700 dark:text-gray-300">{scenario.description}</span>
        ) : null}
        <ScenarioFacts scenario={scenario} uiLanguage={uiLanguage} />
        <span className="mt-auto">
          <BestResult scenario={scenario} />
        </span>
      </span>
    </Link>
  </li>
);

const RecentSessions = ({ sessions }: { sessions: CoachingPractice['recent_sessions'] }) => {
  const { t, i18n } = useTranslation(['coaching', 'coachingSessions']);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="coaching-recent" className="mb-8">
      <SectionHeading id="coaching-recent" title={t('home.recent')} className="mb-3 items-baseline gap-2">
        <Link to="/apps/ai-coaching/session/list" className="text-sm text-primary-700 underline dark:text-primary-300">
          {t('home.allSessions')}
        </Link>
      </SectionHeading>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {sessions.map((session) => {
          const ended = !['in-progress', 'free-speech', ''].includes(session.status);
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3">
              <Link
                to={`/apps/ai-coaching/session/${ended ? 'result' : 'play'}-${session.id}`}
                className="min-w-0 font-medium break-words text-primary-700 underline dark:text-primary-300"
              >
                {session.name}
              </Link>
              <span className="text-sm text-gray-700 dark:text-gray-300">
                {[
                  date.format(new Date(session.started_at)),
                  t(`coachingSessions:status.${session.status || 'none'}`),
                  ...(session.score === null ? [] : [t('home.score', { score: Math.round(session.score) })]),
                ].join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
};

/**
 * `/apps/ai-coaching`: speaks to its reader's role (issue 23). Their assignments come first (issue 27), then "Practise": the scenarios
 * they may play with what each means and their best result, then their latest sessions. Authors then get the content
 * they build; learners only what they play. The leaderboard is linked when the organization shows it.
 */
export const CoachingHome = () => {
  const { t, i18n } = useTranslation('coaching');
  const can = useCan();
  const uiLanguage = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  const practice = useCoachingPractice(i18n.resolvedLanguage ?? 'en-GB');
  const leaderboards = useLeaderboardPreference();
  const author = COACHING_KINDS.some((kind) => can(`coaching-${kind}-create`));
  const kinds = ORDER.filter(
    (kind) => COACHING_KINDS.includes(kind) && can(`coaching-${kind}-list`) && (author || PLAYED.includes(kind)),
  );
  return (
    <>
      <PageHeader
        title={t('app.title')}
        description={t(author ? 'home.about' : 'home.aboutLearner')}
        actions={
          <>
            {can('coaching-session-generator-read') ? (
              <Link to="/apps/ai-coaching/session-generator/list" className={buttonClassName('secondary')}>
                {t('home.generators')}
              </Link>
            ) : null}
            {can('coaching-session-read') ? (
              <Link to="/apps/ai-coaching/session/list" className={buttonClassName('secondary')}>
                {t('home.sessions')}
              </Link>
            ) : null}
            {leaderboards.data?.enabled ? (
              <Link to="/apps/ai-coaching/leaderboard" className={buttonClassName('secondary')}>
                {t('home.leaderboard')}
              </Link>
            ) : null}
          </>
        }
      />
      <MyAssignments />
      <section aria-labelledby="coaching-practise" className="mb-8">
        <h2 id="coaching-practise" className="mb-3 text-lg font-semibold">
          {t('home.practise')}
        </h2>
        {practice.isPending ? (
          <Loading />
        ) : practice.data && practice.data.scenarios.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {practice.data.scenarios.map((scenario) => (
              <ScenarioCard key={scenario.id} scenario={scenario} uiLanguage={uiLanguage} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm dark:border-gray-700">
            {t(author ? 'home.nothingReady' : 'home.nothingToPlay')}
          </p>
        )}
      </section>
      {practice.data && practice.data.recent_sessions.length > 0 ? (
        <RecentSessions sessions={practice.data.recent_sessions} />
      ) : null}
      {kinds.length > 0 ? (
        <section aria-labelledby="coaching-content">
          <h2 id="coaching-content" className="mb-3 text-lg font-semibold">
            {t(author ? 'home.build' : 'home.browse')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {kinds.map((kind) => (
              <KindTile key={kind} kind={kind} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
};
