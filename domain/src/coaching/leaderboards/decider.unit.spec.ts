import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../testing/decider-specification.js';
import type { HideLeaderboardName } from './commands.js';
import { leaderboardPreferenceDecider } from './decider.js';
import type { LeaderboardNameHidden } from './events.js';

const given = DeciderSpecification.for(leaderboardPreferenceDecider);
const now = '2026-12-07T10:00:00.000Z';

const hide = (hidden: boolean): HideLeaderboardName => ({
  type: 'HideLeaderboardName',
  data: { userId: 'user-1', organizationId: 'org-1', hidden },
  metadata: { now },
});
const hiddenAs = (hidden: boolean): LeaderboardNameHidden => ({
  type: 'LeaderboardNameHidden',
  data: { userId: 'user-1', organizationId: 'org-1', hidden, changedAt: now },
});

describe('leaderboard preference decider', () => {
  it('should show the name until the learner hides it', () => {
    given([]).when(hide(false)).thenNothing();
    given([])
      .when(hide(true))
      .then([hiddenAs(true)]);
  });

  it('should show it again, and decide nothing when unchanged (a retried request)', () => {
    given([hiddenAs(true)])
      .when(hide(false))
      .then([hiddenAs(false)]);
    given([hiddenAs(true)])
      .when(hide(true))
      .thenNothing();
    given([hiddenAs(true), hiddenAs(false)])
      .when(hide(false))
      .thenNothing();
  });
});
