import type { Page, ParsedRequest, UserNotice, userNoticeOperations } from '@ai-coaching/contracts';
import { userNoticeDecider, userNoticesStreamId, type UserNoticeCommand } from '@ai-coaching/domain';
import { listUserNotices, unreadUserNoticeIds } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { signedInUser } from '../tenancy/scope.js';

// Notices in the app (docs/notices.md): posted beside the mails the product sends, read by their user from the bell.

type Operations = typeof userNoticeOperations;
export type NoticeToPost = Extract<UserNoticeCommand, { type: 'PostUserNotice' }>['data'];

const run = (services: AppServices, origin: Origin, command: UserNoticeCommand) =>
  runCommand(services, origin, {
    streamId: userNoticesStreamId(command.data.userId),
    decider: userNoticeDecider,
    command,
  });

/**
 * Posts a notice to a user, once under its id. A notice is never its cause's failure: one that cannot be recorded is
 * logged, and the mail beside it still goes.
 */
export const postNotice = async (services: AppServices, notice: NoticeToPost): Promise<void> => {
  try {
    await run(
      services,
      { readYourWrites: false },
      { type: 'PostUserNotice', data: notice, metadata: { now: nowIso(services) } },
    );
  } catch (error) {
    services.logger.error({ err: error, kind: notice.kind, noticeId: notice.noticeId }, 'could not post a notice');
  }
};

export const listMyNotices = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<UserNotice> & { unread: number }> => {
  const caller = signedInUser(origin.caller);
  const page = await listUserNotices(services.db, caller.userId, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return {
    items: page.items.map((notice) => ({
      id: notice.noticeId,
      kind: notice.kind,
      params: { ...notice.params },
      link: notice.link,
      created_at: notice.postedAt,
      read_at: notice.readAt,
    })),
    total: page.total,
    page: query.page,
    page_size: query.page_size,
    unread: page.unread,
  };
};

/** Marks the caller's notices read (those named, or all); answers how many are left unread. */
export const readMyNotices = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['read']>['body'],
): Promise<{ unread: number }> => {
  const caller = signedInUser(origin.caller);
  const noticeIds = body.ids ?? (await unreadUserNoticeIds(services.db, caller.userId));
  if (noticeIds.length > 0) {
    await run(services, origin, {
      type: 'ReadUserNotices',
      data: { userId: caller.userId, noticeIds },
      metadata: { now: nowIso(services) },
    });
  }
  return { unread: (await unreadUserNoticeIds(services.db, caller.userId)).length };
};
