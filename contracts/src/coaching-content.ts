import {
  DEFAULT_PASS_SCORE,
  DEFAULT_VOICE_SETTINGS,
  FAILURE_BEHAVIOURS,
  KNOWLEDGE_GATES,
  OBJECTION_MOVES,
  PERSONA_MOODS,
  PROGRAM_ATTEMPTS_MAX,
  PROGRAM_COUNTS,
  PROGRAM_ITEMS_MAX,
  SESSION_LANGUAGES,
  VOICE_SILENCE_MS_MAX,
  VOICE_SILENCE_MS_MIN,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  VOICE_TURN_DETECTIONS,
  SUCCESS_BEHAVIOURS,
  type FailureBehaviour,
  type SuccessBehaviour,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';
import { contentOperations, envelopeShape, sharesSchema, versionShape } from './coaching-content-kit.js';
import { rule } from './i18n/messages.js';

export { COACHING_SOURCES } from './coaching-content-kit.js';

// The kinds of coaching content (docs/coaching-content.md, docs/programs.md). Field names marked "fixed" are the
// issue's contract; the rest is ours. One factory (coaching-content-kit.ts) declares the operations of every kind.

export const COACHING_TITLE_MAX = 120;
export const COACHING_TEXT_MAX = 4000;
export const COACHING_LONG_TEXT_MAX = 12000;
export const COACHING_LIST_MAX = 20;
export const RUBRIC_SCALES = ['pass_fail', '1_5', '1_10'] as const;
export const SCENARIO_MODES = ['text', 'voice'] as const;

const title = text().trim().min(1).max(COACHING_TITLE_MAX);
const short = text().trim().max(COACHING_TITLE_MAX);
const prose = text().trim().max(COACHING_TEXT_MAX);
const longProse = text().trim().max(COACHING_LONG_TEXT_MAX);
const language = z.enum(SESSION_LANGUAGES);
const imageId = idSchema.nullable();
const phrases = z.array(text().trim().min(1).max(300)).max(COACHING_LIST_MAX);
const seconds = z.number().int().min(30).max(7200).nullable();

/** 1 (low) to 5 (high). */
const dial = z.number().int().min(1).max(5);
/** Each kind at most once. */
const setOf = <const Values extends readonly [string, ...string[]]>(values: Values, min = 0) =>
  z
    .array(z.enum(values))
    .min(min)
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Each value may appear once.' });

/**
 * Something the persona knows and tells (issue 25, docs/ai-builtin-provider.md): the built-in engine answers a
 * question on its topic with `says` once `gate` allows it; a real model reads the same as facts.
 */
export const knowledgeItemSchema = z.object({
  topic: title,
  /** Words a question about it holds, besides the topic's own. */
  keywords: z.array(text().trim().min(1).max(60)).max(COACHING_LIST_MAX),
  says: text().trim().min(1).max(COACHING_TEXT_MAX),
  /** `any` question on its topic, an `open_question`, or `trust` earned first. */
  gate: z.enum(KNOWLEDGE_GATES),
});

export type KnowledgeItemFields = z.infer<typeof knowledgeItemSchema>;

/** An objection the persona raises, in the mission's order, and the moves that resolve it (all of them). */
export const objectionSchema = z.object({
  text: text().trim().min(1).max(COACHING_TEXT_MAX),
  resolved_by: setOf(OBJECTION_MOVES, 1),
});
export type ObjectionFields = z.infer<typeof objectionSchema>;

/** Persona: who the learner talks to. Fixed: `name, language, avatar_image_id`. */
export const personaFieldsSchema = z.object({
  name: title,
  language,
  avatar_image_id: imageId,
  job_title: short,
  company: short,
  personality: prose,
  /** What the persona knows and answers from. */
  background: longProse,
  /** 1 (easy to convince) to 5 (hard): how many objections, how soon it gives in. */
  difficulty: z.number().int().min(1).max(5),
  mood: z.enum(PERSONA_MOODS),
  speaking_style: prose,
  /** An AI speech voice, for voice scenarios. */
  voice_id: idSchema.nullable(),
  instructions: prose,
  /** What the persona knows and will tell, item by item. */
  knowledge: z.array(knowledgeItemSchema).max(COACHING_LIST_MAX),
  /** What the persona wants and does not say; the coach tells the learner after the session. */
  motivations: phrases,
  /** How many unproductive turns it bears. */
  patience: dial,
  /** How much it trusts at the start. */
  openness: dial,
});

/** Mission: what the learner must achieve. Fixed: every field but `image_id`. */
export const missionFieldsSchema = z.object({
  title,
  image_id: imageId,
  briefing: prose,
  goal: prose,
  success_criteria: phrases,
  failure_conditions: phrases,
  time_limit_seconds: seconds,
  turn_limit: z.number().int().min(1).max(200).nullable(),
  /** Raised in this order; the difficulty says how many. */
  objections: z.array(objectionSchema).max(10),
  /** Behaviours that win the mission, every one of them. */
  success_behaviours: setOf(SUCCESS_BEHAVIOURS),
  /** Behaviours that lose it, any one of them. */
  failure_behaviours: setOf(FAILURE_BEHAVIOURS),
  /** 1 to 5: how many objections, how much trust a guarded fact needs, how fast patience runs out; null: the persona's. */
  difficulty: dial.nullable(),
});

export const rubricCriterionSchema = z.object({
  name: title,
  /** What good looks like. */
  description: prose,
  scale: z.enum(RUBRIC_SCALES),
  weight: z.number().min(0.1).max(10),
  /** When the criterion does not apply to a session (it is then left out of the score). */
  not_relevant_when: prose.nullable(),
});

/**
 * A criterion as a request may send it: a field left out takes its default, as the top-level fields of a create do
 * (`COACHING_DEFAULTS`); answers always carry every field.
 */
const rubricCriterionInputSchema = rubricCriterionSchema.extend({
  description: prose.default(''),
  scale: z.enum(RUBRIC_SCALES).default('1_5'),
  weight: z.number().min(0.1).max(10).default(1),
  not_relevant_when: prose.nullable().default(null),
});

/** Observer: an AI evaluator. Fixed: `name, description, rubric, model_id`. */
export const observerFieldsSchema = z.object({
  name: title,
  avatar_image_id: imageId,
  description: prose,
  rubric: z.array(rubricCriterionSchema).min(1).max(COACHING_LIST_MAX),
  instructions: prose,
  /** An AI model with the chat capability. */
  model_id: idSchema,
});

/** The voice's speed, 1 = the voice's normal speed. */
export const voiceSpeedSchema = z.number().min(VOICE_SPEED_MIN).max(VOICE_SPEED_MAX);
export const voiceTurnDetectionSchema = z.enum(VOICE_TURN_DETECTIONS);

/**
 * How a voice scenario's sessions listen and speak (docs/voice.md, "Voice settings"); text scenarios keep the
 * defaults and ignore them. A session's player may change the speed and the turn detection of their own session.
 */
export const scenarioVoiceSettingsSchema = z.object({
  speed: voiceSpeedSchema,
  /** `voice_activity`: the end of a turn is heard after `silence_ms` of silence; `push_to_talk`: the learner says when. */
  turn_detection: voiceTurnDetectionSchema,
  silence_ms: z.number().int().min(VOICE_SILENCE_MS_MIN).max(VOICE_SILENCE_MS_MAX),
  /** An AI model with the `transcription` capability; null: the voice provider's own recognition (or typed turns). */
  recognition_model_id: idSchema.nullable(),
});

/** Voice settings as a request may send them: each one left out takes its default. */
const scenarioVoiceSettingsInputSchema = scenarioVoiceSettingsSchema.extend({
  speed: voiceSpeedSchema.default(DEFAULT_VOICE_SETTINGS.speed),
  turn_detection: voiceTurnDetectionSchema.default(DEFAULT_VOICE_SETTINGS.turnDetection),
  silence_ms: z
    .number()
    .int()
    .min(VOICE_SILENCE_MS_MIN)
    .max(VOICE_SILENCE_MS_MAX)
    .default(DEFAULT_VOICE_SETTINGS.silenceMs),
  recognition_model_id: idSchema.nullable().default(DEFAULT_VOICE_SETTINGS.recognitionModelId),
});

/** Scenario: persona + mission + observers + settings. Fixed: every field but `image_id` and `voice_settings`. */
export const scenarioFieldsSchema = z.object({
  name: title,
  description: prose,
  image_id: imageId,
  persona_id: idSchema,
  /** null: free speech, no mission to win or lose. */
  mission_id: idSchema.nullable(),
  observer_ids: z.array(idSchema).min(1).max(5),
  mode: z.enum(SCENARIO_MODES),
  language,
  model_id: idSchema,
  voice_id: idSchema.nullable(),
  time_limit_seconds: seconds,
  voice_settings: scenarioVoiceSettingsSchema,
});

/** Playlist: ordered scenarios. Fixed: `name, description, scenario_ids`. */
export const playlistFieldsSchema = z.object({
  name: title,
  description: prose,
  image_id: imageId,
  scenario_ids: z.array(idSchema).max(50),
});

/** A program's item: one scenario or one playlist (docs/programs.md). */
export const programItemSchema = z.union([
  z.strictObject({ scenario_id: idSchema }),
  z.strictObject({ playlist_id: idSchema }),
]);
export type ProgramItemFields = z.infer<typeof programItemSchema>;
const programItemKey = (item: ProgramItemFields) =>
  'scenario_id' in item ? `scenario:${item.scenario_id}` : `playlist:${item.playlist_id}`;

/** How a program is passed: each item scored at least `min_score`, within `attempts` tries (null: unlimited). */
export const passRuleSchema = z.object({
  min_score: z.number().int().min(0).max(100),
  attempts: z.number().int().min(1).max(PROGRAM_ATTEMPTS_MAX).nullable(),
  /** Which try counts: the best one, or the last. */
  counts: z.enum(PROGRAM_COUNTS),
  /** Each item opens once every item before it is passed. */
  in_order: z.boolean(),
});

/** Program: ordered scenarios and playlists, and the rule that passes them. Fixed: every field (issue 27). */
export const programFieldsSchema = z.object({
  name: title,
  description: prose,
  image_id: imageId,
  items: z
    .array(programItemSchema)
    .max(PROGRAM_ITEMS_MAX)
    .refine((items) => new Set(items.map(programItemKey)).size === items.length, rule('program_item_once')),
  pass_rule: passRuleSchema,
});

/**
 * What a create may leave out, per kind (the required fields are not here). Also what an item saved before a field
 * existed reads as: the answers fill every field its stored content lacks from here.
 */
export const COACHING_DEFAULTS = {
  persona: {
    avatar_image_id: null,
    job_title: '',
    company: '',
    personality: '',
    background: '',
    difficulty: 3,
    mood: 'neutral',
    speaking_style: '',
    voice_id: null,
    instructions: '',
    knowledge: [] as KnowledgeItemFields[],
    motivations: [] as string[],
    patience: 3,
    openness: 3,
  },
  mission: {
    image_id: null,
    briefing: '',
    goal: '',
    success_criteria: [],
    failure_conditions: [],
    time_limit_seconds: null,
    turn_limit: null,
    objections: [] as ObjectionFields[],
    success_behaviours: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step'] as SuccessBehaviour[],
    failure_behaviours: ['rudeness'] as FailureBehaviour[],
    difficulty: null,
  },
  observer: { avatar_image_id: null, description: '', instructions: '' },
  scenario: {
    description: '',
    image_id: null,
    mission_id: null,
    mode: 'text',
    voice_id: null,
    time_limit_seconds: null,
    voice_settings: {
      speed: DEFAULT_VOICE_SETTINGS.speed,
      turn_detection: DEFAULT_VOICE_SETTINGS.turnDetection,
      silence_ms: DEFAULT_VOICE_SETTINGS.silenceMs,
      recognition_model_id: DEFAULT_VOICE_SETTINGS.recognitionModelId,
    },
  },
  playlist: { description: '', image_id: null, scenario_ids: [] },
  program: {
    description: '',
    image_id: null,
    items: [] as ProgramItemFields[],
    pass_rule: { min_score: DEFAULT_PASS_SCORE, attempts: null, counts: 'best', in_order: false },
  },
} as const;

/** An observer as a request sends it: a criterion's left-out fields take their defaults. */
export const observerInputSchema = observerFieldsSchema.extend({
  rubric: z.array(rubricCriterionInputSchema).min(1).max(COACHING_LIST_MAX),
});
const scenarioInputSchema = scenarioFieldsSchema.extend({ voice_settings: scenarioVoiceSettingsInputSchema });
/** A pass rule as a request may send it: each part left out takes its default. */
const passRuleDefaults = COACHING_DEFAULTS.program.pass_rule;
const programInputSchema = programFieldsSchema.extend({
  pass_rule: passRuleSchema.extend({
    min_score: passRuleSchema.shape.min_score.default(passRuleDefaults.min_score),
    attempts: passRuleSchema.shape.attempts.default(passRuleDefaults.attempts),
    counts: passRuleSchema.shape.counts.default(passRuleDefaults.counts),
    in_order: passRuleSchema.shape.in_order.default(passRuleDefaults.in_order),
  }),
});
const copyFrom = { copy_from: idSchema.optional() };

export const personaContent = contentOperations({
  plural: 'personas',
  tag: 'Coaching: personas',
  noun: 'persona',
  forkable: true,
  item: z.strictObject({ ...envelopeShape, ...personaFieldsSchema.shape }),
  create: closed(personaFieldsSchema.partial().required({ name: true, language: true }).extend(copyFrom)),
  patch: patchOf(personaFieldsSchema.partial()),
  version: z.strictObject({ ...versionShape, ...personaFieldsSchema.shape }),
});
export const missionContent = contentOperations({
  plural: 'missions',
  tag: 'Coaching: missions',
  noun: 'mission',
  forkable: true,
  item: z.strictObject({ ...envelopeShape, ...missionFieldsSchema.shape }),
  create: closed(missionFieldsSchema.partial().required({ title: true }).extend(copyFrom)),
  patch: patchOf(missionFieldsSchema.partial()),
  version: z.strictObject({ ...versionShape, ...missionFieldsSchema.shape }),
});
export const observerContent = contentOperations({
  plural: 'observers',
  tag: 'Coaching: observers',
  noun: 'observer',
  forkable: true,
  item: z.strictObject({ ...envelopeShape, ...observerFieldsSchema.shape }),
  create: closed(observerInputSchema.partial().required({ name: true, rubric: true, model_id: true }).extend(copyFrom)),
  patch: patchOf(observerInputSchema.partial()),
  version: z.strictObject({ ...versionShape, ...observerFieldsSchema.shape }),
});
export const scenarioContent = contentOperations({
  plural: 'scenarios',
  tag: 'Coaching: scenarios',
  noun: 'scenario',
  forkable: false,
  item: z.strictObject({ ...envelopeShape, ...scenarioFieldsSchema.shape, shares: sharesSchema }),
  create: closed(
    scenarioInputSchema
      .partial()
      .required({ name: true, persona_id: true, observer_ids: true, language: true, model_id: true }),
  ),
  patch: patchOf(scenarioInputSchema.partial()),
  version: z.strictObject({ ...versionShape, ...scenarioFieldsSchema.shape }),
});
export const playlistContent = contentOperations({
  plural: 'playlists',
  tag: 'Coaching: playlists',
  noun: 'playlist',
  forkable: false,
  item: z.strictObject({ ...envelopeShape, ...playlistFieldsSchema.shape, shares: sharesSchema }),
  create: closed(playlistFieldsSchema.partial().required({ name: true })),
  patch: patchOf(playlistFieldsSchema.partial()),
  version: z.strictObject({ ...versionShape, ...playlistFieldsSchema.shape }),
});

export const programContent = contentOperations({
  plural: 'programs',
  tag: 'Coaching: programs',
  noun: 'program',
  forkable: false,
  item: z.strictObject({ ...envelopeShape, ...programFieldsSchema.shape }),
  create: closed(programInputSchema.partial().required({ name: true })),
  patch: patchOf(programInputSchema.partial()),
  version: z.strictObject({ ...versionShape, ...programFieldsSchema.shape }),
});

const forkOperation = <Schema extends z.ZodType>(plural: string, noun: string, schema: Schema) => ({
  method: 'POST' as const,
  path: `/v1/coaching/${plural}/:id/fork`,
  summary: `Fork a ${noun} the caller may read but not edit (library content): a draft of their organization that records where it came from.`,
  idempotent: true,
  params: idParams,
  responses: {
    201: { description: 'The fork.', schema },
    404: { description: '`coaching_item_not_found`.' },
    409: { description: '`coaching_fork_own_item`: the caller may edit it; copy it instead.' },
  },
});

const sharesOperation = <Schema extends z.ZodType>(plural: string, noun: string, schema: Schema) => ({
  method: 'PUT' as const,
  path: `/v1/coaching/${plural}/:id/shares`,
  summary: `Share a ${noun} with groups and users of its organization, or (super-admins) with other organizations; the body replaces the shares.`,
  params: idParams,
  body: closed(
    z.object({
      user_group_ids: z.array(idSchema).max(100),
      user_ids: z.array(idSchema).max(100),
      organization_ids: z.array(idSchema).max(100).optional(),
    }),
  ),
  responses: {
    200: { description: 'The item with its shares.', schema },
    403: { description: '`coaching_share_organizations_forbidden`: only super-admins share with other organizations.' },
    404: { description: '`coaching_item_not_found`, or a group or user not in the organization.' },
  },
});

export const coachingForkOperations = defineOperations(
  { name: 'coachingForks', tag: 'Coaching: forks' },
  {
    persona: forkOperation('personas', 'persona', personaContent.item),
    mission: forkOperation('missions', 'mission', missionContent.item),
    observer: forkOperation('observers', 'observer', observerContent.item),
  },
);

export const coachingShareOperations = defineOperations(
  { name: 'coachingShares', tag: 'Coaching: shares' },
  {
    scenario: sharesOperation('scenarios', 'scenario', scenarioContent.item),
    playlist: sharesOperation('playlists', 'playlist', playlistContent.item),
  },
);

export type PersonaItem = z.infer<typeof personaContent.item>;
export type MissionItem = z.infer<typeof missionContent.item>;
export type ObserverItem = z.infer<typeof observerContent.item>;
export type ScenarioItem = z.infer<typeof scenarioContent.item>;
export type PlaylistItem = z.infer<typeof playlistContent.item>;
export type ProgramItem = z.infer<typeof programContent.item>;
