import {
  COACHING_DEFAULTS,
  missionFieldsSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  scenarioFieldsSchema,
  type BackgroundJobAnswer,
  type Page,
  type ParsedRequest,
  type SessionGeneratorAnswer,
  type sessionGeneratorOperations,
} from '@ai-coaching/contracts';
import {
  AiCallError,
  backgroundJobStreamId,
  coachingItemDecider,
  coachingItemStreamId,
  ConflictError,
  DomainError,
  FAILURE_BEHAVIOURS,
  NotFoundError,
  OBJECTION_MOVES,
  SUCCESS_BEHAVIOURS,
  sessionGeneratorDecider,
  sessionGeneratorStreamId,
  type CoachingFields,
  type CoachingItemCommand,
  type CoachingKind,
  type ScenarioDraft,
  type SessionGeneratorBrief,
  type SessionGeneratorCommand,
  type SessionLanguage,
} from '@ai-coaching/domain';
import { deterministicId } from '@ai-coaching/platform';
import {
  findAiModel,
  findSessionGenerator,
  isSavedSessionGeneratorDraft,
  listSessionGenerators as querySessionGenerators,
  listUnfinishedBackgroundJobs,
  type SessionGeneratorView,
} from '@ai-coaching/projections';
import { z } from 'zod';
import { BUILTIN_AI_MODEL_ID } from '../../ai/builtin-provider.js';
import { aiPort } from '../../ai/ai-port.js';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import {
  processBackgroundJob,
  queueBackgroundJob,
  type BackgroundJobItemResult,
} from '../../background-jobs/background-jobs.js';
import { runCommand } from '../../commands/run-command.js';
import { streamCommandRunner, type WithoutTime } from '../../commands/stream-commands.js';
import {
  generateSessionsJob,
  generateSessionsJobId,
  type GenerateSessionsPayload,
} from '../../jobs/coaching/generate-sessions.job.js';
import { isSuperAdmin, signedInUser, visibleTo, type UserCaller } from '../../tenancy/scope.js';
import { publishScenarioWithItsContent, type PublishedScenarioContent } from '../content/coaching-content.js';

// The session generator (docs/coaching-session-generators.md): a saved brief, and its run, a background job that
// drafts role-plays through the AI port's structured output. Each draft is a persona, a mission, an observer and a
// scenario, validated with the same field schemas and decider as hand-made content before anything is saved, then
// saved as drafts of the organization's content; a draft that fails is reported on the job and leaves nothing.

type Operations = typeof sessionGeneratorOperations;

const KIND = 'coaching.session-generation' as const;

const generatorNotFound = () =>
  new NotFoundError('session_generator_not_found', 'This session generator does not exist.');

/** What a generator asks of its drafts, as its answer and its runs' input name it. */
const draftAskOf = (generator: SessionGeneratorView) => ({
  skill: generator.skill,
  audience: generator.audience,
  industry: generator.industry,
  difficulty: generator.difficulty,
  language: generator.language,
  count: generator.count,
  model_id: generator.modelId,
});

const toAnswer = (generator: SessionGeneratorView): SessionGeneratorAnswer => ({
  id: generator.generatorId,
  organization_id: generator.organizationId,
  name: generator.name,
  ...draftAskOf(generator),
  created_by: generator.createdBy,
  created_at: generator.createdAt,
  updated_at: generator.updatedAt,
});

const visibleGenerator = async (services: AppServices, caller: UserCaller, generatorId: string) =>
  visibleTo(caller, await findSessionGenerator(services.db, generatorId), generatorNotFound);

/** A chat model of the platform or of the caller's organization: what the drafts are written, played and scored on. */
const checkModel = async (services: AppServices, caller: UserCaller, modelId: string) => {
  const model = await findAiModel(services.db, modelId);
  const usable =
    model &&
    model.capabilities.includes('chat') &&
    (model.organizationId === null || model.organizationId === caller.organizationId || isSuperAdmin(caller));
  if (!usable) {
    throw new NotFoundError('coaching_reference_not_found', 'Nothing with this id can be used here.', {
      field: 'model_id',
    });
  }
};

const runOnGenerator = streamCommandRunner(sessionGeneratorStreamId, sessionGeneratorDecider);
const run = (services: AppServices, origin: Origin, command: WithoutTime<SessionGeneratorCommand>) =>
  runOnGenerator(services, origin, command.data.generatorId, command);

const current = async (services: AppServices, generatorId: string) => {
  const generator = await findSessionGenerator(services.db, generatorId);
  if (!generator) throw generatorNotFound();
  return toAnswer(generator);
};

/** The brief as the API names it (`model_id`), as the domain does. */
const briefOf = (body: Omit<SessionGeneratorBrief, 'modelId'> & { model_id: string }): SessionGeneratorBrief => ({
  name: body.name,
  skill: body.skill,
  audience: body.audience,
  industry: body.industry,
  difficulty: body.difficulty,
  language: body.language,
  count: body.count,
  modelId: body.model_id,
});

export const listSessionGenerators = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<SessionGeneratorAnswer>> => {
  const caller = signedInUser(origin.caller);
  const page = await querySessionGenerators(services.db, { ...query, organizationId: caller.organizationId });
  return { ...page, items: page.items.map(toAnswer) };
};

export const readSessionGenerator = async (services: AppServices, origin: Origin, generatorId: string) =>
  toAnswer(await visibleGenerator(services, signedInUser(origin.caller), generatorId));

export const createSessionGenerator = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<SessionGeneratorAnswer> => {
  const caller = signedInUser(origin.caller);
  // The built-in model drafts offline, from templates: a generator works before any provider is connected.
  const modelId = body.model_id ?? BUILTIN_AI_MODEL_ID;
  await checkModel(services, caller, modelId);
  const generatorId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateSessionGenerator',
    data: {
      generatorId,
      organizationId: caller.organizationId,
      createdBy: caller.userId,
      ...briefOf({ ...body, model_id: modelId }),
    },
  });
  return current(services, generatorId);
};

export const updateSessionGenerator = async (
  services: AppServices,
  origin: Origin,
  generatorId: string,
  patch: ParsedRequest<Operations['update']>['body'],
): Promise<SessionGeneratorAnswer> => {
  const caller = signedInUser(origin.caller);
  const generator = toAnswer(await visibleGenerator(services, caller, generatorId));
  const next = { ...generator, ...patch };
  if (patch.model_id !== undefined) await checkModel(services, caller, next.model_id);
  await run(services, origin, { type: 'UpdateSessionGenerator', data: { generatorId, ...briefOf(next) } });
  return current(services, generatorId);
};

export const deleteSessionGenerator = async (services: AppServices, origin: Origin, generatorId: string) => {
  await visibleGenerator(services, signedInUser(origin.caller), generatorId);
  await run(services, origin, { type: 'DeleteSessionGenerator', data: { generatorId } });
};

/**
 * "Publish draft": one of the generator's saved drafts, its scenario with the persona, mission and observers it plays,
 * all or nothing (`publishScenarioWithItsContent`). Another organization's generator answers 404 as a missing one,
 * a scenario no run of this generator saved 404 `session_generator_draft_not_found`.
 */
export const publishSessionGeneratorDraft = async (
  services: AppServices,
  origin: Origin,
  generatorId: string,
  draftId: string,
): Promise<PublishedScenarioContent> => {
  const caller = signedInUser(origin.caller);
  await visibleGenerator(services, caller, generatorId);
  if (!(await isSavedSessionGeneratorDraft(services.db, generatorId, draftId))) {
    throw new NotFoundError('session_generator_draft_not_found', 'This generator saved no draft with this id.');
  }
  return publishScenarioWithItsContent(services, origin, draftId);
};

// --- Running one -------------------------------------------------------------------------------------------------

/** The brief a run drafts from, fixed when it starts: editing the generator meanwhile changes nothing of the run. */
const runInputSchema = z.object({
  generator_id: z.string(),
  skill: z.string(),
  audience: z.string(),
  industry: z.string(),
  difficulty: z.number().int(),
  language: z.enum(['en-GB', 'en-US', 'fr-FR']),
  count: z.number().int(),
  model_id: z.string(),
});
type RunInput = z.infer<typeof runInputSchema>;

/** The scenario id of the run's draft number `index`: the job's items, so a result names its draft. */
export const generatedDraftScenarioId = (jobId: string, index: number) =>
  deterministicId('session-generation', jobId, String(index));

/** The other items of a draft, named from its scenario, so a try run again finds what an earlier try made. */
export const generatedDraftItemId = (scenarioId: string, kind: CoachingKind) =>
  deterministicId('session-generation', scenarioId, kind);

/**
 * Starts a run of the generator: its drafts' scenario ids become the job's items, then its queue job is enqueued.
 * The job id derives from the caller and the request's `Idempotency-Key`, so a retried start answers the job it made.
 */
export const startSessionGeneration = async (
  services: AppServices,
  origin: Origin,
  generatorId: string,
  idempotencyKey: string | undefined,
): Promise<BackgroundJobAnswer> => {
  const caller = signedInUser(origin.caller);
  const generator = await visibleGenerator(services, caller, generatorId);
  const jobId = idempotencyKey
    ? deterministicId('session-generation', caller.userId, idempotencyKey)
    : services.ids.newId();
  const input: RunInput = { generator_id: generator.generatorId, ...draftAskOf(generator) };
  const job = await queueBackgroundJob(services, origin, {
    jobId,
    kind: KIND,
    organizationId: generator.organizationId,
    startedBy: caller.userId,
    input,
    items: Array.from({ length: generator.count }, (_, index) => generatedDraftScenarioId(jobId, index)),
  });
  const payload = { organizationId: generator.organizationId, jobId };
  await services.queue.enqueue(generateSessionsJob, payload, { jobId: generateSessionsJobId(payload) });
  return job;
};

/** The workers' start-up catch-up: runs cut short by a stop resume at their first draft not recorded. */
export const resumeSessionGenerations = async (services: AppServices): Promise<number> => {
  const unfinished = await listUnfinishedBackgroundJobs(services.db, KIND);
  for (const payload of unfinished) {
    await services.queue.enqueue(generateSessionsJob, payload, { jobId: generateSessionsJobId(payload) });
  }
  return unfinished.length;
};

/**
 * What a model is asked to answer: the shape only (types), so an answer with a field out of bounds reaches the
 * same validation as hand-made content and is reported, rather than repaired into something else.
 */
export const scenarioDraftAnswerSchema = z.object({
  persona: z.object({
    name: z.string(),
    job_title: z.string(),
    company: z.string(),
    personality: z.string(),
    background: z.string(),
    difficulty: z.number(),
    mood: z.string(),
    speaking_style: z.string(),
    instructions: z.string(),
    knowledge: z.array(
      z.object({ topic: z.string(), keywords: z.array(z.string()), says: z.string(), gate: z.string() }),
    ),
    motivations: z.array(z.string()),
    patience: z.number(),
    openness: z.number(),
  }),
  mission: z.object({
    title: z.string(),
    briefing: z.string(),
    goal: z.string(),
    success_criteria: z.array(z.string()),
    failure_conditions: z.array(z.string()),
    turn_limit: z.number().nullable(),
    objections: z.array(z.object({ text: z.string(), resolved_by: z.array(z.string()) })),
    success_behaviours: z.array(z.string()),
    failure_behaviours: z.array(z.string()),
    difficulty: z.number().nullable(),
  }),
  observer: z.object({
    name: z.string(),
    description: z.string(),
    instructions: z.string(),
    rubric: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        scale: z.string(),
        weight: z.number(),
        not_relevant_when: z.string().nullable(),
      }),
    ),
  }),
  scenario: z.object({ name: z.string(), description: z.string() }),
}) satisfies z.ZodType<ScenarioDraft>;

const LANGUAGE_NAMES: Record<SessionLanguage, string> = {
  'en-GB': 'British English',
  'en-US': 'American English',
  'fr-FR': 'French (France)',
};

const promptOf = (input: RunInput, index: number) => [
  {
    role: 'system' as const,
    content: [
      'You write role-play scenarios for a sales and management training platform.',
      'A scenario is a persona the learner talks to, a mission (what the learner must achieve), an observer that scores the learner with a rubric, and the scenario’s own name and description.',
      `Skill to practise: ${input.skill}.`,
      `Learners: ${input.audience}.`,
      `Industry: ${input.industry}.`,
      `Difficulty: ${input.difficulty} on a scale of 1 (gentle) to 5 (hard); the persona's difficulty is the same.`,
      `Write every text in ${LANGUAGE_NAMES[input.language]}.`,
      'persona.mood is one of friendly, neutral, sceptical, irritated. Rubric scales are pass_fail, 1_5 or 1_10; weights from 0.1 to 10.',
      'Success criteria and failure conditions are short phrases describing what the learner does; the briefing tells the learner the situation and the goal, never the rules.',
      'persona.knowledge: 3 to 5 facts the persona tells ({topic, keywords: words a question about it holds, says, gate: any | open_question | trust}); persona.motivations: what it wants and never says; persona.patience and persona.openness: 1 to 5.',
      `mission.objections: raised in order ({text, resolved_by: some of ${OBJECTION_MOVES.join(', ')}}); mission.success_behaviours: some of ${SUCCESS_BEHAVIOURS.join(', ')}; mission.failure_behaviours: some of ${FAILURE_BEHAVIOURS.join(', ')} (unconditional_concession only where price or terms are negotiated); mission.difficulty: the brief's difficulty.`,
      'Every name is distinct and meaningful: the persona a person with a real job title, the mission and scenario naming the situation, the observer naming what it judges.',
      'Names and titles have at most 120 characters.',
    ].join('\n'),
  },
  {
    role: 'user' as const,
    content: `Draft scenario ${index + 1} of ${input.count}, different from the others of this series.`,
  },
];

/** Failures a later try may not meet: the queue tries again, until the last try records the draft failed. */
const TRANSIENT = new Set(['timeout', 'unreachable', 'rate_limited', 'provider_error', 'circuit_open', 'tls_error']);

class DraftFailure extends Error {
  constructor(readonly code: string) {
    super(`The draft failed: ${code}`);
    this.name = 'DraftFailure';
  }
}

/** A draft's four items as hand-made content would be created, each checked by its field schema. */
const itemsOf = (draft: ScenarioDraft, input: RunInput, scenarioId: string) => {
  const ids = {
    persona: generatedDraftItemId(scenarioId, 'persona'),
    mission: generatedDraftItemId(scenarioId, 'mission'),
    observer: generatedDraftItemId(scenarioId, 'observer'),
    scenario: scenarioId,
  };
  const checked = (kind: CoachingKind, schema: z.ZodType, fields: Record<string, unknown>) => {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) throw new DraftFailure('generated_draft_invalid');
    return { kind, itemId: ids[kind as keyof typeof ids], fields: parsed.data as CoachingFields };
  };
  return [
    checked('persona', personaFieldsSchema, {
      ...draft.persona,
      language: input.language,
      avatar_image_id: null,
      voice_id: null,
    }),
    checked('mission', missionFieldsSchema, { ...draft.mission, image_id: null, time_limit_seconds: null }),
    checked('observer', observerFieldsSchema, { ...draft.observer, avatar_image_id: null, model_id: input.model_id }),
    checked('scenario', scenarioFieldsSchema, {
      ...draft.scenario,
      image_id: null,
      persona_id: ids.persona,
      mission_id: ids.mission,
      observer_ids: [ids.observer],
      mode: 'text',
      language: input.language,
      model_id: input.model_id,
      voice_id: null,
      time_limit_seconds: null,
      voice_settings: COACHING_DEFAULTS.scenario.voice_settings,
    }),
  ];
};

const askForDraft = async (services: AppServices, input: RunInput, organizationId: string, index: number) => {
  const model = await findAiModel(services.db, input.model_id);
  if (!model) throw new DraftFailure('ai_model_not_found');
  try {
    const { value } = await aiPort(services).structured(
      { providerId: model.providerId, modelId: model.aiModelId },
      {
        messages: promptOf(input, index),
        schema: scenarioDraftAnswerSchema,
        schemaName: 'scenario_draft',
        draft: { ...input, index },
      },
      { organizationId },
    );
    return value;
  } catch (error) {
    // A provider down or slow may answer the next try: the queue tries the draft again.
    if (error instanceof AiCallError && TRANSIENT.has(error.code)) throw error;
    if (error instanceof AiCallError || error instanceof DomainError) throw new DraftFailure(error.code);
    throw error;
  }
};

/**
 * One draft: asked, validated whole (field schemas, then the decider of each creation) before the first command,
 * then its items created in the order they refer to each other. Should a creation still fail, what was created is
 * deleted again, so a failed draft is never half-saved. Item and command ids derive from the draft, so a try run
 * again after a crash finds what the last try created and finishes it.
 */
const saveDraft = async (
  services: AppServices,
  origin: Origin,
  input: RunInput,
  job: { jobId: string; organizationId: string; startedBy: string | null },
  scenarioId: string,
  index: number,
): Promise<BackgroundJobItemResult> => {
  let items: ReturnType<typeof itemsOf>;
  try {
    items = itemsOf(await askForDraft(services, input, job.organizationId, index), input, scenarioId);
  } catch (error) {
    if (error instanceof DraftFailure) return { outcome: 'failed', detail: error.code };
    throw error;
  }
  const now = nowIso(services);
  const creations = items.map((item): Extract<CoachingItemCommand, { type: 'CreateCoachingItem' }> => ({
    type: 'CreateCoachingItem',
    data: { ...item, organizationId: job.organizationId, userId: job.startedBy },
    metadata: { now },
  }));
  try {
    for (const creation of creations) coachingItemDecider.decide(creation, coachingItemDecider.initialState());
  } catch (error) {
    if (error instanceof DomainError) return { outcome: 'failed', detail: 'generated_draft_invalid' };
    throw error;
  }
  const created: string[] = [];
  try {
    for (const creation of creations) {
      try {
        await runCommand(
          services,
          origin,
          { streamId: coachingItemStreamId(creation.data.itemId), decider: coachingItemDecider, command: creation },
          { commandId: `session-generation-${creation.data.itemId}` },
        );
      } catch (error) {
        // An earlier try of this draft created it already.
        if (!(error instanceof ConflictError && error.code === 'coaching_item_exists')) throw error;
      }
      created.push(creation.data.itemId);
    }
  } catch (error) {
    for (const itemId of created.reverse()) {
      await runCommand(services, origin, {
        streamId: coachingItemStreamId(itemId),
        decider: coachingItemDecider,
        command: { type: 'DeleteCoachingItem', data: { itemId, usedBy: [] }, metadata: { now: nowIso(services) } },
      });
    }
    (origin.log ?? services.logger).error({ err: error, jobId: job.jobId, scenarioId }, 'a generated draft failed');
    return { outcome: 'failed', detail: error instanceof DomainError ? error.code : 'internal_error' };
  }
  return { outcome: 'succeeded', detail: null };
};

/** The `coaching.session-generation` queue job: each draft not recorded yet is drafted and saved, or reported. */
export const runSessionGeneration = async (
  services: AppServices,
  payload: GenerateSessionsPayload,
  run: { lastAttempt: boolean; causationId: string },
) => {
  const origin: Origin = { correlationId: run.causationId };
  // From the job's own stream, not its read model: a worker in another process may take the queue job before the
  // read model has caught up with the start.
  const [queued] = await services.store.readStream(backgroundJobStreamId(payload.jobId), { maxCount: 1 });
  if (queued?.type !== 'BackgroundJobQueued') return 'nothing' as const;
  const input = runInputSchema.parse((queued.data as { input: unknown }).input);
  const indexOf = new Map(
    Array.from({ length: input.count }, (_, index) => [generatedDraftScenarioId(payload.jobId, index), index] as const),
  );
  return processBackgroundJob(services, origin, payload.jobId, run, (scenarioId, job) =>
    saveDraft(services, origin, input, { jobId: payload.jobId, ...job }, scenarioId, indexOf.get(scenarioId) ?? 0),
  );
};
