import type { Command } from '../../shared/command.js';

export type HideLeaderboardName = Command<
  'HideLeaderboardName',
  { userId: string; organizationId: string; hidden: boolean }
>;

export type LeaderboardPreferenceCommand = HideLeaderboardName;
