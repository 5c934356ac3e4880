import { describe, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type { ChangeNotificationSettings, RecordAssignmentDigest } from './commands.js';
import { notificationSettingsDecider } from './decider.js';
import type { AssignmentDigestSent, NotificationSettingsChanged } from './events.js';

const given = DeciderSpecification.for(notificationSettingsDecider);
const t0 = '2031-03-17T08:00:00.000Z';
const t1 = '2031-03-17T09:00:00.000Z';

const change = (weeklyDigest?: boolean): ChangeNotificationSettings => ({
  type: 'ChangeNotificationSettings',
  data: { userId: 'user-1', ...(weeklyDigest === undefined ? {} : { weeklyDigest }) },
  metadata: { now: t0 },
});
const changed = (weeklyDigest: boolean): NotificationSettingsChanged => ({
  type: 'NotificationSettingsChanged',
  data: { userId: 'user-1', weeklyDigest, changedAt: t0 },
});
const record = (week: string, now = t0): RecordAssignmentDigest => ({
  type: 'RecordAssignmentDigest',
  data: { userId: 'user-1', organizationId: 'org-1', week },
  metadata: { now },
});
const sent = (week: string, now = t0): AssignmentDigestSent => ({
  type: 'AssignmentDigestSent',
  data: { userId: 'user-1', organizationId: 'org-1', week, sentAt: now },
});

describe('notificationSettingsDecider', () => {
  describe('ChangeNotificationSettings', () => {
    it('turns the weekly digest off, then on again', () => {
      given([])
        .when(change(false))
        .then([changed(false)]);
      given([changed(false)])
        .when(change(true))
        .then([changed(true)]);
    });

    it('records nothing when the value is the one held (on by default) or none is given', () => {
      given([]).when(change(true)).then([]);
      given([changed(false)])
        .when(change(false))
        .then([]);
      given([changed(false)])
        .when(change())
        .then([]);
    });
  });

  describe('RecordAssignmentDigest', () => {
    it('records a week once', () => {
      given([])
        .when(record('2031-W12'))
        .then([sent('2031-W12')]);
      given([sent('2031-W12')])
        .when(record('2031-W12', t1))
        .then([]);
    });

    it('records the next week after this one', () => {
      given([sent('2031-W12')])
        .when(record('2031-W13', t1))
        .then([sent('2031-W13', t1)]);
    });

    it('records a week whatever the setting: the job asks only for those who want it', () => {
      given([changed(false)])
        .when(record('2031-W12'))
        .then([sent('2031-W12')]);
    });

    it('refuses what is not an ISO week', () => {
      given([]).when(record('2031-12')).thenThrows(ValidationError, isCode('invalid_iso_week'));
      given([]).when(record('2031-W54')).thenThrows(ValidationError, isCode('invalid_iso_week'));
    });
  });
});
