import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS, LEADERBOARD_SCOPES } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Leaderboards (docs/programs.md, "Leaderboards"): who of the caller's organization, or of one of its groups, ranks
// first over the current week, month or quarter. Off unless the organization turns them on (`leaderboards_enabled`).

export const leaderboardQuerySchema = closed(
  z.object({
    scope: z.enum(LEADERBOARD_SCOPES).default('organization'),
    /** With `scope=user_group`: a group of the caller's organization. */
    user_group_id: idSchema.optional(),
    period: z.enum(LEADERBOARD_PERIODS),
    metric: z.enum(LEADERBOARD_METRICS),
  }),
);

export const leaderboardEntrySchema = z.strictObject({
  /** 1, 2, …; equal values share a rank (1, 1, 3). */
  rank: z.number().int(),
  /** null for a learner who hides their name (but to themself). */
  user_id: text().nullable(),
  /** "First Last"; null for a learner who hides their name: screens say "A learner". */
  name: text().nullable(),
  /** Certificates, a score 0..100 (one decimal) or seconds, as the metric says. */
  value: z.number(),
  /** The caller's own line. */
  you: z.boolean(),
});

export const leaderboardSchema = z.strictObject({
  /** From the start of the current week (Monday), month or quarter, in UTC, to now. */
  period: z.strictObject({ from: text(), to: text() }),
  metric: z.enum(LEADERBOARD_METRICS),
  scope: z.enum(LEADERBOARD_SCOPES),
  /** At most 50 lines, best first, then the caller's own when it ranks below them. */
  entries: z.array(leaderboardEntrySchema),
  /** Where the caller stands; null when they did nothing counted in the period. */
  you: z.strictObject({ rank: z.number().int(), value: z.number() }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardPreferenceSchema = z.strictObject({
  /** Whether the caller's name is hidden from others on leaderboards. */
  hidden: z.boolean(),
  /** Whether the caller's organization shows leaderboards at all. */
  enabled: z.boolean(),
});
export type LeaderboardPreference = z.infer<typeof leaderboardPreferenceSchema>;

export const leaderboardOperations = defineOperations(
  { name: 'leaderboards', tag: 'Coaching: leaderboards' },
  {
    read: {
      method: 'GET',
      path: '/v1/coaching/leaderboard',
      summary:
        'The leaderboard of the caller’s organization or of one of its groups over the current week, month or quarter: programs passed, average best score or practice time, ties sharing a rank.',
      query: leaderboardQuerySchema,
      responses: {
        200: { description: 'The leaderboard.', schema: leaderboardSchema },
        400: { description: '`leaderboard_group_required`: `scope=user_group` without `user_group_id`.' },
        403: { description: '`leaderboards_disabled`: the organization has not turned leaderboards on.' },
        404: { description: '`user_group_not_found`: no such group in the caller’s organization.' },
      },
    },
    readMine: {
      method: 'GET',
      path: '/v1/me/leaderboard',
      summary: 'Whether the caller hides their name on leaderboards, and whether their organization shows them.',
      responses: { 200: { description: 'The caller’s choice.', schema: leaderboardPreferenceSchema } },
    },
    changeMine: {
      method: 'PUT',
      path: '/v1/me/leaderboard',
      summary: 'Hide (or show again) the caller’s name on leaderboards: others read "A learner" in its place.',
      body: closed(z.object({ hidden: z.boolean() })),
      responses: { 200: { description: 'The caller’s choice.', schema: leaderboardPreferenceSchema } },
    },
  },
);
