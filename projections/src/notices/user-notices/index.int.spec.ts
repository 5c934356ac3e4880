import type { UserNoticeEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { listUserNotices, unreadUserNoticeIds, userNoticesProjection } from './index.js';

const posted = (userId: string, noticeId: string, day: number): UserNoticeEvent => ({
  type: 'UserNoticePosted',
  data: {
    userId,
    organizationId: 'acme',
    noticeId,
    kind: 'assignment_reminder',
    params: { programName: 'Onboarding', reminder: 'due_tomorrow' },
    link: '/apps/ai-coaching',
    postedAt: at(day),
  },
});

describe('user-notices read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserNoticeEvent>(userNoticesProjection, async ({ append }) => {
    await append('user-notices-ada', posted('ada', 'n1', 1), posted('ada', 'n2', 2), posted('ada', 'n3', 3), {
      type: 'UserNoticesRead',
      data: { userId: 'ada', noticeIds: ['n2'], readAt: at(4) },
    });
    await append('user-notices-bob', posted('bob', 'n1', 1));
  });

  it('lists a user’s notices newest first, a page at a time, with the unread count', async () => {
    const first = await listUserNotices(db, 'ada', { offset: 0, limit: 2 });
    expect(first.items.map((notice) => [notice.noticeId, notice.readAt])).toEqual([
      ['n3', null],
      ['n2', at(4)],
    ]);
    expect(first).toMatchObject({ total: 3, unread: 2 });
    expect(first.items[0]).toMatchObject({ kind: 'assignment_reminder', params: { reminder: 'due_tomorrow' } });
    expect((await listUserNotices(db, 'ada', { offset: 2, limit: 2 })).items.map((n) => n.noticeId)).toEqual(['n1']);
    expect((await unreadUserNoticeIds(db, 'ada')).sort()).toEqual(['n1', 'n3']);
    expect(await listUserNotices(db, 'cy', { offset: 0, limit: 10 })).toEqual({ items: [], total: 0, unread: 0 });
  });

  it('changes nothing when its events are applied again', async () => {
    const rows = async () => (await db.query('SELECT * FROM rm_user_notices ORDER BY 1, 2')).rows;
    const before = await rows();
    await reapplyTwice();
    expect(await rows()).toEqual(before);
  });
});
