import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, waitFor } from 'xstate';
import { createPlaySessionMachine, failureKind, mergeTurns, replyTurnId } from './play-session.machine';
import type { OutgoingTurn, PlaySession, PlaySessionTransport, PlayTurn, PlayTurnAnswer } from './play-types';
import { toPlayError } from './retry';
import { deferred } from './voice-play.fakes';

const STARTED = Date.UTC(2026, 0, 1, 10, 0, 0);
const ENDS = STARTED + 10 * 60_000;
const NOW = STARTED + 30_000;

const GREETING: PlayTurn = {
  id: 'greeting',
  role: 'persona',
  text: 'Hello, how can I help?',
  at: '2026-01-01T10:00:00Z',
};
const learner = (id: string, text: string): PlayTurn => ({ id, role: 'learner', text, at: '2026-01-01T10:01:00Z' });
const persona = (replyTo: string, text: string): PlayTurn => ({
  id: replyTurnId(replyTo),
  role: 'persona',
  text,
  at: '2026-01-01T10:01:05Z',
});

function session(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    id: 'session-1',
    scenario_id: 'scenario-1',
    status: 'in-progress',
    cost_credits: 3,
    started_at: new Date(STARTED).toISOString(),
    name: 'Negotiation',
    organization_id: 'org-1',
    user_id: 'user-1',
    guest_name: null,
    persona_id: 'persona-1',
    mission_id: 'mission-1',
    model_id: 'model-1',
    language: 'en-GB',
    mode: 'text',
    time_limit_seconds: 600,
    turn_limit: null,
    ends_at: new Date(ENDS).toISOString(),
    credits_per_minute: 3,
    reserved_credits: 30,
    end_reason: null,
    awaiting_reply_to: null,
    turns: [GREETING],
    mission_goal: 'Get a discount',
    persona_name: 'Margaret Hughes',
    voice_latency: null,
    scripted: false,
    voice_settings: null,
    ...overrides,
  };
}

/** Errors shaped like the HTTP client's `ApiError`. */
const apiError = (status: number, code: string, message = code) => Object.assign(new Error(message), { status, code });
const REPLY_FAILED = apiError(503, 'coaching_session_reply_failed', 'The persona did not answer.');
const NETWORK = apiError(0, 'network_error');

type SendTurnOptions = { signal: AbortSignal; onDelta: (text: string) => void };

function arrange(fakes: Partial<PlaySessionTransport> = {}, clock?: SimulatedClock) {
  const transport = {
    load: vi.fn<PlaySessionTransport['load']>(fakes.load ?? (async () => session())),
    sendTurn: vi.fn<PlaySessionTransport['sendTurn']>(
      fakes.sendTurn ?? (async () => ({ reply: 'Sure.', status: 'in-progress' })),
    ),
    end: vi.fn<PlaySessionTransport['end']>(fakes.end ?? (async () => session({ status: 'end' }))),
    abort: vi.fn<PlaySessionTransport['abort']>(fakes.abort ?? (async () => session({ status: 'abort' }))),
  };
  let ids = 0;
  const actor = createActor(createPlaySessionMachine(transport), {
    input: { sessionId: 'session-1', now: () => NOW, createTurnId: () => `turn-${++ids}` },
    ...(clock ? { clock } : {}),
  });
  actor.start();
  return { actor, transport };
}

type Actor = ReturnType<typeof arrange>['actor'];
const settled = (actor: Actor, state: 'ready' | 'answering' | 'failed' | 'ended' | 'unavailable' | 'reconnecting') =>
  waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });

const say = (actor: Actor, text: string) => {
  actor.send({ type: 'TYPE', text });
  actor.send({ type: 'SEND' });
};

const sentTurns = (transport: ReturnType<typeof arrange>['transport']) =>
  transport.sendTurn.mock.calls.map(([, turn]) => turn);

const turnIds = (actor: Actor) => actor.getSnapshot().context.turns.map((turn) => turn.id);

describe('connecting', () => {
  it('loads the session, then the learner may type, with the clock and the cost so far', async () => {
    const { actor, transport } = arrange();
    expect(actor.getSnapshot().matches('connecting')).toBe(true);

    await settled(actor, 'ready');
    const { context } = actor.getSnapshot();
    expect(transport.load).toHaveBeenCalledWith('session-1', expect.objectContaining({ signal: expect.any(Object) }));
    expect(context.turns).toEqual([GREETING]);
    expect(context.status).toBe('in-progress');
    expect(context.session?.mission_goal).toBe('Get a discount');
    expect(context.secondsLeft).toBe(570);
    // 30 seconds in: the first minute is started.
    expect(context.costSoFar).toBe(3);
    expect(context.reservedCredits).toBe(30);
    expect(context.creditsPerMinute).toBe(3);
  });

  it('goes straight to ended when the session is already over', async () => {
    const { actor } = arrange({ load: async () => session({ status: 'win', cost_credits: 6 }) });
    await settled(actor, 'ended');
    expect(actor.getSnapshot().output).toEqual({ status: 'win', error: null });
    expect(actor.getSnapshot().context.costSoFar).toBe(6);
  });

  it('offers to resend a turn the server still awaits a reply to (a reload after a failed reply)', async () => {
    const { actor, transport } = arrange({
      load: async () => session({ turns: [GREETING, learner('old', 'Any discount?')], awaiting_reply_to: 'old' }),
    });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.pendingTurn).toEqual({ id: 'old', text: 'Any discount?', recorded: true });
    expect(actor.getSnapshot().can({ type: 'DISCARD' })).toBe(false);

    actor.send({ type: 'RETRY' });
    await settled(actor, 'ready');
    expect(sentTurns(transport)).toEqual([{ turn_id: 'old', text: 'Any discount?' }]);
  });

  it('loads again by itself after a growing wait while the server cannot be reached', async () => {
    const load = vi
      .fn<PlaySessionTransport['load']>()
      .mockRejectedValueOnce(NETWORK)
      .mockRejectedValueOnce(NETWORK)
      .mockResolvedValue(session());
    const clock = new SimulatedClock();
    const { actor } = arrange({ load }, clock);
    const waiting = () => waitFor(actor, (snapshot) => snapshot.matches({ connecting: 'waiting' }));

    await waiting();
    clock.increment(1000);
    await waitFor(actor, () => load.mock.calls.length === 2);
    await waiting();
    clock.increment(1999);
    expect(load).toHaveBeenCalledTimes(2);
    clock.increment(1);
    await settled(actor, 'ready');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads again when the connection comes back after a failed load', async () => {
    const load = vi.fn<PlaySessionTransport['load']>().mockRejectedValueOnce(NETWORK).mockResolvedValue(session());
    const { actor } = arrange({ load });
    await waitFor(actor, (snapshot) => snapshot.matches({ connecting: 'waiting' }));
    expect(actor.getSnapshot().context.error?.code).toBe('network_error');

    actor.send({ type: 'CONNECTION.RESTORED' });
    await settled(actor, 'ready');
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('gives up on a session the server refuses to show', async () => {
    const { actor } = arrange({ load: () => Promise.reject(apiError(404, 'coaching_session_not_found')) });
    await settled(actor, 'unavailable');
    expect(actor.getSnapshot().output?.error?.code).toBe('coaching_session_not_found');
  });
});

describe('playing', () => {
  it('shows the learner turn at once, then the reply, and ends on a win', async () => {
    const reply = deferred<PlayTurnAnswer>();
    const { actor, transport } = arrange({ sendTurn: () => reply.promise });
    await settled(actor, 'ready');

    say(actor, '  Could you do 10% off?  ');
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(actor.getSnapshot().context.turns.at(-1)).toMatchObject({
      id: 'turn-1',
      role: 'learner',
      text: 'Could you do 10% off?',
    });
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(sentTurns(transport)).toEqual([{ turn_id: 'turn-1', text: 'Could you do 10% off?' }]);

    reply.resolve({ reply: 'Deal.', status: 'win' });
    await settled(actor, 'ended');
    const snapshot = actor.getSnapshot();
    expect(snapshot.output).toEqual({ status: 'win', error: null });
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
    expect(snapshot.context.turns.at(-1)).toMatchObject({ role: 'persona', text: 'Deal.' });
    expect(snapshot.context.pendingTurn).toBeNull();
  });

  it('goes back to ready after a reply that does not end the session, and sends the next turn under a new id', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    say(actor, 'First');
    await settled(actor, 'ready');
    say(actor, 'Second');
    await settled(actor, 'ready');
    expect(sentTurns(transport).map((turn) => turn.turn_id)).toEqual(['turn-1', 'turn-2']);
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1', 'turn-2', 'reply-turn-2']);
  });

  it('sends nothing for an empty draft', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    say(actor, '   ');
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(transport.sendTurn).not.toHaveBeenCalled();
  });

  it('records no empty persona turn when the reply was only an outcome marker', async () => {
    const { actor } = arrange({ sendTurn: async () => ({ reply: '', status: 'loose' }) });
    await settled(actor, 'ready');
    say(actor, 'Take it or leave it');
    await settled(actor, 'ended');
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1']);
    expect(actor.getSnapshot().context.status).toBe('loose');
  });

  it('streams the reply into a draft of its own, ignoring deltas of another turn, until the whole reply arrives', async () => {
    const reply = deferred<PlayTurnAnswer>();
    let onDelta: ((text: string) => void) | undefined;
    const { actor } = arrange({
      sendTurn: (_id: string, _turn: OutgoingTurn, options: SendTurnOptions) => {
        onDelta = options.onDelta;
        return reply.promise;
      },
    });
    await settled(actor, 'ready');
    say(actor, 'Hi');

    onDelta?.('Hel');
    onDelta?.('lo');
    actor.send({ type: 'REPLY.DELTA', text: ' there', turnId: 'turn-1' });
    actor.send({ type: 'REPLY.DELTA', text: 'stale', turnId: 'turn-0' });
    expect(actor.getSnapshot().context.streaming).toBe('Hello there');

    reply.resolve({ reply: 'Hello there!', status: 'in-progress' });
    await settled(actor, 'ready');
    expect(actor.getSnapshot().context.streaming).toBe('');
    expect(actor.getSnapshot().context.turns.at(-1)?.text).toBe('Hello there!');
  });
});

describe('a failed reply', () => {
  it('is resent under the same turn id, exactly once more, on RETRY', async () => {
    const sendTurn = vi
      .fn<PlaySessionTransport['sendTurn']>()
      .mockRejectedValueOnce(REPLY_FAILED)
      .mockResolvedValue({ reply: 'Sorry, I was away.', status: 'in-progress' });
    const { actor } = arrange({ sendTurn });
    await settled(actor, 'ready');
    say(actor, 'Hello?');

    await settled(actor, 'failed');
    const failed = actor.getSnapshot();
    expect(failed.context.error).toEqual({
      code: 'coaching_session_reply_failed',
      message: 'The persona did not answer.',
      status: 503,
    });
    expect(failed.context.pendingTurn).toEqual({ id: 'turn-1', text: 'Hello?', recorded: true });
    // The server holds the turn and refuses any other until it is answered.
    expect(failed.can({ type: 'DISCARD' })).toBe(false);
    expect(failed.can({ type: 'SEND' })).toBe(false);

    actor.send({ type: 'RETRY' });
    await settled(actor, 'ready');
    expect(sendTurn).toHaveBeenCalledTimes(2);
    expect(sendTurn.mock.calls.map(([, turn]) => turn)).toEqual([
      { turn_id: 'turn-1', text: 'Hello?' },
      { turn_id: 'turn-1', text: 'Hello?' },
    ]);
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps what the learner typed meanwhile', async () => {
    const reply = deferred<PlayTurnAnswer>();
    const { actor } = arrange({ sendTurn: () => reply.promise });
    await settled(actor, 'ready');
    say(actor, 'Hello?');
    actor.send({ type: 'TYPE', text: 'And another thing' });

    reply.reject(REPLY_FAILED);
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.draft).toBe('And another thing');

    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.draft).toBe('And another thing');
  });

  it('can be discarded when the server refused the turn, and its words come back into the draft', async () => {
    const { actor } = arrange({ sendTurn: () => Promise.reject(apiError(429, 'rate_limited')) });
    await settled(actor, 'ready');
    say(actor, 'Too fast');
    await settled(actor, 'failed');
    actor.send({ type: 'TYPE', text: 'and more' });

    actor.send({ type: 'DISCARD' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(turnIds(actor)).toEqual(['greeting']);
    expect(context.draft).toBe('Too fast\nand more');
    expect(context.pendingTurn).toBeNull();
    expect(context.error).toBeNull();
  });
});

describe('a dropped connection', () => {
  it('takes the reply the server already has, without resending or doubling a turn', async () => {
    const { actor, transport } = arrange({ sendTurn: () => new Promise<PlayTurnAnswer>(() => {}) });
    await settled(actor, 'ready');
    say(actor, 'Ten percent?');
    transport.load.mockResolvedValue(
      session({ turns: [GREETING, learner('turn-1', 'Ten percent?'), persona('turn-1', 'Five.')] }),
    );

    actor.send({ type: 'CONNECTION.LOST' });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    await settled(actor, 'ready');

    expect(transport.sendTurn).toHaveBeenCalledTimes(1);
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
    expect(actor.getSnapshot().context.turns.at(-1)?.text).toBe('Five.');
    expect(actor.getSnapshot().context.pendingTurn).toBeNull();
  });

  it('resends the same turn id when the server awaits its reply', async () => {
    const sendTurn = vi
      .fn<PlaySessionTransport['sendTurn']>()
      .mockRejectedValueOnce(NETWORK)
      .mockResolvedValue({ reply: 'Five percent.', status: 'in-progress' });
    const { actor, transport } = arrange({ sendTurn });
    await settled(actor, 'ready');
    transport.load.mockResolvedValue(
      session({ turns: [GREETING, learner('turn-1', 'Ten percent?')], awaiting_reply_to: 'turn-1' }),
    );

    say(actor, 'Ten percent?');
    await waitFor(actor, () => sendTurn.mock.calls.length === 2);
    await settled(actor, 'ready');

    expect(transport.load).toHaveBeenCalledTimes(2);
    expect(sendTurn.mock.calls.map(([, turn]) => turn.turn_id)).toEqual(['turn-1', 'turn-1']);
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
  });

  it('resends the same turn id when the turn never reached the server, keeping the draft', async () => {
    const sendTurn = vi
      .fn<PlaySessionTransport['sendTurn']>()
      .mockRejectedValueOnce(apiError(502, 'http_502'))
      .mockResolvedValue({ reply: 'Hi.', status: 'in-progress' });
    const load = vi
      .fn<PlaySessionTransport['load']>()
      .mockResolvedValueOnce(session())
      .mockRejectedValueOnce(NETWORK)
      .mockResolvedValue(session());
    const { actor } = arrange({ sendTurn, load });
    await settled(actor, 'ready');
    say(actor, 'Hello');
    actor.send({ type: 'TYPE', text: 'half a thought' });

    await waitFor(actor, (snapshot) => snapshot.matches({ reconnecting: 'waiting' }));
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1']);
    actor.send({ type: 'CONNECTION.RESTORED' });
    await waitFor(actor, () => sendTurn.mock.calls.length === 2);
    await settled(actor, 'ready');

    expect(sendTurn.mock.calls.map(([, turn]) => turn.turn_id)).toEqual(['turn-1', 'turn-1']);
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
    expect(actor.getSnapshot().context.draft).toBe('half a thought');
  });

  it('reloads when the session ended meanwhile, forgetting a turn the server never recorded', async () => {
    const { actor, transport } = arrange({
      sendTurn: () => Promise.reject(apiError(409, 'coaching_session_ended')),
    });
    await settled(actor, 'ready');
    transport.load.mockResolvedValue(session({ status: 'end', end_reason: 'time_limit' }));
    say(actor, 'Still there?');

    await settled(actor, 'ended');
    expect(turnIds(actor)).toEqual(['greeting']);
    expect(actor.getSnapshot().output?.status).toBe('end');
  });
});

describe('ending', () => {
  it('aborts while the persona is answering', async () => {
    const { actor, transport } = arrange({ sendTurn: () => new Promise<PlayTurnAnswer>(() => {}) });
    await settled(actor, 'ready');
    transport.abort.mockResolvedValue(
      session({
        status: 'abort',
        cost_credits: 3,
        turns: [GREETING, learner('turn-1', 'Bye')],
        awaiting_reply_to: null,
      }),
    );
    say(actor, 'Bye');

    actor.send({ type: 'ABORT' });
    expect(actor.getSnapshot().matches('aborting')).toBe(true);
    await settled(actor, 'ended');
    expect(transport.abort).toHaveBeenCalledExactlyOnceWith('session-1');
    expect(actor.getSnapshot().output).toEqual({ status: 'abort', error: null });
    expect(actor.getSnapshot().context.pendingTurn).toBeNull();
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1']);
  });

  it('ends on the learner’s End', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    actor.send({ type: 'END' });
    await settled(actor, 'ended');
    expect(transport.end).toHaveBeenCalledExactlyOnceWith('session-1');
    expect(actor.getSnapshot().output?.status).toBe('end');
  });

  it('retries an abort the network lost, since an ended session answers as it is', async () => {
    const abort = vi.fn<PlaySessionTransport['abort']>().mockRejectedValueOnce(NETWORK);
    abort.mockResolvedValue(session({ status: 'abort' }));
    const { actor } = arrange({ abort });
    await settled(actor, 'ready');
    actor.send({ type: 'ABORT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ aborting: 'waiting' }));
    actor.send({ type: 'CONNECTION.RESTORED' });
    await settled(actor, 'ended');
    expect(abort).toHaveBeenCalledTimes(2);
  });
});

describe('the clock', () => {
  it('counts down and charges every started minute, never past the reservation', async () => {
    const { actor } = arrange();
    await settled(actor, 'ready');

    actor.send({ type: 'TICK', now: STARTED + 61_000 });
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 539, costSoFar: 6 });

    actor.send({ type: 'TICK', now: STARTED + 9 * 60_000 + 59_500 });
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 1, costSoFar: 30 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('reloads the session at zero and shows the end', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    transport.load.mockResolvedValue(session({ status: 'end', end_reason: 'time_limit', cost_credits: 30 }));

    actor.send({ type: 'TICK', now: ENDS });
    expect(actor.getSnapshot().matches('expiring')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    await settled(actor, 'ended');
    expect(transport.load).toHaveBeenCalledTimes(2);
    expect(transport.end).not.toHaveBeenCalled();
    expect(actor.getSnapshot().output?.status).toBe('end');
    expect(actor.getSnapshot().context.costSoFar).toBe(30);
  });

  it('asks the server to end a session it still shows as playing at zero', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    actor.send({ type: 'TICK', now: ENDS + 1000 });
    await settled(actor, 'ended');
    expect(transport.end).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().output?.status).toBe('end');
  });

  it('lets an answer in flight at zero bring the end itself', async () => {
    const reply = deferred<PlayTurnAnswer>();
    const { actor, transport } = arrange({ sendTurn: () => reply.promise });
    await settled(actor, 'ready');
    say(actor, 'Last words');
    actor.send({ type: 'TICK', now: ENDS });
    expect(actor.getSnapshot().matches('answering')).toBe(true);

    reply.resolve({ reply: '', status: 'end' });
    await settled(actor, 'ended');
    expect(transport.load).toHaveBeenCalledTimes(1);
  });
});

describe('mergeTurns', () => {
  it('keeps one turn per id, in the server’s order, then the turns the server does not know yet', () => {
    const known = [GREETING, learner('turn-1', 'optimistic'), persona('turn-1', 'Five.'), learner('turn-2', 'Next')];
    const loaded = [GREETING, learner('turn-1', 'as recorded'), persona('turn-1', 'Five.'), persona('turn-1', 'Five.')];
    const merged = mergeTurns(known, loaded);
    expect(merged.map((turn) => turn.id)).toEqual(['greeting', 'turn-1', 'reply-turn-1', 'turn-2']);
    expect(merged[1]?.text).toBe('as recorded');
  });

  it('gives no duplicate after two reconnections that reload the same transcript', async () => {
    const { actor, transport } = arrange();
    await settled(actor, 'ready');
    say(actor, 'Hi');
    await settled(actor, 'ready');
    transport.load.mockResolvedValue(
      session({ turns: [GREETING, learner('turn-1', 'Hi'), persona('turn-1', 'Sure.')] }),
    );

    for (let drop = 0; drop < 2; drop += 1) {
      actor.send({ type: 'CONNECTION.LOST' });
      await settled(actor, 'ready');
    }
    expect(turnIds(actor)).toEqual(['greeting', 'turn-1', 'reply-turn-1']);
  });
});

describe('failureKind', () => {
  it.each([
    [REPLY_FAILED, 'reply_failed'],
    [apiError(409, 'coaching_session_awaiting_reply'), 'out_of_sync'],
    [apiError(409, 'coaching_session_ended'), 'out_of_sync'],
    [NETWORK, 'transient'],
    [apiError(500, 'internal_error'), 'transient'],
    [apiError(400, 'coaching_session_turn_empty'), 'refused'],
    [new Error('bug'), 'refused'],
  ])('classifies %s', (error, kind) => {
    expect(failureKind(toPlayError(error))).toBe(kind);
  });
});
