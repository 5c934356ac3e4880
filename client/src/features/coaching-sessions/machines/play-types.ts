import type { CoachingSessionAnswer, CoachingSessionTurnAnswer } from '@ai-coaching/contracts';

// What the text and the voice play machines both speak of: the session as the server sends it, its turns, the
// transport that reaches it, and an error as the screens show it. Kept apart so neither machine imports the other's
// types (the play-session machine runs the voice machine, not the other way round).

export type PlaySession = CoachingSessionAnswer;
export type PlayTurn = PlaySession['turns'][number];
export type PlaySessionStatus = PlaySession['status'];
export type PlayTurnAnswer = CoachingSessionTurnAnswer;
export type OutgoingTurn = { turn_id: string; text: string };

export type PlaySessionTransport = {
  load(sessionId: string, options: { signal: AbortSignal }): Promise<PlaySession>;
  /** `onDelta` is for a transport that streams the reply; one that answers whole never calls it. */
  sendTurn(
    sessionId: string,
    turn: OutgoingTurn,
    options: { signal: AbortSignal; onDelta: (text: string) => void },
  ): Promise<PlayTurnAnswer>;
  end(sessionId: string): Promise<PlaySession>;
  abort(sessionId: string): Promise<PlaySession>;
};

/** `message` comes from the API in the learner's language; the screen words the others by `code`. */
export type PlayError = { code: string; message: string | null; status: number | null };
