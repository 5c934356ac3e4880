import type { ObserverTrialAnswer } from '@ai-coaching/contracts';
import {
  AiCallError,
  DomainError,
  NotFoundError,
  UnavailableError,
  weightedAnalysisScore,
  type SessionLanguage,
} from '@ai-coaching/domain';
import { findAiModel } from '@ai-coaching/projections';
import { BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import type { AppServices, Origin } from '../../app-services.js';
import { isSuperAdmin, signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { fieldsSeenBy, visibleCoachingItem } from '../content/coaching-content.js';
import { missionOf, observerOf, personaOf, scenarioOf } from '../content/content-fields.js';
import { briefOf, playedPersonaOf, practiceBriefOf } from '../sessions/persona-brief.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { visibleSession } from '../sessions/visibility.js';
import { judgeTranscript, type JudgedConversation } from './judge-transcript.js';
import { criterionAnswer } from './reports.js';

// "Try an observer on a transcript" (issue 25 item 9, docs/coaching-content.md "Trying an observer"): an editor
// sees the scores an observer, saved or not, would give a pasted transcript or one of a session, before publishing.
// Nothing is stored: no event, no report; the AI call is the observer's model's, through the port (its usage is
// recorded as every call's is; the built-in model is free).

/** The request as its contract checked it (`observerTrialBodySchema`). */
type Body = {
  observer: Record<string, unknown>;
  transcript?: { role: 'learner' | 'persona'; text: string }[] | undefined;
  session_id?: string | undefined;
  scenario_id?: string | undefined;
  language?: SessionLanguage | undefined;
};

const sessionNotFound = () => new NotFoundError('coaching_session_not_found', 'This session does not exist.');

const trialFailed = (reason: string) =>
  new UnavailableError(
    'coaching_observer_trial_failed',
    'The observer could not judge this transcript: the AI provider failed. Try again.',
    { reason },
  );

/** The observer's model, if the caller's organization may use it (as a saved observer's reference is checked). */
const usableModel = async (services: AppServices, caller: UserCaller, modelId: string) => {
  const model = await findAiModel(services.db, modelId);
  const usable =
    model && (model.organizationId === null || model.organizationId === caller.organizationId || isSuperAdmin(caller));
  if (!usable) {
    throw new NotFoundError('coaching_reference_not_found', 'Nothing with this id can be used here.', {
      field: 'observer.model_id',
    });
  }
  return model;
};

/** A session the caller may read, as it was played: its turns, language, persona and mission. */
const sessionConversation = async (
  services: AppServices,
  caller: UserCaller,
  sessionId: string,
): Promise<JudgedConversation> => {
  await visibleSession(services, caller, sessionId, 'read');
  const session = await loadCoachingSession(services, sessionId);
  if (session.status === 'none' || session.deleted) throw sessionNotFound();
  const { persona, mission } = await playedPersonaOf(services, session);
  return { turns: session.turns, language: session.content.language, brief: briefOf(session, persona, mission) };
};

/**
 * A pasted transcript, judged against the persona and mission of a scenario the caller may read (as they see it:
 * an editor their working copies), or against a neutral brief: no persona of its own, the default mission's
 * behaviours (asking about needs, resolving objections, agreeing a next step; rudeness loses).
 */
const pastedConversation = async (
  services: AppServices,
  caller: UserCaller,
  body: Body,
  fallback: SessionLanguage,
): Promise<JudgedConversation> => {
  const turns = (body.transcript ?? []).map((turn, index) => ({
    turnId: `t${index + 1}`,
    role: turn.role,
    text: turn.text,
  }));
  if (body.scenario_id === undefined) {
    const language = body.language ?? fallback;
    return { turns, language, brief: practiceBriefOf(personaOf({}), missionOf({}), { language }) };
  }
  const scenarioItem = await visibleCoachingItem(services, caller, 'scenario', body.scenario_id).catch((error) => {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError('coaching_item_not_found', 'This item does not exist.', { field: 'scenario_id' });
  });
  const scenario = scenarioOf(fieldsSeenBy(caller, scenarioItem));
  // What the scenario uses that the caller may not see (shared with them without it) judges as a neutral brief.
  const seen = (kind: 'persona' | 'mission', id: string) =>
    visibleCoachingItem(services, caller, kind, id).then(
      (item) => fieldsSeenBy(caller, item),
      (error: unknown) => {
        if (error instanceof NotFoundError) return {};
        throw error;
      },
    );
  const persona = personaOf(await seen('persona', scenario.persona_id));
  const mission = scenario.mission_id ? missionOf(await seen('mission', scenario.mission_id)) : null;
  const language = body.language ?? scenario.language;
  return { turns, language, brief: practiceBriefOf(persona, mission, { language }) };
};

export const tryObserver = async (services: AppServices, origin: Origin, body: Body): Promise<ObserverTrialAnswer> => {
  const caller = signedInUser(origin.caller);
  const observer = observerOf(body.observer);
  const model = await usableModel(services, caller, observer.model_id);
  const conversation =
    body.session_id !== undefined
      ? await sessionConversation(services, caller, body.session_id)
      : await pastedConversation(services, caller, body, origin.locale ?? 'en-GB');
  let judgement;
  try {
    judgement = await judgeTranscript(services, observer, conversation, { organizationId: caller.organizationId });
  } catch (error) {
    if (error instanceof AiCallError || error instanceof DomainError) throw trialFailed(error.code);
    services.logger.error({ err: error }, 'observer trial failed');
    throw trialFailed('provider_error');
  }
  return {
    transcript: conversation.turns.map((turn) => ({ id: turn.turnId, role: turn.role, text: turn.text })),
    criteria: judgement.criteria.map(criterionAnswer),
    overall: weightedAnalysisScore(judgement.criteria),
    summary: judgement.summary,
    went_well: judgement.wentWell,
    to_improve: judgement.toImprove,
    scripted: model.providerId === BUILTIN_AI_PROVIDER_ID,
  };
};
