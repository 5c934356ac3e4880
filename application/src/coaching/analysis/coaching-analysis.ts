import type { CoachingSessionAnalysisAnswer } from '@ai-coaching/contracts';
import {
  AiCallError,
  analysisVersionStatus,
  builtinEvidencePhrases,
  coachingSessionAnalysisDecider,
  coachingSessionAnalysisStreamId,
  coachingSessionDecider,
  coachingSessionStreamId,
  conversationMetrics,
  ConflictError,
  DomainError,
  fold,
  NotFoundError,
  RUBRIC_SCALE_RANGE,
  scoreOnScale,
  weightedAnalysisScore,
  type AiMessage,
  type AnalysisCriterionScore,
  type CoachingFields,
  type CoachingSessionAnalysisCommand,
  type CoachingSessionAnalysisState,
  type CoachingSessionAnalysisTrigger,
  type CoachingSessionContentVersion,
  type CoachingSessionEvent,
  type CoachingSessionState,
  type ConversationMetrics,
  type ExistingCoachingSession,
  type RubricItem,
  type RubricScale,
  type RubricScore,
  type SessionLanguage,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import {
  findAiModel,
  findCoachingItem,
  findCoachingItemVersion,
  findCoachingSessionAnalysis,
  findUser,
  listCoachingSessionAnalysisVersions,
  listEndedSessionsWithoutAnalysis,
  listUnfinishedBackgroundJobs,
  listUnfinishedObserverReports,
  type CoachingSessionAnalysisView,
} from '@ai-coaching/projections';
import { deterministicId } from '@ai-coaching/platform';
import { z } from 'zod';
import { aiPort } from '../../ai/ai-port.js';
import { nowIso, SYSTEM, type AppServices, type Origin } from '../../app-services.js';
import { runCommand } from '../../commands/run-command.js';
import {
  analyseObserverJob,
  analyseObserverJobId,
  type AnalyseObserverPayload,
} from '../../jobs/analysis/analyse-observer.job.js';
import { rerunAnalysesJob, rerunAnalysesJobId } from '../../jobs/analysis/rerun-analyses.job.js';
import { signedInUser } from '../../tenancy/scope.js';
import { BUILTIN_LINES } from './builtin-observer-lines.js';
import { sessionCaller, visibleSession } from '../sessions/coaching-sessions.js';
import { sessionIdOfReservation } from '../sessions/reservation.js';

// Analysis reports (docs/coaching-sessions.md, "Reports"): when a session ends in win, loose or end, one
// `analysis.observer` job per observer scores the frozen transcript against the observer's rubric through the AI
// port's structured output; the built-in metrics are measured once per version. Events on the session's own
// analysis stream, `coaching-session-analysis-{sessionId}`; a re-run appends the next version.

const ANALYSED_STATUSES = new Set(['win', 'loose', 'end']);

type AnalysisServices = AppServices;

const runAnalysisCommand = (
  services: AnalysisServices,
  origin: Origin,
  sessionId: string,
  command: Omit<CoachingSessionAnalysisCommand, 'metadata'>,
  commandId?: string,
) =>
  runCommand(
    services,
    origin,
    {
      streamId: coachingSessionAnalysisStreamId(sessionId),
      decider: coachingSessionAnalysisDecider,
      command: { ...command, metadata: { now: nowIso(services) } } as CoachingSessionAnalysisCommand,
    },
    commandId ? { commandId } : {},
  );

/** The session as its own stream holds it: the transcript a report scores never lags behind a read model. */
const loadSession = async (services: Pick<AppServices, 'store'>, sessionId: string) => {
  const recorded = await services.store.readStream(coachingSessionStreamId(sessionId));
  return fold(
    coachingSessionDecider,
    recorded.map((event) => ({ type: event.type, data: event.data }) as CoachingSessionEvent),
  );
};

const loadAnalysis = async (services: Pick<AppServices, 'store'>, sessionId: string) => {
  const recorded = await services.store.readStream(coachingSessionAnalysisStreamId(sessionId));
  return fold(
    coachingSessionAnalysisDecider,
    recorded.map(
      (event) =>
        ({ type: event.type, data: event.data }) as Parameters<typeof coachingSessionAnalysisDecider.evolve>[1],
    ),
  );
};

const transcriptOf = (session: ExistingCoachingSession): TranscriptTurn[] =>
  session.turns.map((turn) => ({ speaker: turn.role, text: turn.text }));

const analysable = (session: CoachingSessionState): session is ExistingCoachingSession =>
  session.status !== 'none' && !session.deleted && ANALYSED_STATUSES.has(session.status);

/** Enqueues the job of every observer of this version that has not finished; the job ids make it idempotent. */
const enqueueObservers = async (
  services: AnalysisServices,
  organizationId: string,
  sessionId: string,
  state: CoachingSessionAnalysisState,
  version: number,
) => {
  const entry = state.versions.find((candidate) => candidate.version === version);
  for (const observer of entry?.observers ?? []) {
    if (observer.status === 'done' || observer.status === 'failed') continue;
    const payload = { organizationId, sessionId, version, observerId: observer.observerId };
    await services.queue.enqueue(analyseObserverJob, payload, { jobId: analyseObserverJobId(payload) });
  }
};

const requestAnalysis = async (
  services: AnalysisServices,
  origin: Origin,
  session: ExistingCoachingSession,
  request: {
    trigger: CoachingSessionAnalysisTrigger;
    requestedBy: string | null;
    observers: CoachingSessionContentVersion[];
    /** A job's request (a bulk re-run's), which makes one version however often the job runs. */
    requestId?: string;
  },
) => {
  const result = await runAnalysisCommand(
    services,
    origin,
    session.sessionId,
    {
      type: 'RequestCoachingSessionAnalysis',
      data: {
        sessionId: session.sessionId,
        organizationId: session.organizationId,
        trigger: request.trigger,
        requestedBy: request.requestedBy,
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        observers: request.observers,
        metrics: conversationMetrics(transcriptOf(session), session.content.language),
      },
    },
    // Every path that ends a session, and the start-up catch-up, ask for version 1 under one command id.
    request.trigger === 'session_ended'
      ? `analysis-request-${session.sessionId}-v1`
      : request.requestId === undefined
        ? undefined
        : `analysis-request-${request.requestId}`,
  );
  // A job's request seen again answers the version it made first (and enqueues its unfinished observers again).
  const made =
    request.requestId === undefined
      ? result.state.versions.at(-1)
      : result.state.versions.find((entry) => entry.requestId === request.requestId);
  if (made) await enqueueObservers(services, session.organizationId, session.sessionId, result.state, made.version);
  return made?.version ?? null;
};

/**
 * Asks for version 1 of the report of a session that has just ended in win, loose or end. Called by every path that
 * ends a session; it never fails the ending: the workers' start-up catch-up asks again for what was missed.
 */
export const analyseEndedSession = async (
  services: AnalysisServices,
  origin: Origin,
  session: CoachingSessionState,
): Promise<void> => {
  if (!analysable(session) || session.content.observers.length === 0) return;
  try {
    await requestAnalysis(services, origin, session, {
      trigger: 'session_ended',
      requestedBy: null,
      observers: session.content.observers,
    });
  } catch (error) {
    (origin.log ?? services.logger).error(
      { err: error, sessionId: session.sessionId },
      'could not request the analysis',
    );
  }
};

/**
 * After the reservation-expiry job: the session it ended (abandoned, `expired`) is analysed like any other ending.
 * The job's own use case stays free of the analysis, as the ledger's expiry knows nothing of reports.
 */
export const analyseSessionOfReservation = async (services: AnalysisServices, reservationId: string): Promise<void> => {
  const sessionId = sessionIdOfReservation(reservationId);
  if (sessionId !== null) await analyseEndedSession(services, SYSTEM, await loadSession(services, sessionId));
};

/**
 * The workers' start-up catch-up: the in-process queue forgets its jobs when the process stops, and a process may
 * die between a session's ending and its request. BullMQ keeps its jobs, and the job ids make this add nothing.
 */
export const scheduleCoachingAnalyses = async (services: AnalysisServices): Promise<number> => {
  let scheduled = 0;
  for (const sessionId of await listEndedSessionsWithoutAnalysis(services.db)) {
    await analyseEndedSession(services, SYSTEM, await loadSession(services, sessionId));
    scheduled += 1;
  }
  for (const payload of await listUnfinishedObserverReports(services.db)) {
    await services.queue.enqueue(analyseObserverJob, payload, { jobId: analyseObserverJobId(payload) });
    scheduled += 1;
  }
  // Bulk re-runs cut short by a stop resume where they were: each processed session is recorded on the job.
  for (const payload of await listUnfinishedBackgroundJobs(services.db, 'coaching.analysis-rerun')) {
    await services.queue.enqueue(rerunAnalysesJob, payload, { jobId: rerunAnalysesJobId(payload) });
    scheduled += 1;
  }
  return scheduled;
};

// --- One observer's report -------------------------------------------------------------------------------------

type RubricCriterion = {
  name: string;
  description: string;
  scale: RubricScale;
  weight: number;
  notRelevantWhen: string | null;
};

const str = (fields: CoachingFields, key: string): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};

const rubricOf = (fields: CoachingFields): RubricCriterion[] => {
  const rubric = fields['rubric'];
  if (!Array.isArray(rubric)) return [];
  return rubric.map((raw) => {
    const criterion = raw as Record<string, unknown>;
    const scale = criterion['scale'];
    return {
      name: typeof criterion['name'] === 'string' ? criterion['name'] : '',
      description: typeof criterion['description'] === 'string' ? criterion['description'] : '',
      scale: scale === 'pass_fail' || scale === '1_10' ? scale : '1_5',
      weight: typeof criterion['weight'] === 'number' ? criterion['weight'] : 1,
      notRelevantWhen: typeof criterion['not_relevant_when'] === 'string' ? criterion['not_relevant_when'] : null,
    };
  });
};

/** What a model answers of one criterion; its bounds are the criterion's scale. */
const criterionAnswerOf = (criterion: RubricCriterion) => {
  const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
  return z
    .object({
      relevant: z.boolean(),
      score: z.number().int().min(min).max(max),
      evidence: z.array(z.object({ turn_id: z.string(), quote: z.string() })),
    })
    .describe(criterion.description || criterion.name);
};
type CriterionAnswer = z.infer<ReturnType<typeof criterionAnswerOf>>;

type ModelAnswer = {
  criteria: Record<string, CriterionAnswer>;
  went_well: string[];
  to_improve: string[];
  summary: string;
};

/**
 * The key of each criterion in the answer: its name, made unique when two criteria share one (" (2)"), so every
 * criterion is one required property of the answer.
 */
const criterionKeysOf = (rubric: readonly RubricCriterion[]): string[] => {
  const seen = new Map<string, number>();
  return rubric.map((criterion) => {
    const name = criterion.name.trim() || 'Criterion';
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
};

/**
 * The built-in provider measures instead of judging (`BuiltinAnalysis`: metrics and a rubric scored by evidence
 * phrases). Read here into a model's answer, so every provider goes through one schema, one check and one path.
 */
const fromBuiltinAnalysis =
  (rubric: readonly RubricCriterion[], turns: ExistingCoachingSession['turns'], language: SessionLanguage) =>
  (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || !('metrics' in value) || !('rubric' in value)) return value;
    const scored = (value as { rubric: RubricScore | null }).rubric;
    const lines = language === 'fr-FR' ? BUILTIN_LINES['fr-FR'] : BUILTIN_LINES['en-GB'];
    const learnerTurns = turns.filter((turn) => turn.role === 'learner');
    const criteria = rubric.map((criterion, index) => {
      const item = scored?.items[index];
      const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
      const score =
        criterion.scale === 'pass_fail' ? (item?.met ? 1 : 0) : min + Math.round((item?.score ?? 0) * (max - min));
      const evidence = (item?.evidence ?? []).flatMap((quote) => {
        const turn = learnerTurns.find((candidate) => candidate.text.includes(quote));
        return turn ? [{ turn_id: turn.turnId, quote }] : [];
      });
      return { name: criterion.name, relevant: true, score, evidence, met: item?.met ?? false };
    });
    const heard = criteria.filter((criterion) => criterion.met);
    const keys = criterionKeysOf(rubric);
    return {
      criteria: Object.fromEntries(
        criteria.map(({ met: _met, name: _name, ...criterion }, index) => [keys[index], criterion]),
      ),
      went_well: heard.map((criterion) => lines.heard(criterion.name)),
      to_improve: criteria.filter((criterion) => !criterion.met).map((criterion) => lines.missed(criterion.name)),
      summary: lines.summary(heard.length, criteria.length),
    };
  };

/**
 * The answer's schema for this rubric, sent to the model as its response format and checked on return: every rule
 * the check applies is in the JSON schema a strict provider follows (one required property per criterion, whole
 * scores within its scale), so such a provider cannot answer what is then refused. An answer that still leaves a
 * criterion out is not refused for it: the criterion is filled in as not relevant and named in `unanswered`, and
 * the report marks it not assessed. A mismatch is what the port's one repair retry fixes.
 */
const answerSchemaFor = (
  rubric: readonly RubricCriterion[],
  turns: ExistingCoachingSession['turns'],
  language: SessionLanguage,
) => {
  const keys = criterionKeysOf(rubric);
  const unanswered = new Set<string>();
  const shape = z.object({
    criteria: z.object(
      Object.fromEntries(rubric.map((criterion, index) => [keys[index]!, criterionAnswerOf(criterion)])),
    ),
    went_well: z.array(z.string()),
    to_improve: z.array(z.string()),
    summary: z.string(),
  });
  const fillUnanswered = (value: unknown): unknown => {
    unanswered.clear();
    if (typeof value !== 'object' || value === null) return value;
    const criteria = (value as { criteria?: unknown }).criteria;
    if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria)) return value;
    const filled: Record<string, unknown> = { ...criteria };
    rubric.forEach((criterion, index) => {
      const key = keys[index]!;
      if (filled[key] !== undefined) return;
      unanswered.add(key);
      filled[key] = { relevant: false, score: RUBRIC_SCALE_RANGE[criterion.scale].min, evidence: [] };
    });
    return { ...value, criteria: filled };
  };
  const builtin = fromBuiltinAnalysis(rubric, turns, language);
  return { schema: z.preprocess((value) => fillUnanswered(builtin(value)), shape), keys, unanswered };
};

const SCALE_WORDS: Record<RubricScale, string> = {
  pass_fail: '0 (fail) or 1 (pass)',
  '1_5': 'a whole number from 1 to 5',
  '1_10': 'a whole number from 1 to 10',
};

const promptOf = (
  observer: CoachingFields,
  rubric: readonly RubricCriterion[],
  keys: readonly string[],
  session: ExistingCoachingSession,
): AiMessage[] => [
  {
    role: 'system',
    content: [
      `You are ${str(observer, 'name')}, an observer who assesses a learner's role-play. ${str(observer, 'description')}`,
      str(observer, 'instructions'),
      'Score every criterion of the rubric below, each under its exact name in "criteria":',
      ...rubric.map(
        (criterion, index) =>
          `- ${keys[index]} (${SCALE_WORDS[criterion.scale]}): ${criterion.description}` +
          (criterion.notRelevantWhen ? ` Not relevant when: ${criterion.notRelevantWhen}` : ''),
      ),
      'Mark a criterion relevant: false only when its "not relevant when" condition holds; its score is then ignored.',
      'Support each score with evidence: short quotes of the learner, each with the id of the turn it comes from.',
      `Write went_well, to_improve and summary in ${session.content.language}.`,
    ]
      .filter((line) => line.trim().length > 0)
      .join('\n'),
  },
  {
    role: 'user',
    content: session.turns
      .map((turn) => `[${turn.turnId}] ${turn.role === 'learner' ? 'Learner' : 'Persona'}: ${turn.text}`)
      .join('\n'),
  },
];

/** The model's answer as the report keeps it: the rubric's order, scale and weight, scores on the scale. */
const criteriaOf = (
  rubric: readonly RubricCriterion[],
  answer: ModelAnswer,
  turns: ExistingCoachingSession['turns'],
  asked: { keys: readonly string[]; unanswered: ReadonlySet<string> },
): AnalysisCriterionScore[] => {
  const turnIds = new Set(turns.map((turn) => turn.turnId));
  return rubric.map((criterion, index) => {
    const key = asked.keys[index]!;
    const found = answer.criteria[key];
    const assessed = found !== undefined && !asked.unanswered.has(key);
    const relevant = assessed && found.relevant;
    return {
      name: criterion.name,
      scale: criterion.scale,
      weight: criterion.weight,
      relevant,
      score: relevant ? scoreOnScale(criterion.scale, found.score) : null,
      // A quote the model pinned on no turn of this transcript cannot be shown where it was said.
      evidence: (found?.evidence ?? [])
        .filter((quote) => turnIds.has(quote.turn_id) && quote.quote.trim().length > 0)
        .map((quote) => ({ turnId: quote.turn_id, quote: quote.quote.trim() })),
      ...(assessed ? {} : { assessed: false as const }),
    };
  });
};

/** Failures a later try may not meet: the queue tries again, until the last try marks the observer failed. */
const TRANSIENT = new Set(['timeout', 'unreachable', 'rate_limited', 'provider_error', 'circuit_open', 'tls_error']);

class ObserverAnalysisFailure extends Error {
  constructor(
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(`The observer's analysis failed: ${reason}`);
    this.name = 'ObserverAnalysisFailure';
  }
}

const askObserver = async (
  services: AnalysisServices,
  session: ExistingCoachingSession,
  observer: CoachingFields,
): Promise<{ criteria: AnalysisCriterionScore[]; wentWell: string[]; toImprove: string[]; summary: string }> => {
  const rubric = rubricOf(observer);
  const model = await findAiModel(services.db, str(observer, 'model_id'));
  if (!model) throw new ObserverAnalysisFailure('ai_model_not_found', false);
  const transcript = transcriptOf(session);
  const builtinRubric: RubricItem[] = rubric.map((criterion, index) => ({
    id: String(index),
    label: criterion.name,
    evidencePhrases: builtinEvidencePhrases(criterion),
    weight: criterion.weight,
  }));
  const answer = answerSchemaFor(rubric, session.turns, session.content.language);
  try {
    const { value } = await aiPort(services).structured(
      { providerId: model.providerId, modelId: model.aiModelId },
      {
        messages: promptOf(observer, rubric, answer.keys, session),
        schema: answer.schema as z.ZodType<ModelAnswer>,
        schemaName: 'observer_report',
        analysis: { transcript, language: session.content.language, rubric: builtinRubric },
      },
      { organizationId: session.organizationId, sessionId: session.sessionId },
    );
    return {
      criteria: criteriaOf(rubric, value, session.turns, answer),
      wentWell: value.went_well.map((line) => line.trim()).filter(Boolean),
      toImprove: value.to_improve.map((line) => line.trim()).filter(Boolean),
      summary: value.summary.trim(),
    };
  } catch (error) {
    if (error instanceof AiCallError) throw new ObserverAnalysisFailure(error.code, TRANSIENT.has(error.code));
    if (error instanceof DomainError) throw new ObserverAnalysisFailure(error.code, false);
    throw new ObserverAnalysisFailure('provider_error', true);
  }
};

/**
 * The `analysis.observer` job. Idempotent by its command ids (per session, version and observer) and by the decider,
 * which records one result per observer and version: a job run twice, or again by another worker after one was
 * killed mid-report, appends one result.
 */
export const analyseObserver = async (
  services: AnalysisServices,
  payload: AnalyseObserverPayload,
  run: { lastAttempt: boolean; causationId: string },
): Promise<'recorded' | 'failed' | 'nothing'> => {
  const { sessionId, version, observerId } = payload;
  const slot = (await loadAnalysis(services, sessionId)).versions
    .find((entry) => entry.version === version)
    ?.observers.find((observer) => observer.observerId === observerId);
  if (!slot || slot.status === 'done' || slot.status === 'failed') return 'nothing';
  const key = `${sessionId}-v${version}-${observerId}`;
  const origin: Origin = { correlationId: run.causationId };
  await runAnalysisCommand(
    services,
    origin,
    sessionId,
    { type: 'StartCoachingSessionObserverAnalysis', data: { sessionId, version, observerId } },
    `analysis-start-${key}`,
  );
  const session = await loadSession(services, sessionId);
  // A session deleted since has nothing left to analyse; its reports are gone with it.
  if (session.status === 'none' || session.deleted) return 'nothing';
  const fail = async (reason: string) => {
    await runAnalysisCommand(
      services,
      origin,
      sessionId,
      { type: 'FailCoachingSessionObserverAnalysis', data: { sessionId, version, observerId, reason } },
      `analysis-fail-${key}`,
    );
    return 'failed' as const;
  };
  const observer = await findCoachingItemVersion(services.db, observerId, slot.observerVersion);
  if (!observer) return fail('observer_not_found');
  try {
    const report = await askObserver(services, session, observer.fields);
    const result = await runAnalysisCommand(
      services,
      origin,
      sessionId,
      {
        type: 'RecordCoachingSessionObserverReport',
        data: { sessionId, version, observerId, observerVersion: slot.observerVersion, ...report },
      },
      `analysis-report-${key}`,
    );
    return result.events.length > 0 ? 'recorded' : 'nothing';
  } catch (error) {
    if (!(error instanceof ObserverAnalysisFailure)) throw error;
    if (error.transient && !run.lastAttempt) throw error;
    return fail(error.reason);
  }
};

// --- Reading and re-running ------------------------------------------------------------------------------------

const analysisNotFound = () =>
  new NotFoundError('coaching_session_analysis_not_found', 'This session has no analysis report of this version.');

const metricsAnswer = (metrics: ConversationMetrics, turnIds: readonly string[]) => {
  // Metrics count turns by their index in the transcript; the answer names them by id, as evidence does.
  const turnIdAt = (index: number) => turnIds[index] ?? null;
  return {
    words: metrics.words,
    talk_ratio: metrics.talkRatio,
    questions: {
      total: metrics.questions.total,
      open: metrics.questions.open,
      closed: metrics.questions.closed,
      asked: metrics.questions.asked.map((question) => ({
        turn_id: turnIdAt(question.turnIndex),
        text: question.text,
        kind: question.kind,
      })),
    },
    longest_monologue: metrics.longestMonologue && {
      words: metrics.longestMonologue.words,
      turn_id: turnIdAt(metrics.longestMonologue.turnIndex),
    },
    fillers: { total: metrics.fillers.total, by_filler: metrics.fillers.byFiller },
    words_per_minute: metrics.wordsPerMinute,
  };
};

/** The names of the reviewers who corrected this version, by user id (null: the account is gone). */
const reviewerNames = async (services: AnalysisServices, view: CoachingSessionAnalysisView) => {
  const ids = new Set(
    view.observers.flatMap((observer) =>
      observer.criteria.flatMap((criterion) => criterion.correction?.correctedBy ?? []),
    ),
  );
  const names = new Map<string, string | null>();
  for (const id of ids) {
    const user = await findUser(services.db, id);
    names.set(id, user ? `${user.firstName} ${user.lastName}`.trim() : null);
  }
  return names;
};

/**
 * Each observer's name as the version that reports was published, by observer id: the report names its observers
 * itself, so its readers (a guest too) need not read the scenario, whose observers may have changed since.
 */
const observerNames = async (services: AnalysisServices, view: CoachingSessionAnalysisView) => {
  const names = new Map<string, string | null>();
  for (const observer of view.observers) {
    const version = await findCoachingItemVersion(services.db, observer.observerId, observer.observerVersion);
    names.set(observer.observerId, (version && str(version.fields, 'name')) || null);
  }
  return names;
};

const analysisAnswer = (
  view: CoachingSessionAnalysisView,
  versions: number[],
  turnIds: string[],
  reviewers: ReadonlyMap<string, string | null>,
  names: ReadonlyMap<string, string | null>,
): CoachingSessionAnalysisAnswer => {
  const status = analysisVersionStatus(view.observers.map((observer) => observer.status));
  const reported = view.observers.filter((observer) => observer.status === 'done');
  const finished = status === 'done' || status === 'failed';
  const overall = finished ? weightedAnalysisScore(reported.flatMap((observer) => observer.criteria)) : null;
  return {
    status,
    version: view.version,
    versions,
    ...(overall === null ? {} : { overall_score: overall }),
    observers: view.observers.map((observer) => ({
      observer_id: observer.observerId,
      observer_version: observer.observerVersion,
      name: names.get(observer.observerId) ?? null,
      status: observer.status,
      criteria: observer.criteria.map((criterion) => ({
        name: criterion.name,
        score: criterion.score,
        evidence: criterion.evidence.map((quote) => ({ turn_id: quote.turnId, quote: quote.quote })),
        scale: criterion.scale,
        weight: criterion.weight,
        relevant: criterion.relevant,
        assessed: criterion.assessed !== false,
        correction: criterion.correction && {
          original_score: criterion.correction.originalScore,
          comment: criterion.correction.comment,
          corrected_by: {
            user_id: criterion.correction.correctedBy,
            name: reviewers.get(criterion.correction.correctedBy) ?? null,
          },
          corrected_at: criterion.correction.correctedAt,
        },
      })),
      summary: observer.summary,
      went_well: observer.wentWell,
      to_improve: observer.toImprove,
      score: observer.score,
    })),
    metrics: metricsAnswer(view.metrics, turnIds),
    trigger: view.trigger,
    requested_at: view.requestedAt,
  };
};

const answerFor = async (services: AnalysisServices, sessionId: string, version?: number) => {
  const view = await findCoachingSessionAnalysis(services.db, sessionId, version);
  if (!view) throw analysisNotFound();
  const session = await loadSession(services, sessionId);
  const turnIds = session.status === 'none' ? [] : session.turns.map((turn) => turn.turnId);
  return analysisAnswer(
    view,
    await listCoachingSessionAnalysisVersions(services.db, sessionId),
    turnIds,
    await reviewerNames(services, view),
    await observerNames(services, view),
  );
};

/** Whoever may read the session reads its reports (`visibleSession`): its player, and reviewers of their organization. */
export const readCoachingSessionAnalysis = async (
  services: AnalysisServices,
  origin: Origin,
  sessionId: string,
  query: { version?: number | undefined },
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  return answerFor(services, sessionId, query.version);
};

/** The observer version a re-run uses: the latest published one, so an improved observer re-scores old sessions. */
const currentObserverVersion = async (services: AnalysisServices, frozen: CoachingSessionContentVersion) => {
  const item = await findCoachingItem(services.db, frozen.id);
  if (!item || item.publishedVersion === null || item.status === 'archived') return frozen;
  return { id: frozen.id, version: item.publishedVersion };
};

/** A new version of the report of a session the caller may read (`coaching-session-analysis-report-update`). */
export const rerunCoachingSessionAnalysis = async (
  services: AnalysisServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  const session = await loadSession(services, sessionId);
  if (!analysable(session) || session.content.observers.length === 0) {
    throw new ConflictError(
      'coaching_session_not_analysable',
      'Only a session that ended in win, loose or end is analysed.',
      { status: session.status === 'none' ? null : session.status },
    );
  }
  const observers = await Promise.all(
    session.content.observers.map((frozen) => currentObserverVersion(services, frozen)),
  );
  const version = await requestAnalysis(services, origin, session, {
    trigger: 'rerun',
    requestedBy: caller.userId,
    observers,
  });
  return answerFor(services, sessionId, version ?? undefined);
};

/**
 * A reviewer corrects one criterion's score of an observer's delivered report, with a comment
 * (`coaching-session-analysis-report-update`, on a session the caller may read). The correction's id derives from
 * the request's `Idempotency-Key` when it has one, so a retried request corrects once.
 */
export const correctCoachingSessionAnalysisScore = async (
  services: AnalysisServices,
  origin: Origin,
  sessionId: string,
  input: {
    version: number;
    observer_id: string;
    criterion: string;
    score: number;
    comment: string;
    idempotencyKey?: string | undefined;
  },
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  const correctionId = input.idempotencyKey
    ? deterministicId('analysis-correction', caller.userId, input.idempotencyKey)
    : services.ids.newId();
  await runAnalysisCommand(
    services,
    origin,
    sessionId,
    {
      type: 'CorrectCoachingSessionAnalysisScore',
      data: {
        sessionId,
        version: input.version,
        observerId: input.observer_id,
        correctionId,
        criterion: input.criterion,
        score: input.score,
        comment: input.comment,
        correctedBy: caller.userId,
      },
    },
    `analysis-correction-${correctionId}`,
  );
  return answerFor(services, sessionId, input.version);
};

/** What a bulk re-run did with one session. */
export type SessionRerunOutcome =
  | { outcome: 'succeeded'; version: number }
  | { outcome: 'skipped'; reason: 'coaching_session_analysis_running' | 'coaching_session_not_analysable' };

/**
 * One session of a bulk re-run (`analysis.reruns`): the single re-run's path under the job's request id, so the job
 * run again after a crash finds the version it made and makes no other. A session whose report is still being made,
 * or that can no longer be analysed (deleted since), is skipped, not failed: there is nothing wrong to retry.
 */
export const rerunSessionAnalysisForJob = async (
  services: AnalysisServices,
  origin: Origin,
  input: { sessionId: string; requestId: string; requestedBy: string | null },
): Promise<SessionRerunOutcome> => {
  const session = await loadSession(services, input.sessionId);
  if (!analysable(session) || session.content.observers.length === 0) {
    return { outcome: 'skipped', reason: 'coaching_session_not_analysable' };
  }
  const observers = await Promise.all(
    session.content.observers.map((frozen) => currentObserverVersion(services, frozen)),
  );
  try {
    const version = await requestAnalysis(services, origin, session, {
      trigger: 'rerun',
      requestedBy: input.requestedBy,
      observers,
      requestId: input.requestId,
    });
    if (version === null) return { outcome: 'skipped', reason: 'coaching_session_not_analysable' };
    return { outcome: 'succeeded', version };
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'coaching_session_analysis_running') {
      return { outcome: 'skipped', reason: 'coaching_session_analysis_running' };
    }
    throw error;
  }
};
