import {
  NotFoundError,
  type AiCallContext,
  type AnalysisCriterionScore,
  type RoleplayBrief,
  type SessionLanguage,
} from '@ai-coaching/domain';
import { findAiModel } from '@ai-coaching/projections';
import type { z } from 'zod';
import { aiPort } from '../../ai/ai-port.js';
import type { AppServices } from '../../app-services.js';
import type { ObserverFields } from '../content/content-fields.js';
import { answerSchemaFor, criteriaOf, type JudgedTurn, type ModelAnswer } from './observer-answer.js';
import { promptOf } from './observer-prompt.js';

// What an observer makes of a conversation, through the AI port: a session's report (observer-job.ts) and an
// editor's trial of an observer on a transcript (observer-trials.ts) both ask it here.

/** A conversation to judge: its turns, its language, and what the built-in observer judges it against. */
export type JudgedConversation = {
  turns: readonly JudgedTurn[];
  language: SessionLanguage;
  /** The persona and mission it was played with (a neutral one when there are none). */
  brief: RoleplayBrief;
};

export type ObserverJudgement = {
  criteria: AnalysisCriterionScore[];
  wentWell: string[];
  toImprove: string[];
  summary: string;
};

/**
 * The observer's judgement of the conversation, by its own model: a real model reads the prompt, the built-in one
 * the transcript and the brief (docs/ai-builtin-provider.md, "The observer"). Throws what the port throws
 * (`AiCallError`, a `DomainError`), and `ai_model_not_found` when the observer's model is gone.
 */
export const judgeTranscript = async (
  services: AppServices,
  observer: ObserverFields,
  conversation: JudgedConversation,
  context: AiCallContext,
): Promise<ObserverJudgement> => {
  const rubric = observer.rubric;
  const model = await findAiModel(services.db, observer.model_id);
  if (!model) throw new NotFoundError('ai_model_not_found', 'This AI model does not exist.');
  const practice = {
    brief: conversation.brief,
    criteria: rubric.map(({ name, description, weight }) => ({ name, description, weight })),
  };
  const answer = answerSchemaFor(rubric, conversation.turns);
  const transcript = conversation.turns.map((turn) => ({ speaker: turn.role, text: turn.text }));
  const { value } = await aiPort(services).structured(
    { providerId: model.providerId, modelId: model.aiModelId },
    {
      messages: promptOf(observer, rubric, answer.keys, conversation),
      schema: answer.schema as z.ZodType<ModelAnswer>,
      schemaName: 'observer_report',
      analysis: { transcript, language: conversation.language, practice },
    },
    context,
  );
  return {
    criteria: criteriaOf(rubric, value, conversation.turns, answer),
    wentWell: value.went_well.map((line) => line.trim()).filter(Boolean),
    toImprove: value.to_improve.map((line) => line.trim()).filter(Boolean),
    summary: value.summary.trim(),
  };
};
