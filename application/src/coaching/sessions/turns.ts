import type { CoachingSessionTurnAnswer } from '@ai-coaching/contracts';
import { isTerminalCoachingSessionStatus, type CoachingSessionState } from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';
import { askPersona, type ReplyDeltaListener } from './persona-reply.js';
import { runAndSettle } from './session-stream.js';
import { sessionCaller, sessionNotFound, visibleSession } from './visibility.js';

// A learner's turn over HTTP, and the gateway's streamed turn, which calls the same `playCoachingSessionTurn` with a
// listener for the reply's deltas (docs/coaching-sessions.md, "HTTP").

const turnAnswer = (state: CoachingSessionState, learnerTurnId: string): CoachingSessionTurnAnswer => {
  if (state.status === 'none') throw sessionNotFound();
  const reply = state.turns.find((turn) => turn.role === 'persona' && turn.replyTo === learnerTurnId);
  return { reply: reply?.text ?? '', status: state.status };
};

/**
 * One learner turn and the persona's whole reply. The learner's turn is recorded first, under the client's id, so a
 * resent turn (a failed reply, a dropped connection) is recorded once and the provider is asked again only while it
 * awaits its reply. The reply's persona turn id derives from it, so two runs of one reply record the first.
 */
export const playCoachingSessionTurn = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: { text: string; turn_id?: string | undefined },
  options: {
    onDelta?: ReplyDeltaListener;
    /**
     * The persona's reply when a speech-to-speech provider already spoke it (realtime voice): recorded as it is,
     * no model asked. Its outcome markers end the session as a typed reply's do.
     */
    reply?: string;
  } = {},
): Promise<CoachingSessionTurnAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  const turnId = body.turn_id ?? services.ids.newId();
  const recorded = await runAndSettle(services, origin, sessionId, {
    type: 'RecordCoachingSessionLearnerTurn',
    data: { sessionId, turnId, text: body.text },
  });
  const state = recorded.state;
  if (state.status === 'none' || isTerminalCoachingSessionStatus(state.status) || state.awaitingReplyTo !== turnId) {
    return turnAnswer(state, turnId);
  }
  const reply = options.reply ?? (await askPersona(services, state, turnId, options.onDelta));
  const answered = await runAndSettle(services, origin, sessionId, {
    type: 'RecordCoachingSessionPersonaTurn',
    data: { sessionId, turnId: `reply-${turnId}`, replyTo: turnId, text: reply },
  });
  return turnAnswer(answered.state, turnId);
};
