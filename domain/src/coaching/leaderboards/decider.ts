import { decideByType, type Decider } from '../../shared/decider.js';
import type { HideLeaderboardName, LeaderboardPreferenceCommand } from './commands.js';
import type { LeaderboardPreferenceEvent } from './events.js';

/** A learner's leaderboard choices: their name is shown until they hide it. */
export type LeaderboardPreferenceState = { hidden: boolean };

const hideName = ({ data, metadata }: HideLeaderboardName, state: LeaderboardPreferenceState) =>
  data.hidden === state.hidden
    ? []
    : [{ type: 'LeaderboardNameHidden' as const, data: { ...data, changedAt: metadata.now } }];

export const leaderboardPreferenceDecider: Decider<
  LeaderboardPreferenceCommand,
  LeaderboardPreferenceEvent,
  LeaderboardPreferenceState
> = {
  decide: decideByType({ HideLeaderboardName: hideName }),
  evolve: (_state, event) => ({ hidden: event.data.hidden }),
  initialState: () => ({ hidden: false }),
};
