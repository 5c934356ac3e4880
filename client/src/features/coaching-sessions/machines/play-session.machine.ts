import { isTerminalCoachingSessionStatus, sessionPriceCredits } from '@ai-coaching/domain';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type {
  OutgoingTurn,
  PlayError,
  PlaySession,
  PlaySessionStatus,
  PlaySessionTransport,
  PlayTurn,
  PlayTurnAnswer,
} from './play-types';
import { errorOf, isTransientError, retryDelay, retrying } from './retry';
import { createVoicePlayMachine, voicePlayMachine } from './voice-play.machine';
import type { VoicePlayDeps, VoicePlayOutput } from './voice-play.types';

// The play screen (issue 12 §4, `session/play-{sessionID}`). The transport is injected so the same machine runs over
// HTTP today and over the Socket.IO gateway later, and so it is tested without React or a server. Every turn is sent
// under an id made here: after any failure or drop the same id is sent again, which the server records and charges
// once (docs/coaching-sessions.md, "Turns"), so a turn is never lost nor repeated. A voice-mode session plays in the
// `voice` state, whose own machine (voice-play.machine.ts) speaks the gateway's voice protocol.

/** The learner turn waiting for the persona. `recorded`: the server holds it, so it can only be resent, not dropped. */
export type PendingTurn = { id: string; text: string; recorded: boolean };

export type PlaySessionContext = {
  sessionId: string;
  now: () => number;
  createTurnId: () => string;
  /** The last copy the server sent: name, mission goal, language… */
  session: PlaySession | null;
  status: PlaySessionStatus | null;
  turns: PlayTurn[];
  pendingTurn: PendingTurn | null;
  draft: string;
  /** The persona's reply as it streams in, until the whole reply becomes a turn. */
  streaming: string;
  error: PlayError | null;
  startedAt: number | null;
  endsAt: number | null;
  secondsLeft: number | null;
  reservedCredits: number;
  creditsPerMinute: number;
  costSoFar: number;
  attempts: number;
};

export type PlaySessionInput = { sessionId: string; now?: () => number; createTurnId?: () => string };

export type PlaySessionEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'SEND' }
  | { type: 'REPLY.DELTA'; text: string; turnId?: string }
  | { type: 'RETRY' }
  | { type: 'DISCARD' }
  | { type: 'END' }
  | { type: 'ABORT' }
  | { type: 'TICK'; now: number }
  | { type: 'CONNECTION.LOST' }
  | { type: 'CONNECTION.RESTORED' };

export type PlaySessionOutput = { status: PlaySessionStatus | null; error: PlayError | null };

type SendTurnInput = { sessionId: string; turn: OutgoingTurn; onDelta: (text: string) => void };

/** The server records a persona reply under this id, so a reply taken here and one reloaded later are one turn. */
export const replyTurnId = (turnId: string): string => `reply-${turnId}`;

/** The server's turns in its order, then those it does not know yet (the turn still on its way): one per id. */
export function mergeTurns(known: readonly PlayTurn[], loaded: readonly PlayTurn[]): PlayTurn[] {
  const merged = new Map<string, PlayTurn>();
  for (const turn of [...loaded, ...known]) if (!merged.has(turn.id)) merged.set(turn.id, turn);
  return [...merged.values()];
}

/**
 * - `reply_failed`: the turn is recorded and awaits its reply; only resending it can move on.
 * - `out_of_sync`: the server knows better (ended, or awaiting another turn); reloading tells.
 * - `transient`: the server was not reached or broke (network, 5xx): whether the turn arrived is unknown.
 * - `refused`: the server said no and recorded nothing.
 */
export type FailureKind = 'reply_failed' | 'out_of_sync' | 'transient' | 'refused';

export function failureKind(error: PlayError): FailureKind {
  if (error.code === 'coaching_session_reply_failed') return 'reply_failed';
  if (error.code === 'coaching_session_ended' || error.code === 'coaching_session_awaiting_reply') return 'out_of_sync';
  if (isTransientError(error)) return 'transient';
  return 'refused';
}

const secondsUntil = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

/** What ending now would capture, like the server: every started minute, never more than the reservation. */
function costAt(context: Pick<PlaySessionContext, 'startedAt' | 'reservedCredits' | 'creditsPerMinute'>, now: number) {
  if (context.startedAt === null) return 0;
  const seconds = Math.floor(Math.max(0, now - context.startedAt) / 1000);
  return Math.min(context.reservedCredits, sessionPriceCredits(context.creditsPerMinute, seconds));
}

const withTurn = (turns: readonly PlayTurn[], turn: PlayTurn) =>
  turns.some((known) => known.id === turn.id) ? [...turns] : [...turns, turn];

const isoAt = (ms: number) => new Date(ms).toISOString();

const holdsTurn = (session: PlaySession, turnId: string) => session.turns.some((turn) => turn.id === turnId);

const sessionOf = ({ event }: { event: { output: PlaySession } }) => ({ session: event.output });
const answerOf = ({ event }: { event: { output: PlayTurnAnswer } }) => ({ answer: event.output });

/** The session as the server ended it: a turn it never recorded was never said. */
const endedWith = {
  target: '#playSession.ended',
  actions: [
    { type: 'applySession', params: sessionOf },
    { type: 'forgetUnrecordedTurn', params: sessionOf },
  ],
} as const;

const nowOf = ({ event }: { event: { now: number } }) => ({ now: event.now });

/** While playing, each tick moves the clock; the one at the time limit also expires the session. */
const tickOrExpire = [
  { guard: { type: 'isTimeUp', params: nowOf }, target: 'expiring', actions: { type: 'updateClock', params: nowOf } },
  { actions: { type: 'updateClock', params: nowOf } },
] as const;

const missingTransport = () =>
  Promise.reject(new Error('The play-session machine needs a transport: use createPlaySessionMachine(transport).'));

/**
 * End and Abort alike: the call, retried while the server is unreachable; the session as it then is. They answer an
 * ended session as it is, so repeating them after a failure is safe.
 */
const stopping = (src: 'end' | 'abort') =>
  ({
    entry: 'resetAttempts',
    initial: 'calling',
    states: retrying(
      'calling',
      {
        src,
        input: ({ context }: { context: PlaySessionContext }) => ({ sessionId: context.sessionId }),
        onDone: endedWith,
      },
      { orElse: '#playSession.reconnecting', wakeOn: ['CONNECTION.RESTORED'] },
    ),
  }) as const;

/**
 * Connecting (the page opened) and reconnecting (a drop, or a failure whose outcome is unknown) alike: the session as
 * the server has it, retried while it is unreachable, then where it says to go. A turn of ours it awaits is resent,
 * one it already answered is settled, one of another tab's is adopted; at the first connection no turn is ours yet.
 */
const loadingSession = (entry: readonly ('resetAttempts' | 'clearStreaming')[]) =>
  ({
    entry: [...entry],
    initial: 'loading',
    states: retrying(
      'loading',
      {
        src: 'load',
        input: ({ context }: { context: PlaySessionContext }) => ({ sessionId: context.sessionId }),
        onDone: [
          { guard: { type: 'sessionIsOver', params: sessionOf }, ...endedWith },
          {
            guard: { type: 'isVoiceSession', params: sessionOf },
            target: '#playSession.voice',
            actions: { type: 'applySession', params: sessionOf },
          },
          {
            guard: { type: 'pendingTurnNeedsReply', params: sessionOf },
            target: '#playSession.answering',
            actions: { type: 'applySession', params: sessionOf },
          },
          {
            guard: { type: 'serverAwaitsAnotherTurn', params: sessionOf },
            target: '#playSession.failed',
            actions: [
              { type: 'applySession', params: sessionOf },
              { type: 'adoptAwaitingTurn', params: sessionOf },
            ],
          },
          // The server already holds the reply to our turn: it came with the transcript, nothing is resent.
          {
            target: '#playSession.ready',
            actions: [{ type: 'applySession', params: sessionOf }, 'settlePendingTurn'],
          },
        ],
      },
      { orElse: '#playSession.unavailable', wakeOn: ['CONNECTION.RESTORED'] },
    ),
  }) as const;

export const playSessionMachine = setup({
  types: {
    context: {} as PlaySessionContext,
    events: {} as PlaySessionEvent,
    input: {} as PlaySessionInput,
    output: {} as PlaySessionOutput,
  },
  actors: {
    load: fromPromise<PlaySession, { sessionId: string }>(missingTransport),
    sendTurn: fromPromise<PlayTurnAnswer, SendTurnInput>(missingTransport),
    end: fromPromise<PlaySession, { sessionId: string }>(missingTransport),
    abort: fromPromise<PlaySession, { sessionId: string }>(missingTransport),
    voice: voicePlayMachine,
  },
  delays: {
    retryDelay,
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isTimeUp: ({ context }, { now }: { now: number }) => context.endsAt !== null && now >= context.endsAt,
    answerEndsSession: (_, { answer }: { answer: PlayTurnAnswer }) => isTerminalCoachingSessionStatus(answer.status),
    // A delta of a reply given up on (before a retry or a drop) must not leak into the next one.
    isDeltaForPendingTurn: ({ context }, { turnId }: { turnId: string | undefined }) =>
      context.pendingTurn !== null && (turnId === undefined || turnId === context.pendingTurn.id),
    isTurnFailure: (_, { error }: { error: PlayError }) => {
      const kind = failureKind(error);
      return kind === 'reply_failed' || kind === 'refused';
    },
    isTransient: (_, { error }: { error: PlayError }) => failureKind(error) === 'transient',
    canDiscard: ({ context }) => context.pendingTurn !== null && !context.pendingTurn.recorded,
    sessionIsOver: (_, { session }: { session: PlaySession }) => isTerminalCoachingSessionStatus(session.status),
    isVoiceSession: (_, { session }: { session: PlaySession }) => session.mode === 'voice',
    // Either the server awaits this very turn, or it never got it: both are answered by sending the same id.
    pendingTurnNeedsReply: ({ context }, { session }: { session: PlaySession }) => {
      const pending = context.pendingTurn;
      if (pending === null) return false;
      return (
        session.awaiting_reply_to === pending.id ||
        (session.awaiting_reply_to === null && !holdsTurn(session, pending.id))
      );
    },
    serverAwaitsAnotherTurn: (_, { session }: { session: PlaySession }) => session.awaiting_reply_to !== null,
  },
  actions: {
    setDraft: assign((_, { text }: { text: string }) => ({ draft: text })),
    startTurn: assign(({ context }) => {
      const pendingTurn: PendingTurn = { id: context.createTurnId(), text: context.draft.trim(), recorded: false };
      const shown: PlayTurn = { id: pendingTurn.id, role: 'learner', text: pendingTurn.text, at: isoAt(context.now()) };
      return { pendingTurn, turns: [...context.turns, shown], draft: '', streaming: '', error: null };
    }),
    appendDelta: assign(({ context }, { text }: { text: string }) => ({ streaming: context.streaming + text })),
    clearStreaming: assign({ streaming: '' }),
    recordReply: assign(({ context }, { answer }: { answer: PlayTurnAnswer }) => {
      const pending = context.pendingTurn;
      // An outcome marker alone leaves no words to show.
      const turns =
        pending && answer.reply
          ? withTurn(context.turns, {
              id: replyTurnId(pending.id),
              role: 'persona',
              text: answer.reply,
              at: isoAt(context.now()),
            })
          : context.turns;
      return { status: answer.status, turns, pendingTurn: null, streaming: '', error: null };
    }),
    setFailure: assign(({ context }, { error }: { error: PlayError }) => ({
      error,
      streaming: '',
      pendingTurn:
        context.pendingTurn && failureKind(error) === 'reply_failed'
          ? { ...context.pendingTurn, recorded: true }
          : context.pendingTurn,
    })),
    setError: assign((_, { error }: { error: PlayError }) => ({ error })),
    clearError: assign({ error: null }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    // The unsent words come back in front of whatever was typed since.
    discardTurn: assign(({ context }) => {
      const pending = context.pendingTurn;
      if (pending === null) return {};
      return {
        turns: context.turns.filter((turn) => turn.id !== pending.id),
        draft: context.draft ? `${pending.text}\n${context.draft}` : pending.text,
        pendingTurn: null,
        error: null,
      };
    }),
    applySession: assign(({ context }, { session }: { session: PlaySession }) => {
      const now = context.now();
      const startedAt = Date.parse(session.started_at);
      const endsAt = Date.parse(session.ends_at);
      const pending = context.pendingTurn;
      const money = {
        startedAt,
        reservedCredits: session.reserved_credits,
        creditsPerMinute: session.credits_per_minute,
      };
      return {
        ...money,
        session,
        status: session.status,
        turns: mergeTurns(context.turns, session.turns),
        pendingTurn: pending && holdsTurn(session, pending.id) ? { ...pending, recorded: true } : pending,
        endsAt,
        secondsLeft: secondsUntil(endsAt, now),
        // Once ended the server's figure is what was captured; while playing it is computed like every tick's.
        costSoFar: isTerminalCoachingSessionStatus(session.status) ? session.cost_credits : costAt(money, now),
        error: null,
        attempts: 0,
      };
    }),
    // The session is over: a turn the server never recorded was never said.
    forgetUnrecordedTurn: assign(({ context }, { session }: { session: PlaySession }) => {
      const pending = context.pendingTurn;
      const turns =
        pending && !holdsTurn(session, pending.id)
          ? context.turns.filter((turn) => turn.id !== pending.id)
          : context.turns;
      return { turns, pendingTurn: null, streaming: '' };
    }),
    settlePendingTurn: assign({ pendingTurn: null }),
    // Another tab (or this page before a reload) left a turn unanswered: the server refuses any other until it is.
    adoptAwaitingTurn: assign(({ context }, { session }: { session: PlaySession }) => {
      const awaitedId = session.awaiting_reply_to ?? '';
      const ours = context.pendingTurn;
      const unsent = ours && !holdsTurn(session, ours.id) ? ours : null;
      const awaited = session.turns.find((turn) => turn.id === awaitedId);
      return {
        pendingTurn: { id: awaitedId, text: awaited?.text ?? '', recorded: true },
        turns: unsent ? context.turns.filter((turn) => turn.id !== unsent.id) : context.turns,
        draft: unsent ? (context.draft ? `${unsent.text}\n${context.draft}` : unsent.text) : context.draft,
        error: { code: 'coaching_session_awaiting_reply', message: null, status: null },
      };
    }),
    // The voice screen's transcript becomes the session's, as the text screen's turns are.
    applyVoiceEnding: assign(({ context }, { output }: { output: VoicePlayOutput }) => ({
      status: output.status ?? context.status,
      turns: output.lines
        .filter((line) => line.final)
        .map((line) => ({ id: line.id, role: line.role, text: line.text, at: isoAt(context.now()) })),
    })),
    updateClock: assign(({ context }, { now }: { now: number }) => ({
      secondsLeft: context.endsAt === null ? null : secondsUntil(context.endsAt, now),
      costSoFar: costAt(context, now),
    })),
  },
}).createMachine({
  id: 'playSession',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    now: input.now ?? (() => Date.now()),
    createTurnId: input.createTurnId ?? (() => crypto.randomUUID()),
    session: null,
    status: null,
    turns: [],
    pendingTurn: null,
    draft: '',
    streaming: '',
    error: null,
    startedAt: null,
    endsAt: null,
    secondsLeft: null,
    reservedCredits: 0,
    creditsPerMinute: 0,
    costSoFar: 0,
    attempts: 0,
  }),
  output: ({ context }) => ({ status: context.status, error: context.error }),
  initial: 'connecting',
  on: {
    TYPE: { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
    TICK: { actions: { type: 'updateClock', params: nowOf } },
  },
  states: {
    connecting: loadingSession(['resetAttempts']),
    ready: {
      on: {
        SEND: { guard: 'hasDraft', target: 'answering', actions: 'startTurn' },
        TICK: tickOrExpire,
        END: 'ending',
        ABORT: 'aborting',
        'CONNECTION.LOST': 'reconnecting',
      },
    },
    answering: {
      entry: 'clearStreaming',
      invoke: {
        src: 'sendTurn',
        input: ({ context, self }) => {
          const pending = context.pendingTurn;
          if (pending === null) throw new Error('answering needs a pending turn');
          return {
            sessionId: context.sessionId,
            turn: { turn_id: pending.id, text: pending.text },
            onDelta: (text: string) => self.send({ type: 'REPLY.DELTA', text, turnId: pending.id }),
          };
        },
        onDone: [
          {
            guard: { type: 'answerEndsSession', params: answerOf },
            target: 'ended',
            actions: { type: 'recordReply', params: answerOf },
          },
          { target: 'ready', actions: { type: 'recordReply', params: answerOf } },
        ],
        onError: [
          {
            guard: { type: 'isTurnFailure', params: errorOf },
            target: 'failed',
            actions: { type: 'setFailure', params: errorOf },
          },
          // Whether the turn arrived is unknown: the reloaded session says whether to resend it.
          { target: 'reconnecting', actions: { type: 'setError', params: errorOf } },
        ],
      },
      on: {
        'REPLY.DELTA': {
          guard: { type: 'isDeltaForPendingTurn', params: ({ event }) => ({ turnId: event.turnId }) },
          actions: { type: 'appendDelta', params: ({ event }) => ({ text: event.text }) },
        },
        END: 'ending',
        ABORT: 'aborting',
        'CONNECTION.LOST': 'reconnecting',
      },
    },
    failed: {
      on: {
        RETRY: { target: 'answering', actions: 'clearError' },
        DISCARD: { guard: 'canDiscard', target: 'ready', actions: 'discardTurn' },
        TICK: tickOrExpire,
        END: 'ending',
        ABORT: 'aborting',
        'CONNECTION.LOST': 'reconnecting',
      },
    },
    /** A voice-mode session: the live voice screen, until its outcome; the clock, End and Abort as in text. */
    voice: {
      invoke: {
        id: 'voice',
        src: 'voice',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          turns: context.turns,
          createTurnId: context.createTurnId,
        }),
        onDone: {
          target: 'ended',
          actions: { type: 'applyVoiceEnding', params: ({ event }) => ({ output: event.output }) },
        },
      },
      on: {
        TICK: tickOrExpire,
        END: 'ending',
        ABORT: 'aborting',
        // The browser's network: the voice reconnects over its socket.
        'CONNECTION.LOST': { actions: sendTo('voice', { type: 'CONNECTION.LOST' }) },
        'CONNECTION.RESTORED': { actions: sendTo('voice', { type: 'CONNECTION.RESTORED' }) },
      },
    },
    reconnecting: loadingSession(['resetAttempts', 'clearStreaming']),
    // The server ends a session at its time limit only when asked something: reading it may already show `end`,
    // else End, sent after the deadline, records the time limit.
    expiring: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          { guard: { type: 'sessionIsOver', params: sessionOf }, ...endedWith },
          { target: 'ending', actions: { type: 'applySession', params: sessionOf } },
        ],
        onError: { target: 'reconnecting', actions: { type: 'setError', params: errorOf } },
      },
    },
    ending: stopping('end'),
    aborting: stopping('abort'),
    ended: { type: 'final' },
    /** The session cannot be read (deleted, not the caller's): nothing here can change that. */
    unavailable: { type: 'final' },
  },
});

/** The transport as the machine's actors; the signal cancels a request the machine no longer waits for. */
export const playSessionActors = (transport: PlaySessionTransport) => ({
  load: fromPromise<PlaySession, { sessionId: string }>(({ input, signal }) =>
    transport.load(input.sessionId, { signal }),
  ),
  sendTurn: fromPromise<PlayTurnAnswer, SendTurnInput>(({ input, signal }) =>
    transport.sendTurn(input.sessionId, input.turn, { signal, onDelta: input.onDelta }),
  ),
  end: fromPromise<PlaySession, { sessionId: string }>(({ input }) => transport.end(input.sessionId)),
  abort: fromPromise<PlaySession, { sessionId: string }>(({ input }) => transport.abort(input.sessionId)),
});

/** `voice`: the gateway's voice and the browser's audio, for voice-mode sessions (the session loads over `transport`). */
export const createPlaySessionMachine = (transport: PlaySessionTransport, voice?: Omit<VoicePlayDeps, 'load'>) =>
  playSessionMachine.provide({
    actors: {
      ...playSessionActors(transport),
      ...(voice ? { voice: createVoicePlayMachine({ ...voice, load: transport.load }) } : {}),
    },
  });

export type PlaySessionMachine = typeof playSessionMachine;
export type PlaySessionActorRef = ActorRefFrom<PlaySessionMachine>;
