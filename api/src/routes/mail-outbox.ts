import { listMailOutbox } from '@ai-coaching/application';
import { mailOutboxOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

/**
 * The mail the embedded mode kept instead of sending (no SMTP_URL), so a super-admin can open an
 * invitation or reset link. Empty when SMTP delivers the mail.
 */
export const mailOutboxRoutes = [
  defineRoute(op.list, {
    // Platform-wide and it holds activation links: super-admins only, like the other admin screens.
    access: permission('super-admin-read'),
    handler: async ({ query, services }) => ({ body: await listMailOutbox(services, query) }),
  }),
];
