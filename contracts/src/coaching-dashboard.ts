import { USER_LOCALES } from '@ai-coaching/domain';
import { z } from 'zod';
import { RUBRIC_SCALES } from './coaching-content.js';
import { sessionStartBound, voiceLatencySchema } from './coaching-sessions.js';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';

// The coaching dashboard (docs/coaching-sessions.md, "Dashboard"): a learner's own figures, and with
// `coaching-session-check-other` their organization's by group, user and rubric criterion, with a CSV of the latter.

export const COACHING_DASHBOARD_SCOPES = ['mine', 'team'] as const;
export const COACHING_DASHBOARD_INTERVALS = ['day', 'week'] as const;

const figuresShape = {
  /** Sessions started in the period, playing or ended. */
  sessions: z.number().int(),
  /** Ended: win, loose, end or abort. */
  finished: z.number().int(),
  wins: z.number().int(),
  /** Wins / ended sessions of scenarios with a mission (free speech cannot be won), 0..1; null when there is none. */
  win_rate: z.number().nullable(),
  /** Sessions with an overall score (their latest finished report). */
  scored_sessions: z.number().int(),
  /** Mean overall score, 0..100 with one decimal; null without a scored session. */
  average_score: z.number().nullable(),
  /** Credits captured by the ended sessions. */
  credits_used: z.number().int(),
};

export const coachingDashboardFiguresSchema = z.strictObject(figuresShape);

export const coachingDashboardSchema = z.strictObject({
  scope: z.enum(COACHING_DASHBOARD_SCOPES),
  /** The period asked for, as instants; null when open. */
  from: text().nullable(),
  to: text().nullable(),
  interval: z.enum(COACHING_DASHBOARD_INTERVALS),
  totals: coachingDashboardFiguresSchema,
  /** One point per day or week (from Monday, UTC) in which a session started, oldest first. */
  trend: z.array(
    z.strictObject({
      /** The bucket's first day, YYYY-MM-DD. */
      start: text(),
      sessions: z.number().int(),
      scored_sessions: z.number().int(),
      average_score: z.number().nullable(),
    }),
  ),
  /** Each scenario played, most sessions first: the figures, and what the scenario filter offers. */
  scenarios: z.array(z.strictObject({ scenario_id: text(), name: text(), ...figuresShape })),
  /**
   * Each rubric criterion over the sessions it applied to: one line per observer and place in its rubric, whatever
   * the observer's version or language (the starter library's "Clarity" and "Clarté" are one line), named as read in
   * the latest session of the caller's language.
   */
  criteria: z.array(
    z.strictObject({
      observer_id: text(),
      /** The observer's name in the version played; null when that version is gone. */
      observer_name: text().nullable(),
      /** The criterion's place in the observer's rubric, from 0. */
      position: z.number().int(),
      name: text(),
      scale: z.enum(RUBRIC_SCALES),
      sessions: z.number().int(),
      /** Mean score on the criterion's own scale, two decimals (3.4 of 1–5); for `pass_fail` the share passed, 0..1. */
      average: z.number(),
      /** The same mean brought to 0..100, as the overall score counts it (a 1 of 1–5 is 0), one decimal. */
      average_score: z.number(),
    }),
  ),
  /**
   * Voice-to-voice latency of the sessions counted, by the kind of provider that spoke (`builtin`, `openai`…), by
   * kind; a kind without a measured turn is absent, so the list is empty without voice sessions (docs/voice.md).
   */
  voice_latency_by_provider: z.array(z.strictObject({ provider_kind: text(), ...voiceLatencySchema.shape })),
  /** `team` only: each active group of the organization over its current members' sessions, by name. */
  groups: z
    .array(z.strictObject({ group_id: text(), name: text(), players: z.number().int(), ...figuresShape }))
    .optional(),
  /** `team` only: each user who played, most sessions first. */
  users: z.array(z.strictObject({ user_id: text(), name: text(), ...figuresShape })).optional(),
  /**
   * `team` only: private practice (docs/programs.md, "Private practice"), which no other figure counts: how many
   * sessions and how long, in all and per learner (most sessions first), never their scores or outcomes.
   */
  private_practice: z
    .strictObject({
      sessions: z.number().int(),
      /** Seconds played, of the ended sessions. */
      duration_seconds: z.number().int(),
      users: z.array(
        z.strictObject({
          user_id: text(),
          name: text(),
          sessions: z.number().int(),
          duration_seconds: z.number().int(),
        }),
      ),
    })
    .optional(),
});
export type CoachingDashboardAnswer = z.infer<typeof coachingDashboardSchema>;

/**
 * The CSV's rows: the team's totals, then each group, each user, each scenario and each criterion (its id is its
 * observer's; `average_score` is 0..100 on every row, `scale_average` a criterion's mean on its own scale).
 */
export const COACHING_DASHBOARD_ROW_KINDS = ['total', 'group', 'user', 'scenario', 'criterion'] as const;
export type CoachingDashboardRowKind = (typeof COACHING_DASHBOARD_ROW_KINDS)[number];

export type CoachingDashboardExportRow = {
  kind: CoachingDashboardRowKind;
  kind_label: string;
  id: string | null;
  name: string;
  sessions: number;
  finished: number | null;
  wins: number | null;
  win_rate: number | null;
  average_score: number | null;
  credits_used: number | null;
  /** Criterion rows: the rubric's scale (`pass_fail`, `1_5`, `1_10`) and the mean on it, as the dashboard shows it. */
  scale: string | null;
  scale_average: number | null;
};

/** The export's columns, in order; the header row names them in the export's language. */
export const COACHING_DASHBOARD_EXPORT_COLUMNS: readonly (keyof CoachingDashboardExportRow)[] = [
  'kind',
  'kind_label',
  'id',
  'name',
  'sessions',
  'finished',
  'wins',
  'win_rate',
  'average_score',
  'credits_used',
  'scale',
  'scale_average',
];

const filters = {
  from: sessionStartBound('from').optional(),
  to: sessionStartBound('to').optional(),
  scenario_id: idSchema.optional().describe('Sessions of this scenario only.'),
  group_id: idSchema.optional().describe('`team` only: sessions of this group’s current members.'),
  interval: z
    .enum(COACHING_DASHBOARD_INTERVALS)
    .optional()
    .describe('The trend’s buckets; by default `day` for a period of 31 days at most, else `week`.'),
};

const orderedPeriod = <Query extends { from?: string | undefined; to?: string | undefined }>(query: Query) =>
  query.from === undefined || query.to === undefined || query.from < query.to;
const periodIssue = { ...rule('period_order'), path: ['to'] };

const groupNotFound = { description: '`user_group_not_found`: `group_id` is no group of the caller’s organization.' };

export const coachingDashboardOperations = defineOperations(
  { name: 'coachingDashboard', tag: 'Coaching: sessions' },
  {
    read: {
      method: 'GET',
      path: '/v1/coaching/dashboard',
      summary:
        'Coaching figures for a period: sessions played, win rate, average score, credits used, the score’s trend, the mean score of each rubric criterion and the voice-to-voice latency by speech provider. `scope=mine` (default) the caller’s own sessions; `scope=team` (`coaching-session-check-other`) their organization’s, with figures by group and by user.',
      query: closed(z.object({ scope: z.enum(COACHING_DASHBOARD_SCOPES).default('mine'), ...filters }))
        .refine((query) => query.scope === 'team' || query.group_id === undefined, {
          ...rule('dashboard_group_team_only'),
          path: ['group_id'],
        })
        .refine(orderedPeriod, periodIssue),
      responses: {
        200: { description: 'The figures.', schema: coachingDashboardSchema },
        403: { description: '`forbidden`: `scope=team` without `coaching-session-check-other`.' },
        404: groupNotFound,
      },
    },
    export: {
      method: 'GET',
      path: '/v1/coaching/dashboard.csv',
      summary:
        'The team’s figures as CSV (RFC 4180, a header row in the caller’s language), for download: a `total` row, then one row per group, per user, per scenario and per rubric criterion (`kind`, then `kind_label` in words), with the same filters.',
      query: closed(
        z.object({
          ...filters,
          lang: z
            .enum(USER_LOCALES)
            .optional()
            .describe(
              'The language of the header row, `kind_label` and the total’s name; the caller’s own by default.',
            ),
        }),
      ).refine(orderedPeriod, periodIssue),
      responses: {
        200: { description: '`text/csv`, as an attachment.' },
        404: groupNotFound,
      },
    },
  },
);
