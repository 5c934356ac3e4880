import { describe, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type { PostUserNotice, ReadUserNotices } from './commands.js';
import { userNoticeDecider } from './decider.js';
import type { UserNoticeEvent } from './events.js';

const given = DeciderSpecification.for(userNoticeDecider);
const now = '2026-12-07T09:00:00.000Z';
const later = '2026-12-07T10:00:00.000Z';

const post = (noticeId: string, link = '/apps/ai-coaching'): PostUserNotice => ({
  type: 'PostUserNotice',
  data: {
    userId: 'ada',
    organizationId: 'acme',
    noticeId,
    kind: 'assignment_assigned',
    params: { programName: 'Onboarding', dueAt: '2026-12-21T17:00:00.000Z', timeZone: 'Europe/Paris' },
    link,
  },
  metadata: { now },
});
const posted = (noticeId: string): UserNoticeEvent => {
  const { data } = post(noticeId);
  return { type: 'UserNoticePosted', data: { ...data, postedAt: now } };
};
const read = (...noticeIds: string[]): ReadUserNotices => ({
  type: 'ReadUserNotices',
  data: { userId: 'ada', noticeIds },
  metadata: { now: later },
});

describe('User notices', () => {
  it('given nothing, when a notice is posted, then it is; posted again under its id, nothing more', () => {
    given([])
      .when(post('n1'))
      .then([posted('n1')]);
    given([posted('n1')])
      .when(post('n1'))
      .thenNothing();
  });

  it('when a notice would lead out of the app, then it is refused on link', () => {
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'apps/ai-coaching']) {
      given([]).when(post('n1', link)).thenThrows(ValidationError, isCode('invalid_notice_link'));
    }
  });

  it('given notices, when some are read, then only those unread and known are marked, once', () => {
    given([posted('n1'), posted('n2')])
      .when(read('n1', 'n1', 'unknown'))
      .then([{ type: 'UserNoticesRead', data: { userId: 'ada', noticeIds: ['n1'], readAt: later } }]);
    given([posted('n1'), { type: 'UserNoticesRead', data: { userId: 'ada', noticeIds: ['n1'], readAt: later } }])
      .when(read('n1'))
      .thenNothing();
  });
});
