import type { z } from 'zod';
import { coachingSessionTurnBodySchema } from '../coaching-sessions.js';
import { idSchema } from '../http/fields.js';

/**
 * A learner turn sent over the socket: the body of `POST /v1/coaching/sessions/{id}/turns` and the session's id. The
 * same `turn_id` after a drop is recorded once, and rejoins the reply if it is still being written.
 */
export const sessionTurnMessageSchema = coachingSessionTurnBodySchema.extend({
  session_id: idSchema,
  turn_id: idSchema,
});
export type SessionTurnMessage = z.infer<typeof sessionTurnMessageSchema>;
