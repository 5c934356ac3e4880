import { listParamsSchema, USER_NOTICE_KINDS } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// Notices in the app (docs/notices.md): what the signed-in user is told of (assignments, reminders, a pass, comments
// on their sessions), beside the mail, worded by the client in the reader's language from `kind` and `params`.

export const userNoticeSchema = z.strictObject({
  id: text(),
  kind: z.enum(USER_NOTICE_KINDS),
  /** What the text needs: a program's name, a due date and its time zone, a reminder, an author's name. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A path of the app the notice leads to. */
  link: text(),
  created_at: text(),
  read_at: text().nullable(),
});
export type UserNotice = z.infer<typeof userNoticeSchema>;

const unread = z.number().int().describe('How many of the caller’s notices are unread.');

export const userNoticeOperations = defineOperations(
  { name: 'userNotices', tag: 'Notices' },
  {
    list: {
      method: 'GET',
      path: '/v1/me/notices',
      summary: 'The caller’s notices, newest first, a page at a time, with how many are unread.',
      query: closed(listParamsSchema.pick({ page: true, page_size: true })),
      responses: {
        200: { description: 'A page of notices.', schema: pageOf(userNoticeSchema).extend({ unread }) },
      },
    },
    read: {
      method: 'POST',
      path: '/v1/me/notices/read',
      summary:
        'Marks notices read: those of `ids` (of the caller’s; others are left alone), or every unread one when `ids` is left out. Again: nothing more.',
      body: closed(z.object({ ids: z.array(idSchema).min(1).max(200).optional() })),
      responses: { 200: { description: 'What is left unread.', schema: z.strictObject({ unread }) } },
    },
  },
);
