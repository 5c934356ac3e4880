import { decideByType, type Decider } from '../shared/decider.js';
import { ValidationError } from '../shared/errors.js';
import type { PostUserNotice, ReadUserNotices, UserNoticeCommand } from './commands.js';
import type { UserNoticeEvent } from './events.js';

/** A notice's link is a path of the app: an absolute URL or another scheme would send its reader elsewhere. */
const APP_PATH = /^\/(?!\/)[^\s]*$/;

/** The user's notices by id: whether each has been read. */
export type UserNoticesState = { notices: Readonly<Record<string, { read: boolean }>> };

const post = ({ data, metadata }: PostUserNotice, state: UserNoticesState): UserNoticeEvent[] => {
  // Posted once: a retried job, a restart or a second worker adds nothing.
  if (state.notices[data.noticeId]) return [];
  if (!APP_PATH.test(data.link)) {
    throw new ValidationError('invalid_notice_link', 'A notice leads to a page of the app.', { field: 'link' });
  }
  return [{ type: 'UserNoticePosted', data: { ...data, postedAt: metadata.now } }];
};

const read = ({ data, metadata }: ReadUserNotices, state: UserNoticesState): UserNoticeEvent[] => {
  const noticeIds = [...new Set(data.noticeIds)].filter((id) => state.notices[id]?.read === false);
  if (noticeIds.length === 0) return [];
  return [{ type: 'UserNoticesRead', data: { userId: data.userId, noticeIds, readAt: metadata.now } }];
};

export const userNoticeDecider: Decider<UserNoticeCommand, UserNoticeEvent, UserNoticesState> = {
  decide: decideByType({ PostUserNotice: post, ReadUserNotices: read }),
  evolve(state, event) {
    if (event.type === 'UserNoticePosted') {
      return { notices: { ...state.notices, [event.data.noticeId]: { read: false } } };
    }
    const notices = { ...state.notices };
    for (const id of event.data.noticeIds) notices[id] = { read: true };
    return { notices };
  },
  initialState: () => ({ notices: {} }),
};
