import { z } from 'zod';
import { idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

export const resetLinkSentSchema = z.strictObject({ message: text() });

export const passwordResetLinkOperations = defineOperations(
  { name: 'passwordResetLinks', tag: 'Users' },
  {
    send: {
      method: 'POST',
      path: '/v1/users/reset_password/:user_id',
      summary:
        'Mails a password-reset link to an active user of the caller’s organization (a super-admin: of any). The previous link stops working; requests are counted like self-service ones.',
      params: z.object({ user_id: idSchema }),
      responses: {
        202: { description: 'The link is on its way.', schema: resetLinkSentSchema },
        403: { description: '`user_not_manageable`: the user’s role is above the caller’s.' },
        404: { description: '`user_not_found` (missing, or of another organization).' },
        409: {
          description:
            '`user_not_active`: the account is not activated yet (resend the invitation); `user_disabled`: enable it first.',
        },
        429: { description: '`too_many_requests`: wait for `Retry-After` seconds.' },
      },
    },
  },
);
