import type { Command } from '../shared/command.js';
import type { UserNoticePosted } from './events.js';

export type PostUserNotice = Command<'PostUserNotice', Omit<UserNoticePosted['data'], 'postedAt'>>;

/** Marks these of the user's notices read; those unknown or read already are left as they are. */
export type ReadUserNotices = Command<'ReadUserNotices', { userId: string; noticeIds: string[] }>;

export type UserNoticeCommand = PostUserNotice | ReadUserNotices;
