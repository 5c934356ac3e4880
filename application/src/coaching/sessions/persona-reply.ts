import {
  AiCallError,
  createVisibleReplyStream,
  DomainError,
  UnavailableError,
  type AiMessage,
  type ExistingCoachingSession,
} from '@ai-coaching/domain';
import { findAiModel } from '@ai-coaching/projections';
import { aiPort } from '../../ai/ai-port.js';
import type { AppServices } from '../../app-services.js';
import { briefOf, playedPersonaOf, systemPrompt } from './persona-brief.js';

// The persona's reply to a learner's turn: the AI call through the port, its deltas streamed to the gateway.

const replyFailed = (turnId: string, reason: string) =>
  new UnavailableError(
    'coaching_session_reply_failed',
    'The persona could not answer: the AI provider failed. Nothing was recorded or charged; send your turn again.',
    { reason, turn_id: turnId },
  );

/** Told each piece of the persona's reply as the provider streams it, outcome markers left out. */
export type ReplyDeltaListener = (text: string) => void;

/**
 * The persona's whole reply from the provider; any failure records nothing, so the learner resends the turn. Deltas
 * reach `onDelta` as they come: a reply that fails midway has shown words the transcript will not hold, which the
 * player discards when told to resend.
 */
export const askPersona = async (
  services: AppServices,
  session: ExistingCoachingSession,
  turnId: string,
  onDelta?: ReplyDeltaListener,
) => {
  const { persona, mission } = await playedPersonaOf(services, session);
  const model = await findAiModel(services.db, session.content.modelId);
  if (!model) throw replyFailed(turnId, 'ai_model_not_found');
  const messages: AiMessage[] = [
    { role: 'system', content: systemPrompt(persona, mission, session.content.language) },
    ...session.turns.map((turn): AiMessage => ({
      role: turn.role === 'persona' ? 'assistant' : 'user',
      content: turn.text,
    })),
  ];
  try {
    let reply = '';
    const visible = createVisibleReplyStream();
    const show = (text: string) => {
      if (onDelta && text) onDelta(text);
    };
    for await (const event of aiPort(services).chat(
      { providerId: model.providerId, modelId: model.aiModelId },
      { messages, roleplay: briefOf(session, persona, mission) },
      { organizationId: session.organizationId, sessionId: session.sessionId },
    )) {
      if (event.type === 'delta') {
        reply += event.text;
        show(visible.push(event.text));
      } else reply = event.text;
    }
    show(visible.flush());
    if (reply.trim().length === 0) throw new AiCallError('invalid_output', 'The provider answered nothing.');
    return reply;
  } catch (error) {
    if (error instanceof AiCallError || error instanceof DomainError) throw replyFailed(turnId, error.code);
    services.logger.error({ err: error, sessionId: session.sessionId }, 'persona reply failed');
    throw replyFailed(turnId, 'provider_error');
  }
};
