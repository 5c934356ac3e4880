import type {
  CoachingChatAnswer,
  CoachingChatExchangeAnswer,
  CoachingChatListAnswer,
  CoachingChatSummaryAnswer,
} from '@ai-coaching/contracts';
import {
  AiCallError,
  analysisVersionStatus,
  coachingChatDecider,
  coachingChatExchangeFor,
  coachingChatStreamId,
  ConflictError,
  DomainError,
  fold,
  isTerminalCoachingSessionStatus,
  NotFoundError,
  UnavailableError,
  weightedAnalysisScore,
  type AiMessage,
  type CoachBrief,
  type CoachingChatEvent,
  type CoachingChatExchange,
  type ExistingCoachingChat,
  type ExistingCoachingSession,
} from '@ai-coaching/domain';
import {
  findAiModel,
  findCoachingChat,
  findCoachingSessionAnalysis,
  listCoachingChatExchanges,
  listCoachingChatsOfSession,
  type CoachingChatView,
} from '@ai-coaching/projections';
import { aiPort, type AiRef } from '../../ai/ai-port.js';
import { BUILTIN_AI_MODEL_ID, BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import type { AppServices, Origin } from '../../app-services.js';
import { streamCommandRunner } from '../../commands/stream-commands.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { briefOf, playedPersonaOf } from '../sessions/persona-brief.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { visibleSession } from '../sessions/visibility.js';

// "Ask the coach" (docs/coaching-sessions.md): after a session has ended, its player asks an AI coach what to say
// differently. The coach reads the transcript, the mission and the latest analysis report, through the AI port with
// the session's own model (the built-in coach when that model is gone). A question and its answer are recorded
// together once the provider has answered in full, so a failure records nothing and the same message is resent.

const chatNotFound = () => new NotFoundError('coaching_chat_not_found', 'This conversation does not exist.');

const run = streamCommandRunner(coachingChatStreamId, coachingChatDecider);

/** A stream as its decider folds it: the transcript and the chat never lag behind a read model. */
const loadStream = async <Event>(services: Pick<AppServices, 'store'>, streamId: string) =>
  (await services.store.readStream(streamId)).map((event) => ({ type: event.type, data: event.data }) as Event);

const loadChat = async (services: AppServices, chatId: string) =>
  fold(coachingChatDecider, await loadStream<CoachingChatEvent>(services, coachingChatStreamId(chatId)));

/**
 * A conversation is seen by whoever may read its session (the player, and reviewers with
 * `coaching-session-check-other`), and changed only by the player who started it; anything else is not found.
 */
const visibleChat = async (
  services: AppServices,
  caller: UserCaller,
  chatId: string,
  purpose: 'read' | 'change',
): Promise<CoachingChatView> => {
  const chat = await findCoachingChat(services.db, chatId);
  if (!chat) throw chatNotFound();
  try {
    await visibleSession(services, caller, chat.sessionId, purpose === 'read' ? 'read' : 'play');
  } catch (error) {
    if (error instanceof NotFoundError) throw chatNotFound();
    throw error;
  }
  if (purpose === 'change' && chat.userId !== caller.userId) throw chatNotFound();
  return chat;
};

const summaryOf = (chat: CoachingChatView): CoachingChatSummaryAnswer => ({
  id: chat.chatId,
  session_id: chat.sessionId,
  organization_id: chat.organizationId,
  user_id: chat.userId,
  title: chat.title,
  exchange_count: chat.exchangeCount,
  created_at: chat.createdAt,
  updated_at: chat.updatedAt,
});

const exchangeAnswer = (exchange: CoachingChatExchange): CoachingChatExchangeAnswer => ({
  id: exchange.messageId,
  question: exchange.question,
  answer: exchange.answer,
  at: exchange.askedAt,
});

const answerOf = async (services: AppServices, chatId: string): Promise<CoachingChatAnswer> => {
  const chat = await findCoachingChat(services.db, chatId);
  if (!chat) throw chatNotFound();
  const exchanges = await listCoachingChatExchanges(services.db, chatId);
  return { ...summaryOf(chat), exchanges: exchanges.map(exchangeAnswer) };
};

export const listCoachingChats = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingChatListAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  return { items: (await listCoachingChatsOfSession(services.db, sessionId)).map(summaryOf) };
};

/** The player of an ended session starts a conversation about it; a session still playing has nothing to judge. */
export const startCoachingChat = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: { title?: string | undefined },
): Promise<CoachingChatAnswer> => {
  const caller = signedInUser(origin.caller);
  const session = await visibleSession(services, caller, sessionId, 'play');
  if (!isTerminalCoachingSessionStatus(session.status)) {
    throw new ConflictError(
      'coaching_chat_session_playing',
      'This session is still playing: ask the coach once it has ended.',
      { status: session.status },
    );
  }
  const chatId = services.ids.newId();
  await run(services, origin, chatId, {
    type: 'StartCoachingChat',
    data: {
      chatId,
      sessionId,
      organizationId: session.organizationId,
      userId: caller.userId,
      title: body.title ?? null,
    },
  });
  return answerOf(services, chatId);
};

export const readCoachingChat = async (services: AppServices, origin: Origin, chatId: string) => {
  const caller = signedInUser(origin.caller);
  await visibleChat(services, caller, chatId, 'read');
  return answerOf(services, chatId);
};

export const renameCoachingChat = async (
  services: AppServices,
  origin: Origin,
  chatId: string,
  body: { title: string },
): Promise<CoachingChatAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleChat(services, caller, chatId, 'change');
  await run(services, origin, chatId, { type: 'RenameCoachingChat', data: { chatId, title: body.title } });
  return answerOf(services, chatId);
};

export const deleteCoachingChat = async (services: AppServices, origin: Origin, chatId: string): Promise<void> => {
  const caller = signedInUser(origin.caller);
  await visibleChat(services, caller, chatId, 'change');
  await run(services, origin, chatId, { type: 'DeleteCoachingChat', data: { chatId } });
};

const replyFailed = (messageId: string, reason: string) =>
  new UnavailableError(
    'coaching_chat_reply_failed',
    'The coach could not answer: the AI provider failed. Nothing was recorded; send your message again.',
    { reason, message_id: messageId },
  );

/** The session's latest report, as the coach reads it: what observers praised and advised, and the overall score. */
const reportOf = async (services: AppServices, sessionId: string): Promise<CoachBrief['report']> => {
  const view = await findCoachingSessionAnalysis(services.db, sessionId);
  if (!view) return null;
  const reported = view.observers.filter((observer) => observer.status === 'done');
  if (reported.length === 0) return null;
  const status = analysisVersionStatus(view.observers.map((observer) => observer.status));
  const finished = status === 'done' || status === 'failed';
  return {
    overallScore: finished ? weightedAnalysisScore(reported.flatMap((observer) => observer.criteria)) : null,
    wentWell: reported.flatMap((observer) => observer.wentWell),
    toImprove: reported.flatMap((observer) => observer.toImprove),
  };
};

/** What the coach knows of the session: its mission, its transcript and its report, in the session's language. */
const coachBriefOf = async (services: AppServices, session: ExistingCoachingSession): Promise<CoachBrief> => {
  const [{ persona, mission }, report] = await Promise.all([
    playedPersonaOf(services, session),
    reportOf(services, session.sessionId),
  ]);
  return {
    language: session.content.language,
    status: session.status,
    personaName: persona.name,
    mission: mission && {
      goal: mission.goal,
      successCriteria: mission.success_criteria,
      failureConditions: mission.failure_conditions,
    },
    practice: briefOf(session, persona, mission),
    transcript: session.turns.map((turn) => ({ speaker: turn.role, text: turn.text })),
    report,
  };
};

/** What a real model reads: its role, the session as the learner played it, and the report. */
const coachPrompt = (brief: CoachBrief): string => {
  let learnerTurn = 0;
  const transcript = brief.transcript.map((turn) => {
    if (turn.speaker === 'persona') return `${brief.personaName || 'Persona'}: ${turn.text}`;
    learnerTurn += 1;
    return `Learner (turn ${learnerTurn}): ${turn.text}`;
  });
  const lines = [
    `You are a communication coach. The learner has just finished a role-play with ${brief.personaName || 'a persona'} and asks you about it.`,
    `Answer in ${brief.language}, briefly and concretely: quote the learner's own words and say what they could have said instead.`,
    `The session ended with the status "${brief.status}".`,
  ];
  if (brief.mission) {
    lines.push(
      `The learner's goal: ${brief.mission.goal}`,
      `Success criteria: ${brief.mission.successCriteria.join('; ')}`,
      `Failure conditions: ${brief.mission.failureConditions.join('; ')}`,
    );
  }
  const { motivations, knowledge } = brief.practice.persona;
  if (motivations.length > 0) lines.push(`What the persona wanted and did not say: ${motivations.join('; ')}`);
  if (knowledge.length > 0) {
    lines.push(
      `What the persona knew and could have told: ${knowledge.map((item) => `${item.topic}: ${item.says}`).join(' | ')}`,
    );
  }
  if (brief.report) {
    if (brief.report.overallScore !== null)
      lines.push(`Overall score from the observers: ${brief.report.overallScore}/100.`);
    lines.push(
      `What went well: ${brief.report.wentWell.join('; ')}`,
      `What to improve: ${brief.report.toImprove.join('; ')}`,
    );
  }
  lines.push('Transcript:', ...transcript);
  return lines.filter((line) => !/: $/.test(line)).join('\n');
};

/** The session's own model when it can still chat; the built-in coach otherwise, so the coach always answers. */
const coachModelOf = async (services: AppServices, session: ExistingCoachingSession): Promise<AiRef> => {
  const model = await findAiModel(services.db, session.content.modelId);
  if (!model || !model.capabilities.includes('chat')) {
    return { providerId: BUILTIN_AI_PROVIDER_ID, modelId: BUILTIN_AI_MODEL_ID };
  }
  return { providerId: model.providerId, modelId: model.aiModelId };
};

const askCoach = async (
  services: AppServices,
  session: ExistingCoachingSession,
  chat: ExistingCoachingChat,
  messageId: string,
  question: string,
): Promise<string> => {
  const brief = await coachBriefOf(services, session);
  const messages: AiMessage[] = [
    { role: 'system', content: coachPrompt(brief) },
    ...chat.exchanges.flatMap((exchange): AiMessage[] => [
      { role: 'user', content: exchange.question },
      { role: 'assistant', content: exchange.answer },
    ]),
    { role: 'user', content: question },
  ];
  try {
    let answer = '';
    for await (const event of aiPort(services).chat(
      await coachModelOf(services, session),
      { messages, coach: brief },
      { organizationId: session.organizationId, sessionId: session.sessionId },
    )) {
      if (event.type === 'delta') answer += event.text;
      else answer = event.text;
    }
    if (answer.trim().length === 0) throw new AiCallError('invalid_output', 'The provider answered nothing.');
    return answer;
  } catch (error) {
    if (error instanceof AiCallError || error instanceof DomainError) throw replyFailed(messageId, error.code);
    services.logger.error({ err: error, chatId: chat.chatId }, 'coach reply failed');
    throw replyFailed(messageId, 'provider_error');
  }
};

/**
 * One question and the coach's whole answer. A message resent under the same id (a failed answer, a lost
 * connection) answers what was recorded without asking again; two runs of one message record the first answer.
 */
export const askCoachingChat = async (
  services: AppServices,
  origin: Origin,
  chatId: string,
  body: { text: string; message_id?: string | undefined },
): Promise<CoachingChatExchangeAnswer> => {
  const caller = signedInUser(origin.caller);
  const view = await visibleChat(services, caller, chatId, 'change');
  const messageId = body.message_id ?? services.ids.newId();
  const chat = await loadChat(services, chatId);
  const recorded = coachingChatExchangeFor(chat, messageId, body.text);
  if (recorded) return exchangeAnswer(recorded);
  const session = await loadCoachingSession(services, view.sessionId);
  if (chat.status !== 'active' || session.status === 'none' || session.deleted) throw chatNotFound();
  const answer = await askCoach(services, session, chat, messageId, body.text.trim());
  const result = await run(
    services,
    origin,
    chatId,
    { type: 'RecordCoachingChatExchange', data: { chatId, messageId, question: body.text, answer } },
    `coaching-chat-exchange-${chatId}-${messageId}`,
  );
  const stored =
    result.state.status === 'none' ? undefined : result.state.exchanges.find((e) => e.messageId === messageId);
  if (!stored) throw chatNotFound();
  return exchangeAnswer(stored);
};
