import {
  COACHING_DASHBOARD_EXPORT_COLUMNS,
  type CoachingDashboardAnswer,
  type CoachingDashboardExportRow,
  type CoachingDashboardRowKind,
  type coachingDashboardOperations,
  type ParsedRequest,
} from '@ai-coaching/contracts';
import { ForbiddenError, NotFoundError, type UserLocale } from '@ai-coaching/domain';
import {
  coachingDashboardByCriterion,
  coachingDashboardByGroup,
  coachingDashboardByScenario,
  coachingDashboardByUser,
  coachingDashboardPrivatePractice,
  coachingDashboardTotals,
  coachingDashboardTrend,
  coachingDashboardVoiceLatency,
  findUser,
  findUserGroup,
  type CoachingDashboardFigures,
  type CoachingDashboardFilter,
  type CoachingDashboardInterval,
  type CoachingDashboardUserRow,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { displayNameOf } from '../../users/colleagues.js';
import { starterObserverTranslations } from '../content/starter-library.js';

// The coaching dashboard (docs/coaching-sessions.md, "Dashboard"): who may see which figures, the period's trend
// buckets, and the contract's shapes. The figures themselves are the database's aggregates (projections
// `coaching-dashboard`).

type Operations = typeof coachingDashboardOperations;
type DashboardQuery = ParsedRequest<Operations['read']>['query'];
type ExportQuery = ParsedRequest<Operations['export']>['query'];

/** A period up to this long is drawn day by day; a longer or open one week by week. */
const DAILY_TREND_MAX_DAYS = 31;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The export's words, in each language the interface speaks: the header row, the row kinds and the total's name
 * (client `dashboard.json`, `team.export`; a unit spec keeps both the same).
 */
export const COACHING_DASHBOARD_LABELS: Record<
  UserLocale,
  {
    columns: Record<keyof CoachingDashboardExportRow, string>;
    kinds: Record<CoachingDashboardRowKind, string>;
    total: string;
    unknownUser: string;
  }
> = {
  'en-GB': {
    columns: {
      kind: 'Row type code',
      kind_label: 'Row type',
      id: 'Id',
      name: 'Name',
      sessions: 'Sessions played',
      finished: 'Sessions finished',
      wins: 'Wins',
      win_rate: 'Win rate',
      average_score: 'Average score',
      credits_used: 'Credits used',
      scale: 'Scale',
      scale_average: 'Average on its scale',
    },
    kinds: { total: 'Total', group: 'Group', user: 'User', scenario: 'Scenario', criterion: 'Criterion' },
    total: 'All sessions',
    unknownUser: 'A user',
  },
  'fr-FR': {
    columns: {
      kind: 'Code du type de ligne',
      kind_label: 'Type de ligne',
      id: 'Identifiant',
      name: 'Nom',
      sessions: 'Sessions jouées',
      finished: 'Sessions terminées',
      wins: 'Victoires',
      win_rate: 'Taux de victoire',
      average_score: 'Score moyen',
      credits_used: 'Crédits utilisés',
      scale: 'Échelle',
      scale_average: 'Moyenne sur son échelle',
    },
    kinds: { total: 'Total', group: 'Groupe', user: 'Utilisateur', scenario: 'Scénario', criterion: 'Critère' },
    total: 'Toutes les sessions',
    unknownUser: 'Un utilisateur',
  },
};

const notAllowed = () => new ForbiddenError('forbidden', 'You do not have permission to do this.');
const groupNotFound = () =>
  new NotFoundError('user_group_not_found', 'This user group does not exist.', { field: 'group_id' });

const mayCheckOthers = (caller: UserCaller) => caller.permissions.includes('coaching-session-check-other');

/**
 * The sessions a dashboard counts: the caller's own, their private practice included, or with
 * `coaching-session-check-other` everyone's of their organization (a super-admin's too: the team is the organization
 * they belong to) but private practice, which the team's answer counts apart (`private_practice`: number and time,
 * never scores). A group must be of that organization; another's answers 404 as a missing one does.
 */
const dashboardFilter = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  scope: 'mine' | 'team',
  query: {
    from?: string | undefined;
    to?: string | undefined;
    scenario_id?: string | undefined;
    group_id?: string | undefined;
  },
): Promise<CoachingDashboardFilter> => {
  if (scope === 'team' && !mayCheckOthers(caller)) throw notAllowed();
  if (query.group_id !== undefined) {
    const group = await findUserGroup(services.db, query.group_id);
    if (!group || group.organizationId !== caller.organizationId) throw groupNotFound();
  }
  return {
    organizationId: caller.organizationId,
    ...(scope === 'mine' ? { userId: caller.userId, withPrivate: true } : {}),
    ...(query.group_id === undefined ? {} : { groupId: query.group_id }),
    ...(query.scenario_id === undefined ? {} : { scenarioId: query.scenario_id }),
    ...(query.from === undefined ? {} : { from: query.from }),
    ...(query.to === undefined ? {} : { to: query.to }),
  };
};

/** The trend's buckets: days for a period of a month at most (its end being now when open), else weeks. */
export const dashboardInterval = (
  period: { from?: string | undefined; to?: string | undefined },
  now: string,
): CoachingDashboardInterval => {
  if (period.from === undefined) return 'week';
  const days = (Date.parse(period.to ?? now) - Date.parse(period.from)) / DAY_MS;
  return days <= DAILY_TREND_MAX_DAYS ? 'day' : 'week';
};

const figuresOf = (figures: CoachingDashboardFigures) => ({
  sessions: figures.sessions,
  finished: figures.finished,
  wins: figures.wins,
  win_rate: figures.decided === 0 ? null : Math.round((figures.wins / figures.decided) * 1000) / 1000,
  scored_sessions: figures.scored,
  average_score: figures.averageScore,
  credits_used: figures.creditsUsed,
});

const nameOf = (row: Pick<CoachingDashboardUserRow, 'firstName' | 'lastName' | 'email'>, unknown: string) =>
  row.email === null
    ? unknown
    : displayNameOf({ firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.email });

const localeOf = async (services: Pick<AppServices, 'db'>, caller: UserCaller, asked?: UserLocale) =>
  asked ?? (await findUser(services.db, caller.userId))?.locale ?? 'en-GB';

/** Each criterion's line, named in `locale` where it was played in it (its translations counted as one). */
const criteriaOf = (services: Pick<AppServices, 'db'>, filter: CoachingDashboardFilter, locale: UserLocale) =>
  coachingDashboardByCriterion(services.db, filter, { translations: starterObserverTranslations(), locale });

export const readCoachingDashboard = async (
  services: AppServices,
  origin: Origin,
  query: DashboardQuery,
): Promise<CoachingDashboardAnswer> => {
  const caller = signedInUser(origin.caller);
  const filter = await dashboardFilter(services, caller, query.scope, query);
  const interval = query.interval ?? dashboardInterval(query, nowIso(services));
  const locale = await localeOf(services, caller, origin.locale);
  const [totals, trend, scenarios, criteria, voiceLatency] = await Promise.all([
    coachingDashboardTotals(services.db, filter),
    coachingDashboardTrend(services.db, filter, interval),
    coachingDashboardByScenario(services.db, filter),
    criteriaOf(services, filter, locale),
    coachingDashboardVoiceLatency(services.db, filter),
  ]);
  const answer: CoachingDashboardAnswer = {
    scope: query.scope,
    from: query.from ?? null,
    to: query.to ?? null,
    interval,
    totals: figuresOf(totals),
    trend: trend.map((point) => ({
      start: point.start,
      sessions: point.sessions,
      scored_sessions: point.scored,
      average_score: point.averageScore,
    })),
    scenarios: scenarios.map((row) => ({ scenario_id: row.scenarioId, name: row.title, ...figuresOf(row) })),
    criteria: criteria.map((row) => ({
      observer_id: row.observerId,
      observer_name: row.observerName,
      position: row.position,
      name: row.name,
      scale: row.scale,
      sessions: row.sessions,
      average: row.average,
      average_score: row.averageScore,
    })),
    voice_latency_by_provider: voiceLatency.flatMap((row) =>
      row.voiceToVoiceP50Ms === null || row.voiceToVoiceP95Ms === null
        ? []
        : [
            {
              provider_kind: row.providerKind,
              turns: row.turns,
              p50_ms: row.voiceToVoiceP50Ms,
              p95_ms: row.voiceToVoiceP95Ms,
            },
          ],
    ),
  };
  if (query.scope === 'mine') return answer;
  const [groups, users, privatePractice] = await Promise.all([
    coachingDashboardByGroup(services.db, filter),
    coachingDashboardByUser(services.db, filter),
    coachingDashboardPrivatePractice(services.db, filter),
  ]);
  const unknownUser = COACHING_DASHBOARD_LABELS[locale].unknownUser;
  return {
    ...answer,
    groups: groups.map((row) => ({ group_id: row.groupId, name: row.name, players: row.players, ...figuresOf(row) })),
    users: users.map((row) => ({ user_id: row.userId, name: nameOf(row, unknownUser), ...figuresOf(row) })),
    private_practice: {
      sessions: privatePractice.reduce((sum, row) => sum + row.sessions, 0),
      duration_seconds: privatePractice.reduce((sum, row) => sum + row.durationSeconds, 0),
      users: privatePractice.map((row) => ({
        user_id: row.userId,
        name: nameOf(row, unknownUser),
        sessions: row.sessions,
        duration_seconds: row.durationSeconds,
      })),
    },
  };
};

/**
 * The team's figures as the CSV's rows, in `query.lang` (else the caller's language): the total, each group, each
 * user, each scenario, each criterion. They are aggregates, a few per member of the organization, so they are read whole before
 * the download starts: a failing database fails the request rather than cutting the file short.
 */
export const exportCoachingDashboard = async (
  services: AppServices,
  origin: Origin,
  query: ExportQuery,
): Promise<{ header: string[]; rows: AsyncIterable<CoachingDashboardExportRow> }> => {
  const caller = signedInUser(origin.caller);
  const filter = await dashboardFilter(services, caller, 'team', query);
  const locale = await localeOf(services, caller, query.lang);
  const labels = COACHING_DASHBOARD_LABELS[locale];
  const [totals, groups, users, scenarios, criteria] = await Promise.all([
    coachingDashboardTotals(services.db, filter),
    coachingDashboardByGroup(services.db, filter),
    coachingDashboardByUser(services.db, filter),
    coachingDashboardByScenario(services.db, filter),
    criteriaOf(services, filter, locale),
  ]);
  const figures = (kind: CoachingDashboardRowKind, id: string | null, name: string, row: CoachingDashboardFigures) => {
    const { scored_sessions: _scored, ...shown } = figuresOf(row);
    return { kind, kind_label: labels.kinds[kind], id, name, ...shown, scale: null, scale_average: null };
  };
  async function* rows(): AsyncIterable<CoachingDashboardExportRow> {
    yield figures('total', null, labels.total, totals);
    for (const group of groups) yield figures('group', group.groupId, group.name, group);
    for (const user of users) yield figures('user', user.userId, nameOf(user, labels.unknownUser), user);
    for (const scenario of scenarios) yield figures('scenario', scenario.scenarioId, scenario.title, scenario);
    for (const criterion of criteria) {
      yield {
        kind: 'criterion',
        kind_label: labels.kinds.criterion,
        id: criterion.observerId,
        name: criterion.name,
        sessions: criterion.sessions,
        finished: null,
        wins: null,
        win_rate: null,
        average_score: criterion.averageScore,
        credits_used: null,
        scale: criterion.scale,
        scale_average: criterion.average,
      };
    }
  }
  return { header: COACHING_DASHBOARD_EXPORT_COLUMNS.map((column) => labels.columns[column]), rows: rows() };
};
