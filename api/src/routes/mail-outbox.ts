import { listParamsSchema } from '@ai-coaching/domain';
import { listOutbox } from '@ai-coaching/platform';
import { z } from 'zod';
import { defineLegacyRoute, permission } from '../http/route.js';

// The outbox has one order (newest first) and nothing to search, so only the paging parameters apply.
const query = listParamsSchema.pick({ page: true, page_size: true });

const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/**
 * The mail the embedded mode kept instead of sending (no SMTP_URL), so a super-admin can open an
 * invitation or reset link. Empty when SMTP delivers the mail.
 */
export const mailOutboxRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/admin/mail_outbox',
    summary: 'Mail kept in the outbox when no SMTP server is configured, newest first.',
    tag: 'Operations',
    // Platform-wide and it holds activation links: super-admins only, like the other admin screens.
    access: permission('super-admin-read'),
    query,
    responses: {
      200: {
        description: 'One page of the outbox.',
        schema: z.object({
          items: z.array(outboxMessage),
          total: z.number().int(),
          page: z.number().int(),
          page_size: z.number().int(),
        }),
      },
    },
    handler: async ({ query: page, services }) => ({ body: await listOutbox(services.db, page) }),
  }),
];
