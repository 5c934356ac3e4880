import type { CoachingSessionAnalysisAnswer } from '@ai-coaching/contracts';
import {
  analysisVersionStatus,
  NotFoundError,
  weightedAnalysisScore,
  type AnalysisCriterionScore,
  type ConversationMetrics,
} from '@ai-coaching/domain';
import {
  findAiModel,
  findCoachingItemVersion,
  findCoachingSessionAnalysis,
  findUser,
  listCoachingSessionAnalysisVersions,
  type CoachingSessionAnalysisView,
} from '@ai-coaching/projections';
import { BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import type { AppServices, Origin } from '../../app-services.js';
import { observerOf } from '../content/content-fields.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { sessionCaller, visibleSession } from '../sessions/visibility.js';

// A version of a session's analysis report as the contracts answer it, for whoever may read the session.

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
const reviewerNames = async (services: AppServices, view: CoachingSessionAnalysisView) => {
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

type ObserverLabel = { name: string | null; scripted: boolean };

/**
 * Each observer's name as the version that reports was published, and whether the built-in provider judged, by
 * observer id: the report names its observers itself, so its readers (a guest too) need not read the scenario,
 * whose observers may have changed since.
 */
const observerLabels = async (services: AppServices, view: CoachingSessionAnalysisView) => {
  const labels = new Map<string, ObserverLabel>();
  for (const observer of view.observers) {
    const version = await findCoachingItemVersion(services.db, observer.observerId, observer.observerVersion);
    const fields = version && observerOf(version.fields);
    const model = fields ? await findAiModel(services.db, fields.model_id) : null;
    labels.set(observer.observerId, {
      name: fields?.name || null,
      scripted: model?.providerId === BUILTIN_AI_PROVIDER_ID,
    });
  }
  return labels;
};

/** A criterion's score as the report answers it, without its correction: a trial's answer has the same. */
export const criterionAnswer = (criterion: AnalysisCriterionScore) => ({
  name: criterion.name,
  score: criterion.score,
  evidence: criterion.evidence.map((quote) => ({ turn_id: quote.turnId, quote: quote.quote })),
  scale: criterion.scale,
  weight: criterion.weight,
  relevant: criterion.relevant,
  assessed: criterion.assessed !== false,
});

const analysisAnswer = (
  view: CoachingSessionAnalysisView,
  versions: number[],
  turnIds: string[],
  reviewers: ReadonlyMap<string, string | null>,
  labels: ReadonlyMap<string, ObserverLabel>,
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
      name: labels.get(observer.observerId)?.name ?? null,
      scripted: labels.get(observer.observerId)?.scripted ?? false,
      status: observer.status,
      criteria: observer.criteria.map((criterion) => ({
        ...criterionAnswer(criterion),
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

export const analysisAnswerFor = async (services: AppServices, sessionId: string, version?: number) => {
  const view = await findCoachingSessionAnalysis(services.db, sessionId, version);
  if (!view) throw analysisNotFound();
  const session = await loadCoachingSession(services, sessionId);
  const turnIds = session.status === 'none' ? [] : session.turns.map((turn) => turn.turnId);
  return analysisAnswer(
    view,
    await listCoachingSessionAnalysisVersions(services.db, sessionId),
    turnIds,
    await reviewerNames(services, view),
    await observerLabels(services, view),
  );
};

/** Whoever may read the session reads its reports (`visibleSession`): its player, and reviewers of their organization. */
export const readCoachingSessionAnalysis = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  query: { version?: number | undefined },
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  return analysisAnswerFor(services, sessionId, query.version);
};
