import { decideByType, type Decider } from '../shared/decider.js';
import { ValidationError } from '../shared/errors.js';
import type { ChangeNotificationSettings, NotificationSettingsCommand, RecordAssignmentDigest } from './commands.js';
import type { NotificationSettingsEvent } from './events.js';
import { ISO_WEEK_PATTERN } from './iso-week.js';

export type NotificationSettingsState = {
  /** On until the user turns it off. */
  weeklyDigest: boolean;
  /** The ISO weeks whose digest was queued for the user. */
  digestWeeks: ReadonlySet<string>;
};

/** What a user who never chose has: the weekly digest on. */
export const DEFAULT_NOTIFICATION_SETTINGS = { weeklyDigest: true } as const;

const changeNotificationSettings = (
  { data, metadata }: ChangeNotificationSettings,
  state: NotificationSettingsState,
): NotificationSettingsEvent[] => {
  // The same value again records nothing: a repeated request changes nothing.
  if (data.weeklyDigest === undefined || data.weeklyDigest === state.weeklyDigest) return [];
  return [
    {
      type: 'NotificationSettingsChanged',
      data: { userId: data.userId, weeklyDigest: data.weeklyDigest, changedAt: metadata.now },
    },
  ];
};

const recordAssignmentDigest = (
  { data, metadata }: RecordAssignmentDigest,
  state: NotificationSettingsState,
): NotificationSettingsEvent[] => {
  if (!ISO_WEEK_PATTERN.test(data.week)) {
    throw new ValidationError('invalid_iso_week', 'A week is an ISO week such as 2031-W12.');
  }
  // Once per week, whichever worker records it first: the others (or a retry) record nothing.
  if (state.digestWeeks.has(data.week)) return [];
  return [
    {
      type: 'AssignmentDigestSent',
      data: { userId: data.userId, organizationId: data.organizationId, week: data.week, sentAt: metadata.now },
    },
  ];
};

export const notificationSettingsDecider: Decider<
  NotificationSettingsCommand,
  NotificationSettingsEvent,
  NotificationSettingsState
> = {
  decide: decideByType({
    ChangeNotificationSettings: changeNotificationSettings,
    RecordAssignmentDigest: recordAssignmentDigest,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationSettingsChanged':
        return { ...state, weeklyDigest: event.data.weeklyDigest };
      case 'AssignmentDigestSent':
        return { ...state, digestWeeks: new Set([...state.digestWeeks, event.data.week]) };
    }
  },
  initialState: () => ({ ...DEFAULT_NOTIFICATION_SETTINGS, digestWeeks: new Set() }),
};
