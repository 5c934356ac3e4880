import type { Leaderboard, leaderboardOperations, LeaderboardPreference, ParsedRequest } from '@ai-coaching/contracts';
import {
  ForbiddenError,
  leaderboardLines,
  leaderboardPeriod,
  leaderboardPreferenceDecider,
  leaderboardPreferenceStreamId,
  NotFoundError,
  rankStandings,
  ValidationError,
} from '@ai-coaching/domain';
import { findOrganization, findUserGroup, leaderboardNameHidden, leaderboardStandings } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { runCommand } from '../../commands/run-command.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';

// Leaderboards (docs/programs.md, "Leaderboards"): the caller's organization, or one of its groups, ranked over the
// current week, month or quarter; off unless the organization turned them on.

type Operations = typeof leaderboardOperations;

const leaderboardsShown = async (services: AppServices, caller: UserCaller): Promise<boolean> =>
  (await findOrganization(services.db, caller.organizationId))?.leaderboardsEnabled ?? false;

/** The group the board is of: one of the caller's organization, another's answering as a missing one. */
const boardGroup = async (
  services: AppServices,
  caller: UserCaller,
  query: ParsedRequest<Operations['read']>['query'],
): Promise<string | undefined> => {
  if (query.scope === 'organization') return undefined;
  if (query.user_group_id === undefined) {
    throw new ValidationError('leaderboard_group_required', 'Choose the user group whose leaderboard to show.', {
      field: 'user_group_id',
    });
  }
  const group = await findUserGroup(services.db, query.user_group_id);
  if (!group || group.organizationId !== caller.organizationId) {
    throw new NotFoundError('user_group_not_found', 'This user group does not exist.', { field: 'user_group_id' });
  }
  return group.userGroupId;
};

/**
 * The leaderboard of the caller's organization (of its members in a group): at most 50 lines and the caller's own.
 * A learner who hides their name is, to everyone else, a line without a name or id.
 */
export const readLeaderboard = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['read']>['query'],
): Promise<Leaderboard> => {
  const caller = signedInUser(origin.caller);
  if (!(await leaderboardsShown(services, caller))) {
    throw new ForbiddenError(
      'leaderboards_disabled',
      'Leaderboards are off in your organization. An administrator can turn them on in its settings.',
    );
  }
  const groupId = await boardGroup(services, caller, query);
  const period = leaderboardPeriod(query.period, services.clock.now());
  const ranked = rankStandings(
    await leaderboardStandings(services.db, {
      organizationId: caller.organizationId,
      ...(groupId === undefined ? {} : { groupId }),
      ...period,
      metric: query.metric,
    }),
  );
  const own = ranked.find((standing) => standing.userId === caller.userId);
  return {
    period,
    metric: query.metric,
    scope: query.scope,
    entries: leaderboardLines(ranked, caller.userId).map((standing) => {
      const you = standing.userId === caller.userId;
      const shown = you || !standing.hidden;
      return {
        rank: standing.rank,
        user_id: shown ? standing.userId : null,
        name: shown ? standing.name : null,
        value: standing.value,
        you,
      };
    }),
    you: own ? { rank: own.rank, value: own.value } : null,
  };
};

const preferenceOf = async (services: AppServices, caller: UserCaller): Promise<LeaderboardPreference> => ({
  hidden: await leaderboardNameHidden(services.db, caller.userId),
  enabled: await leaderboardsShown(services, caller),
});

/** Whether the caller hides their name, and whether their organization shows leaderboards. */
export const readMyLeaderboardPreference = (services: AppServices, origin: Origin): Promise<LeaderboardPreference> =>
  preferenceOf(services, signedInUser(origin.caller));

/** Hides (or shows again) the caller's name on leaderboards; asking twice changes nothing more. */
export const changeMyLeaderboardPreference = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['changeMine']>['body'],
): Promise<LeaderboardPreference> => {
  const caller = signedInUser(origin.caller);
  await runCommand(services, origin, {
    streamId: leaderboardPreferenceStreamId(caller.userId),
    decider: leaderboardPreferenceDecider,
    command: {
      type: 'HideLeaderboardName',
      data: { userId: caller.userId, organizationId: caller.organizationId, hidden: body.hidden },
      metadata: { now: nowIso(services) },
    },
  });
  return preferenceOf(services, caller);
};
