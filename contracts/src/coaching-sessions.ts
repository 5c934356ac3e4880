import {
  ANALYSIS_CORRECTION_COMMENT_MAX,
  COACHING_SESSION_END_REASONS,
  COACHING_SESSION_NAME_MAX,
  COACHING_SESSION_STATUSES,
  SESSION_LANGUAGES,
  VOICE_TURN_DETECTIONS,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { voiceSpeedSchema, voiceTurnDetectionSchema } from './coaching-content.js';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';
import { backgroundJobSchema } from './jobs.js';

// Coaching sessions over HTTP (docs/coaching-sessions.md, "HTTP"). Fixed by the issue: a session's `id,
// scenario_id, status, turns: [{role, text, at}], cost_credits, started_at, ended_at?` and a turn's `{reply,
// status}`; the other fields are ours.

export const COACHING_SESSION_TURN_MAX = 4000;

const status = z.enum(COACHING_SESSION_STATUSES);

const turnSchema = z.strictObject({
  /** The turn's id: a client resends a turn under the same id, and resumes a transcript from the last it has. */
  id: text(),
  role: z.enum(['learner', 'persona']),
  text: text(),
  at: text(),
});

/**
 * What a voice session plays with now (docs/voice.md, "Voice settings"): the scenario's at the start, as its player
 * changed them since.
 */
export const coachingSessionVoiceSettingsSchema = z.strictObject({
  /** An AI speech voice; null: the built-in voice. */
  voice_id: text().nullable(),
  speed: z.number(),
  turn_detection: z.enum(VOICE_TURN_DETECTIONS),
  /** End-of-turn silence for `voice_activity`, in milliseconds (the scenario's). */
  silence_ms: z.number().int(),
  /** The recognition model (the scenario's); null: the voice provider's own, or typed turns. */
  recognition_model_id: text().nullable(),
});
export type CoachingSessionVoiceSettingsAnswer = z.infer<typeof coachingSessionVoiceSettingsSchema>;

const sessionShape = {
  id: text(),
  scenario_id: text(),
  status,
  /** Captured once the session ended; until then what the time played so far costs, never past the reservation. */
  cost_credits: z.number().int(),
  started_at: text(),
  ended_at: text().optional(),
  name: text(),
  organization_id: text(),
  /** Who played; null for a guest. */
  user_id: text().nullable(),
  /** A guest's session (through a share link): the name the guest gave; null for a user's. */
  guest_name: text().nullable(),
  persona_id: text(),
  /** null: free speech. */
  mission_id: text().nullable(),
  model_id: text(),
  language: z.enum(SESSION_LANGUAGES),
  mode: z.enum(['text', 'voice']),
  time_limit_seconds: z.number().int(),
  turn_limit: z.number().int().nullable(),
  /** When the time limit ends the session: the clock the learner sees. */
  ends_at: text(),
  credits_per_minute: z.number().int(),
  /** Held for the whole time limit at the start: the most the session may cost. */
  reserved_credits: z.number().int(),
  end_reason: z.enum(COACHING_SESSION_END_REASONS).nullable(),
  /** The learner turn the persona has not answered yet (its reply failed): resend it under this id. */
  awaiting_reply_to: text().nullable(),
  /** A voice session's voice settings; null for a text session. */
  voice_settings: coachingSessionVoiceSettingsSchema.nullable(),
  private: z.boolean().optional().describe('Private practice: only its player reads it; no assignment counts it.'),
};

/**
 * Voice-to-voice latency over turns (docs/voice.md, "Latency records"): from the end of the learner's turn until the
 * browser started playing the persona's first audio, as `percentile_cont` p50 and p95 in whole milliseconds.
 */
export const voiceLatencySchema = z.strictObject({
  /** Turns measured: the browser reported playing their first audio. */
  turns: z.number().int(),
  p50_ms: z.number().int(),
  p95_ms: z.number().int(),
});

export const coachingSessionSchema = z.strictObject({
  ...sessionShape,
  turns: z.array(turnSchema),
  /** The frozen mission's goal, kept in view while playing; null for free speech. */
  mission_goal: text().nullable(),
  /** The name of the persona played (its frozen version's), which the play screens speak of; null if it is gone. */
  persona_name: text().nullable(),
  /** A voice session's voice-to-voice latency; null for a text session or before any turn was measured. */
  voice_latency: voiceLatencySchema.nullable(),
  /** The built-in offline provider plays it: scripted practice, by rules (docs/ai-builtin-provider.md). */
  scripted: z.boolean(),
});

/** A session in a list: its transcript is read one session at a time. */
export const coachingSessionSummarySchema = z.strictObject({ ...sessionShape, turn_count: z.number().int() });

/** A learner turn, over HTTP and, with the session's id, over the gateway (`session.turn`). */
export const coachingSessionTurnBodySchema = closed(
  z.object({
    text: text().trim().min(1).max(COACHING_SESSION_TURN_MAX),
    turn_id: idSchema.optional(),
  }),
);

export const coachingSessionTurnAnswerSchema = z.strictObject({
  /** The persona's reply without outcome markers; empty when the session ended without one. */
  reply: text(),
  status,
});

/** What a scenario's information page shows before a learner starts (`GET /v1/coaching/scenarios/{id}/briefing`). */
export const scenarioBriefingSchema = z.strictObject({
  scenario_id: text(),
  /** The published version a session started now would play. */
  version: z.number().int(),
  name: text(),
  description: text(),
  image_id: text().nullable(),
  language: z.enum(SESSION_LANGUAGES),
  mode: z.enum(['text', 'voice']),
  persona: z.strictObject({
    id: text(),
    name: text(),
    avatar_image_id: text().nullable(),
    job_title: text(),
    company: text(),
    /** The line the persona opens the session with. */
    greeting: text(),
  }),
  /** null: free speech. */
  mission: z
    .strictObject({
      id: text(),
      title: text(),
      image_id: text().nullable(),
      briefing: text(),
      goal: text(),
      success_criteria: z.array(text()),
      failure_conditions: z.array(text()),
      turn_limit: z.number().int().nullable(),
    })
    .nullable(),
  observers: z.array(
    z.strictObject({ id: text(), name: text(), description: text(), avatar_image_id: text().nullable() }),
  ),
  time_limit_seconds: z.number().int(),
  credits_per_minute: z.number().int(),
  /** What starting reserves: every started minute of the time limit. */
  price_credits: z.number().int(),
  /** The caller's own wallet: starting needs at least the price. */
  available_credits: z.number().int(),
  /** The built-in offline provider would play it: scripted practice, by rules (docs/ai-builtin-provider.md). */
  scripted: z.boolean(),
});
export type ScenarioBriefing = z.infer<typeof scenarioBriefingSchema>;

const observerStatus = z.enum(['pending', 'running', 'done', 'failed']);

export const criterionAnswerSchema = z.strictObject({
  name: text(),
  /** On the criterion's scale (`pass_fail` 0 or 1, `1_5`, `1_10`); null when it did not apply to this session. */
  score: z.number().nullable(),
  /** The learner's words the score rests on, each linked to its turn of the transcript. */
  evidence: z.array(z.strictObject({ turn_id: text(), quote: text() })),
  scale: z.enum(['pass_fail', '1_5', '1_10']),
  weight: z.number(),
  relevant: z.boolean(),
  /** false: the observer's answer left this criterion out; it is shown "not assessed" and not counted. */
  assessed: z.boolean(),
  /** A reviewer's correction: `score` is then the corrected score, and the observer's is kept here. */
  correction: z
    .strictObject({
      /** What the observer scored; null when it found the criterion did not apply. */
      original_score: z.number().nullable(),
      comment: text(),
      corrected_by: z.strictObject({ user_id: text(), name: text().nullable() }),
      corrected_at: text(),
    })
    .nullable(),
});

/** The built-in measurements of the transcript, the same whichever model judged it. */
const metricsSchema = z.strictObject({
  words: z.strictObject({ learner: z.number().int(), persona: z.number().int(), total: z.number().int() }),
  /** Learner words / all words, 0..1; null when nobody spoke. */
  talk_ratio: z.number().nullable(),
  questions: z.strictObject({
    total: z.number().int(),
    open: z.number().int(),
    closed: z.number().int(),
    asked: z.array(z.strictObject({ turn_id: text().nullable(), text: text(), kind: z.enum(['open', 'closed']) })),
  }),
  /** The learner's longest turn. */
  longest_monologue: z.strictObject({ words: z.number().int(), turn_id: text().nullable() }).nullable(),
  fillers: z.strictObject({ total: z.number().int(), by_filler: z.record(z.string(), z.number().int()) }),
  words_per_minute: z.number().nullable(),
});

/**
 * A session's analysis report, one version of it. Fixed by the issue: `status, version, overall_score?,
 * observers: [{observer_id, status, criteria: [{name, score, evidence}], summary}], metrics`; the rest is ours.
 */
export const coachingSessionAnalysisSchema = z.strictObject({
  status: observerStatus,
  version: z.number().int(),
  /** Every version of this session's report, oldest first: older ones stay readable with `?version=`. */
  versions: z.array(z.number().int()),
  /**
   * The weighted mean of every relevant criterion, 0..100, with reviewers' corrections; once every observer has
   * finished and one reported.
   */
  overall_score: z.number().optional(),
  observers: z.array(
    z.strictObject({
      observer_id: text(),
      observer_version: z.number().int(),
      /**
       * The name of the observer version that reports, as published; null when that version is gone. Whoever reads
       * the report reads it, a guest too, without the scenario's briefing.
       */
      name: text().nullable(),
      /** The built-in offline provider judged: by rules, from behaviours (docs/ai-builtin-provider.md). */
      scripted: z.boolean(),
      status: observerStatus,
      criteria: z.array(criterionAnswerSchema),
      summary: text().nullable(),
      went_well: z.array(text()),
      to_improve: z.array(text()),
      /** This observer's weighted mean, 0..100, with reviewers' corrections. */
      score: z.number().nullable(),
    }),
  ),
  metrics: metricsSchema,
  trigger: z.enum(['session_ended', 'rerun']),
  requested_at: text(),
});
export type CoachingSessionAnalysisAnswer = z.input<typeof coachingSessionAnalysisSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

/** A date is a whole UTC day: `from` starts with it, `to` ends with it (included). A date-time is exact. */
const instant = (bound: 'from' | 'to') =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .transform((value) => {
      if (!DATE_ONLY.test(value)) return new Date(value).toISOString();
      const dayStart = Date.parse(`${value}T00:00:00Z`);
      return new Date(bound === 'to' ? dayStart + DAY_MS : dayStart).toISOString();
    })
    .describe(
      bound === 'from'
        ? 'Sessions started at or after this date (YYYY-MM-DD, a UTC day) or date-time.'
        : 'Sessions started up to this date included (YYYY-MM-DD, a UTC day), or before this date-time.',
    );

/** A bound of the sessions' start date, as the list reads it; the dashboard's period reads the same. */
export const sessionStartBound = instant;

const listFilters = {
  /** `organization`: everyone's in the caller's organization (`coaching-session-check-other`). */
  scope: z.enum(['mine', 'organization']).default('mine'),
  scenario_id: idSchema.optional(),
  status: status.optional(),
  /** Another user's sessions need `coaching-session-check-other`. */
  user_id: idSchema.optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
};

const notFound = { description: '`coaching_session_not_found`: no session with this id that the caller may see.' };
const answer = { description: 'The session.', schema: coachingSessionSchema };

export const coachingSessionOperations = defineOperations(
  { name: 'coachingSessions', tag: 'Coaching: sessions' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/sessions',
      summary:
        'The caller’s sessions; with `coaching-session-check-other`, `scope=organization` or another `user_id` lists others of their organization. `sort`: `-updated_at` newest first (default), `updated_at` oldest first, `name` by name.',
      query: listQuery(listFilters).refine(
        (query) => query.from === undefined || query.to === undefined || query.from < query.to,
        { ...rule('period_order'), path: ['to'] },
      ),
      responses: {
        200: { description: 'A page of sessions.', schema: pageOf(coachingSessionSummarySchema) },
        403: { description: '`forbidden`: others’ sessions without `coaching-session-check-other`.' },
      },
    },
    briefing: {
      method: 'GET',
      path: '/v1/coaching/scenarios/:id/briefing',
      summary:
        'What a learner reads before starting a published scenario: persona and greeting, mission, observers, language, the price of a session and the caller’s available credits.',
      params: idParams,
      responses: {
        200: { description: 'The briefing.', schema: scenarioBriefingSchema },
        404: { description: '`coaching_item_not_found`: no published scenario with this id that the caller may see.' },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/coaching/sessions',
      summary:
        'Start a session of a published scenario the caller may see: reserves its price for the whole time limit from the caller’s wallet, freezes the versions played, and records the persona’s greeting. `private: true`: private practice, read by its player only and counted for no assignment.',
      idempotent: true,
      body: closed(z.object({ scenario_id: idSchema, private: z.boolean().optional() })),
      responses: {
        201: answer,
        404: {
          description:
            '`coaching_item_not_found`: no published scenario with this id that the caller may see; `idempotent_answer_erased`: a retry with the `Idempotency-Key` of a request whose session was deleted since (its kept answer went with it).',
        },
        409: {
          description:
            '`insufficient_credits`: `details.available` (the wallet) and `details.price` (what the session reserves); nothing is reserved.',
        },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id',
      summary: 'One session: status, transcript, timings and cost, and a voice session’s voice-to-voice latency.',
      params: idParams,
      responses: { 200: answer, 404: notFound },
    },
    rename: {
      method: 'PATCH',
      path: '/v1/coaching/sessions/:id',
      summary: 'Rename a session, ended or not.',
      params: idParams,
      body: closed(z.object({ name: text().trim().min(1).max(COACHING_SESSION_NAME_MAX) })),
      responses: { 200: answer, 404: notFound },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/coaching/sessions/:id',
      summary: 'Delete a session; one still playing is aborted and charged for its time first.',
      params: idParams,
      responses: { 204: { description: 'Deleted.' }, 404: notFound },
    },
    turn: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/turns',
      summary:
        'Say something and get the persona’s whole reply. Resend a turn under the same `turn_id` after a failure: it is recorded and charged once.',
      params: idParams,
      body: coachingSessionTurnBodySchema,
      responses: {
        200: { description: 'The reply and the status after it.', schema: coachingSessionTurnAnswerSchema },
        404: notFound,
        409: {
          description:
            '`coaching_session_ended` (`details.status`), `coaching_session_awaiting_reply` (`details.turn_id`: resend that turn), or `coaching_session_turn_id_reused`.',
        },
        503: {
          description:
            '`coaching_session_reply_failed`: the AI provider did not answer (`details.reason`, `details.turn_id`); nothing was recorded or charged, send the same turn again.',
        },
      },
    },
    end: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/end',
      summary: 'End the session (`end`), charged for the minutes started; an ended session answers as it is.',
      params: idParams,
      responses: { 200: answer, 404: notFound },
    },
    abort: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/abort',
      summary: 'Abort the session (`abort`), charged as End; an ended session answers as it is.',
      params: idParams,
      responses: { 200: answer, 404: notFound },
    },
  },
);

/** What the player of a voice session may change of its voice (`coaching-session-ai-voice-settings-edit`). */
export const coachingSessionVoiceSettingsBodySchema = patchOf(
  z.object({
    /** An AI speech voice the session's organization may use; null: the built-in voice. */
    voice_id: idSchema.nullable().optional(),
    speed: voiceSpeedSchema.optional(),
    turn_detection: voiceTurnDetectionSchema.optional(),
  }),
);
export type CoachingSessionVoiceSettingsBody = z.input<typeof coachingSessionVoiceSettingsBodySchema>;

/**
 * A voice session's settings (docs/voice.md, "Voice settings"): their own group, so the session screens' operations
 * stay as they are.
 */
export const coachingSessionVoiceOperations = defineOperations(
  { name: 'coachingSessionVoice', tag: 'Coaching: sessions' },
  {
    updateSettings: {
      method: 'PATCH',
      path: '/v1/coaching/sessions/:id/voice_settings',
      summary:
        'Change the voice, speed or turn detection of the caller’s own voice session while it plays (a guest: the session their token names); the other settings stay the scenario’s. The same settings again change nothing.',
      params: idParams,
      body: coachingSessionVoiceSettingsBodySchema,
      responses: {
        200: answer,
        404: {
          description:
            '`coaching_session_not_found`: no session with this id that the caller plays; `ai_voice_not_found` (`details.issues` naming `voice_id`): no speech voice with this id that the session’s organization may use.',
        },
        409: {
          description:
            '`coaching_session_not_voice`: a text session; `coaching_session_ended` (`details.status`): the session has ended.',
        },
      },
    },
  },
);

/**
 * One side's audio of one turn of a voice session, as it was heard (docs/voice.md, "Recordings"): kept only when the
 * organization records voice sessions, sealed with the session's key, and gone with the session.
 */
export const coachingSessionRecordingSchema = z.strictObject({
  id: text(),
  /** The transcript turn it is the audio of: a learner turn's id, or a persona turn's (`reply-{learner turn id}`). */
  turn_id: text(),
  role: z.enum(['learner', 'persona']),
  duration_ms: z.number().int(),
  recorded_at: text(),
});
export type CoachingSessionRecording = z.infer<typeof coachingSessionRecordingSchema>;

export const coachingSessionRecordingsSchema = z.strictObject({
  /** In the order they were spoken. */
  items: z.array(coachingSessionRecordingSchema),
  /** The sum of the pieces' durations. */
  duration_ms: z.number().int(),
});
export type CoachingSessionRecordings = z.infer<typeof coachingSessionRecordingsSchema>;

/** A voice session's recordings, for replay on its result page. */
export const coachingSessionRecordingOperations = defineOperations(
  { name: 'coachingSessionRecordings', tag: 'Coaching: sessions' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/recordings',
      summary:
        'The recorded audio of a voice session, turn by turn, for whoever may read the session. Empty for a text session, a session played while its organization did not record voice sessions, or one whose recordings were deleted.',
      params: idParams,
      responses: {
        200: { description: 'The recordings.', schema: coachingSessionRecordingsSchema },
        404: notFound,
      },
    },
    audio: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/recordings/:recording_id',
      summary:
        'One recording as a WAVE file (PCM16, mono, 24 kHz), opened with the session’s key; `Cache-Control: private, no-store`.',
      params: z.object({ id: idSchema, recording_id: idSchema }),
      responses: {
        200: { description: 'The audio (`audio/wav`).' },
        404: {
          description: `${notFound.description} \`coaching_recording_not_found\`: no such recording of this session (or it was deleted with the session).`,
        },
      },
    },
  },
);

/**
 * The analysis reports of a session (docs/coaching-sessions.md, "Reports"): their own group, so the session screens'
 * operations stay as they are until the result page reads the reports.
 */
export const coachingSessionAnalysisOperations = defineOperations(
  { name: 'coachingSessionAnalyses', tag: 'Coaching: sessions' },
  {
    analysis: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/analysis',
      summary:
        'The analysis report of a session the caller may read: each observer’s criteria with evidence, what went well, what to improve and a summary, the built-in metrics and the weighted overall score. The latest version unless `version` names an older one.',
      params: idParams,
      query: closed(z.object({ version: z.coerce.number().int().min(1).optional() })),
      responses: {
        200: { description: 'The report.', schema: coachingSessionAnalysisSchema },
        404: {
          description:
            '`coaching_session_not_found`, or `coaching_session_analysis_not_found`: no report (yet, or of this version; an aborted session has none).',
        },
      },
    },
    rerunAnalysis: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/analysis/rerun',
      summary:
        'Analyse an ended session again with its observers’ latest published versions: a new report version; the older ones stay readable.',
      params: idParams,
      responses: {
        202: { description: 'The new version, pending.', schema: coachingSessionAnalysisSchema },
        404: notFound,
        409: {
          description:
            '`coaching_session_analysis_running` (`details.version`): the latest version has not finished; `coaching_session_not_analysable`: the session is playing or was aborted.',
        },
      },
    },
    correctScore: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/analysis/corrections',
      summary:
        'Correct one criterion’s score in an observer’s delivered report of a version, with a comment: the observer’s score is kept and shown beside it, and the observer’s and overall scores use the corrected one. Send it again with the same `Idempotency-Key` and it is applied once.',
      idempotent: true,
      params: idParams,
      body: closed(
        z.object({
          version: z.number().int().min(1),
          observer_id: idSchema,
          criterion: text().trim().min(1).max(200),
          /** A whole score on the criterion's scale (`pass_fail` 0 or 1, `1_5`, `1_10`). */
          score: z.number(),
          comment: text().trim().min(1).max(ANALYSIS_CORRECTION_COMMENT_MAX),
        }),
      ),
      responses: {
        201: { description: 'The report of that version, corrected.', schema: coachingSessionAnalysisSchema },
        400: {
          description:
            '`analysis_score_out_of_scale` (`details.min`, `details.max`), `analysis_criterion_unknown`, `analysis_observer_unknown`, `analysis_correction_comment_required`, each naming its field in `details.issues`.',
        },
        404: {
          description:
            '`coaching_session_not_found`, or `coaching_session_analysis_not_found`: no report of this version; `idempotent_answer_erased`: a retry with the `Idempotency-Key` of a request whose session was deleted since (its kept answer went with it).',
        },
        409: {
          description: '`analysis_report_not_done` (`details.status`): the observer has not delivered its report.',
        },
      },
    },
  },
);

/**
 * Bulk re-runs of analysis reports (docs/coaching-sessions.md, "Reports"): every ended session of the caller's
 * organization of a scenario, or scored by an observer, started in a period, as a background job.
 */
export const coachingAnalysisRerunOperations = defineOperations(
  { name: 'coachingAnalysisReruns', tag: 'Coaching: sessions' },
  {
    start: {
      method: 'POST',
      path: '/v1/coaching/analysis_reruns',
      summary:
        'Re-run the analysis reports of every session of the caller’s organization that ended in win, loose or end, of `scenario_id` and/or scored by `observer_id`, started from `from` to `to`: a background job (`GET /v1/jobs/{id}`) that makes a new report version of each; older versions stay readable. Sent again with the same `Idempotency-Key`, it answers the same job.',
      idempotent: true,
      body: closed(
        z.object({
          scenario_id: idSchema.optional(),
          observer_id: idSchema.optional(),
          from: instant('from'),
          to: instant('to'),
        }),
      )
        .refine((body) => body.scenario_id !== undefined || body.observer_id !== undefined, {
          ...rule('analysis_rerun_target'),
          path: ['scenario_id'],
        })
        .refine((body) => body.from < body.to, { ...rule('period_order'), path: ['to'] }),
      responses: {
        202: { description: 'The job, queued.', schema: backgroundJobSchema },
        403: { description: '`forbidden`: re-running reports needs `coaching-session-analysis-report-update` too.' },
        404: {
          description:
            '`coaching_item_not_found` (`details.issues` names `scenario_id` or `observer_id`): unknown, or neither the caller’s organization’s, the library’s nor shared with them, and no session of the period played it.',
        },
      },
    },
  },
);

export type CoachingSessionAnswer = z.input<typeof coachingSessionSchema>;
export type CoachingSessionSummaryAnswer = z.input<typeof coachingSessionSummarySchema>;
export type CoachingSessionTurnAnswer = z.input<typeof coachingSessionTurnAnswerSchema>;
