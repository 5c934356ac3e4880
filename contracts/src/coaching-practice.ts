import { COACHING_SESSION_STATUSES, SESSION_LANGUAGES, TERMINAL_COACHING_SESSION_STATUSES } from '@ai-coaching/domain';
import { z } from 'zod';
import { text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// The learner's home (docs/coaching-sessions.md, "Practise"): what the caller may play now, each scenario with what
// a learner weighs before starting, and their own recent sessions with their results.

const bestOf = {
  /** The best outcome of the caller's ended sessions of it (win > end > loose > abort); null before one ended. */
  best_status: z.enum(TERMINAL_COACHING_SESSION_STATUSES).nullable(),
  /** The best overall score of their reports, 0..100; null without one. */
  best_score: z.number().nullable(),
};

export const practiceScenarioSchema = z.strictObject({
  id: text(),
  name: text(),
  description: text(),
  image_id: text().nullable(),
  mode: z.enum(['text', 'voice']),
  language: z.enum(SESSION_LANGUAGES),
  /** The persona's difficulty, 1 (gentle) to 5 (hard). */
  difficulty: z.number().int(),
  time_limit_seconds: z.number().int(),
  /** What a session reserves at its start (0: free). */
  price_credits: z.number().int(),
  ...bestOf,
  /** The caller's sessions of it, playing or ended. */
  sessions: z.number().int(),
});

export const practiceRecentSessionSchema = z.strictObject({
  id: text(),
  scenario_id: text(),
  name: text(),
  status: z.enum(COACHING_SESSION_STATUSES),
  started_at: text(),
  /** Its overall score, 0..100; null before its report (or without one). */
  score: z.number().nullable(),
});

export const coachingPracticeSchema = z.strictObject({
  /** Published scenarios the caller may play, those in `language` first, then the most recently changed. */
  scenarios: z.array(practiceScenarioSchema),
  /** The caller's latest sessions, newest first. */
  recent_sessions: z.array(practiceRecentSessionSchema),
  available_credits: z.number().int(),
});
export type CoachingPractice = z.infer<typeof coachingPracticeSchema>;

export const coachingPracticeOperations = defineOperations(
  { name: 'coachingPractice', tag: 'Coaching: sessions' },
  {
    home: {
      method: 'GET',
      path: '/v1/coaching/practice',
      summary:
        'The learner’s home: up to 24 published scenarios the caller may play (mode, language, difficulty, duration, price and their best result), their 5 latest sessions with results, and their available credits.',
      query: z.object({ language: z.enum(SESSION_LANGUAGES).optional() }),
      responses: { 200: { description: 'What the caller may practise.', schema: coachingPracticeSchema } },
    },
  },
);
