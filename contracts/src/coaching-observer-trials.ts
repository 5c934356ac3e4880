import { SESSION_LANGUAGES } from '@ai-coaching/domain';
import { z } from 'zod';
import { observerInputSchema } from './coaching-content.js';
import {
  COACHING_SESSION_TURN_MAX,
  coachingSessionAnalysisSchema,
  criterionAnswerSchema,
} from './coaching-sessions.js';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';

// "Try an observer on a transcript" (issue 25 item 9, docs/coaching-content.md "Trying an observer"): the scores an
// observer, as its editor holds it (saved or not), would give a transcript. Nothing is stored.

export const OBSERVER_TRIAL_TURNS_MAX = 200;

/** One turn of a pasted transcript: the learner's or the persona's, as a session's turns are. */
export const observerTrialTurnSchema = z.object({
  role: z.enum(['learner', 'persona']),
  text: text().trim().min(1).max(COACHING_SESSION_TURN_MAX),
});

export const observerTrialBodySchema = closed(
  z.object({
    /** The observer's fields as its editor holds them: a draft never saved is tried as well. */
    observer: closed(observerInputSchema.partial({ avatar_image_id: true, description: true, instructions: true })),
    /** A transcript to judge; or `session_id`. */
    transcript: z.array(observerTrialTurnSchema).min(1).max(OBSERVER_TRIAL_TURNS_MAX).optional(),
    /** A session the caller may read: its transcript, persona and mission are judged. */
    session_id: idSchema.optional(),
    /** With `transcript`: the scenario whose persona and mission the built-in observer judges against. */
    scenario_id: idSchema.optional(),
    /** The transcript's language, which the summary is written in; default: the scenario's, else the caller's. */
    language: z.enum(SESSION_LANGUAGES).optional(),
  }),
)
  .refine((body) => (body.transcript === undefined) !== (body.session_id === undefined), {
    ...rule('observer_trial_source'),
    path: ['transcript'],
  })
  .refine((body) => body.session_id === undefined || body.scenario_id === undefined, {
    ...rule('observer_trial_scenario_with_session'),
    path: ['scenario_id'],
  });
export type ObserverTrialBody = z.input<typeof observerTrialBodySchema>;

/** An observer's entry in a session's report, as the report answers it. */
const reportObserver = coachingSessionAnalysisSchema.shape.observers.element.shape;

export const observerTrialSchema = z.strictObject({
  /** The transcript judged, each turn with the id its evidence names. */
  transcript: z.array(z.strictObject({ id: text(), role: observerTrialTurnSchema.shape.role, text: text() })),
  /** As a report's criteria; never corrected. */
  criteria: z.array(criterionAnswerSchema.omit({ correction: true })),
  /** The weighted mean of the relevant criteria, 0..100; null when none was relevant. */
  overall: reportObserver.score,
  summary: text(),
  went_well: reportObserver.went_well,
  to_improve: reportObserver.to_improve,
  /** The built-in offline provider judged: scripted practice, by rules (docs/ai-builtin-provider.md). */
  scripted: z.boolean(),
});
export type ObserverTrialAnswer = z.input<typeof observerTrialSchema>;

export const coachingObserverTrialOperations = defineOperations(
  { name: 'coachingObserverTrials', tag: 'Coaching: observers' },
  {
    create: {
      method: 'POST',
      path: '/v1/coaching/observer_trials',
      summary:
        'The scores an observer (saved or not) would give a transcript, pasted or of a session the caller may read, before it is published. Nothing is stored; the AI call is one of the observer’s model.',
      body: observerTrialBodySchema,
      responses: {
        200: { description: 'The observer’s report of the transcript.', schema: observerTrialSchema },
        400: {
          description:
            'Field issues: `observer_trial_source` (a transcript or a session, one of them), `observer_trial_scenario_with_session`.',
        },
        404: {
          description:
            '`coaching_session_not_found` (`session_id`), `coaching_item_not_found` (`scenario_id`, `details.field`), `coaching_reference_not_found` (`details.field`: `observer.model_id`): nothing with this id that the caller may use.',
        },
        503: {
          description:
            '`coaching_observer_trial_failed`: the AI provider did not answer (`details.reason`); nothing was recorded, try again.',
        },
      },
    },
  },
);
