import {
  AiCallError,
  DomainError,
  type AnalysisCriterionScore,
  type ExistingCoachingSession,
} from '@ai-coaching/domain';
import { findAiModel, findCoachingItemVersion } from '@ai-coaching/projections';
import type { z } from 'zod';
import { aiPort } from '../../ai/ai-port.js';
import type { AppServices, Origin } from '../../app-services.js';
import type { AnalyseObserverPayload } from '../../jobs/analysis/analyse-observer.job.js';
import { observerOf, type ObserverFields } from '../content/content-fields.js';
import { briefOf, playedPersonaOf } from '../sessions/persona-brief.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { loadAnalysis, runAnalysisCommand, transcriptOf } from './analysis-stream.js';
import { answerSchemaFor, criteriaOf, type ModelAnswer } from './observer-answer.js';
import { promptOf } from './observer-prompt.js';

// One observer's report of one session version: the `analysis.observer` job's work, the AI call through the port.

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
  services: AppServices,
  session: ExistingCoachingSession,
  observer: ObserverFields,
): Promise<{ criteria: AnalysisCriterionScore[]; wentWell: string[]; toImprove: string[]; summary: string }> => {
  const rubric = observer.rubric;
  const model = await findAiModel(services.db, observer.model_id);
  if (!model) throw new ObserverAnalysisFailure('ai_model_not_found', false);
  const transcript = transcriptOf(session);
  // What the built-in observer judges from: the persona and mission the session was played with.
  const { persona, mission } = await playedPersonaOf(services, session);
  const practice = {
    brief: briefOf(session, persona, mission),
    criteria: rubric.map(({ name, description, weight }) => ({ name, description, weight })),
  };
  const answer = answerSchemaFor(rubric, session.turns);
  try {
    const { value } = await aiPort(services).structured(
      { providerId: model.providerId, modelId: model.aiModelId },
      {
        messages: promptOf(observer, rubric, answer.keys, session),
        schema: answer.schema as z.ZodType<ModelAnswer>,
        schemaName: 'observer_report',
        analysis: { transcript, language: session.content.language, practice },
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
  services: AppServices,
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
  const session = await loadCoachingSession(services, sessionId);
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
    const report = await askObserver(services, session, observerOf(observer.fields));
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
