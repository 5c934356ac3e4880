import type { VoiceStartAnswer, VoiceTextAnswer } from '@ai-coaching/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPlaySessionMachine, type PlaySession, type PlaySessionTransport } from './play-session.machine';
import {
  createVoicePlayMachine,
  type VoiceCapture,
  type VoiceDevices,
  type VoiceGatewayEvent,
  type VoicePlayer,
  type VoicePlayActorRef,
  type VoiceTransport,
} from './voice-play.machine';

const SESSION = 'session-1';
const GREETING = {
  id: 'greeting',
  role: 'persona' as const,
  text: 'Hello, how can I help?',
  at: '2026-01-01T10:00:00Z',
};

const startAnswer = (capabilities: Partial<VoiceStartAnswer['capabilities']> = {}): VoiceStartAnswer => ({
  session_id: SESSION,
  protocol_version: 1,
  input: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, frame_ms: 20 },
  output: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, max_chunk_ms: 100 },
  capabilities: {
    recognition: 'push_to_talk',
    turn_detection: 'manual',
    audio_in: false,
    barge_in: true,
    transcripts: true,
    ...capabilities,
  },
  status: 'in-progress',
  speaking: null,
  recording: false,
});
/** A realtime provider: it hears the microphone and finds the end of turns itself. */
const REALTIME = { recognition: 'audio', turn_detection: 'voice_activity', audio_in: true } as const;
/** The same provider when the learner holds a key to talk. */
const MANUAL_AUDIO = { recognition: 'audio', turn_detection: 'manual', audio_in: true } as const;

const session = (overrides: Partial<PlaySession> = {}): PlaySession =>
  ({
    id: SESSION,
    scenario_id: 'scenario-1',
    status: 'in-progress',
    cost_credits: 0,
    started_at: '2026-01-01T10:00:00Z',
    name: 'Spoken call',
    organization_id: 'org-1',
    user_id: 'user-1',
    guest_name: null,
    persona_id: 'persona-1',
    mission_id: null,
    model_id: 'model-1',
    language: 'en-GB',
    mode: 'voice',
    time_limit_seconds: 600,
    turn_limit: null,
    ends_at: '2026-01-01T10:10:00Z',
    credits_per_minute: 0,
    reserved_credits: 0,
    end_reason: null,
    awaiting_reply_to: null,
    turns: [GREETING],
    mission_goal: null,
    persona_name: 'Margaret Hughes',
    ...overrides,
  }) as PlaySession;

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const networkError = () => Object.assign(new Error('lost'), { status: 0, code: 'network_error' });
/** `ms` of the persona's voice at 24 kHz. */
const pcm = (ms: number) => new Int16Array(24 * ms).fill(1000);
const frame = () => new Int16Array(480).fill(300);

type Fakes = {
  start?: VoiceTransport['start'];
  sendText?: VoiceTransport['sendText'];
  load?: PlaySessionTransport['load'];
  openCapture?: VoiceDevices['openCapture'];
};

/** The voice machine over a fake gateway and fake audio devices, with what they were asked. */
function arrange(fakes: Fakes = {}) {
  let gateway: ((event: VoiceGatewayEvent) => void) | null = null;
  let captured: Parameters<VoiceDevices['openCapture']>[0] | null = null;
  let playedBy: ((played: Record<string, number>) => void) | null = null;
  let heard: Record<string, number> = {};
  const capture = { setMuted: vi.fn<VoiceCapture['setMuted']>(), stop: vi.fn(async () => undefined) };
  const player = {
    play: vi.fn<VoicePlayer['play']>(),
    drain: vi.fn(),
    flush: vi.fn(async () => heard),
    isSuspended: () => false,
    resume: async () => undefined,
    close: vi.fn(async () => undefined),
  };
  const transport = {
    listen: vi.fn<VoiceTransport['listen']>((_, onEvent) => {
      gateway = onEvent;
      return () => {
        gateway = null;
      };
    }),
    start: vi.fn<VoiceTransport['start']>(fakes.start ?? (async () => startAnswer())),
    sendText: vi.fn<VoiceTransport['sendText']>(
      fakes.sendText ??
        (async (_, turn) => ({ reply: 'Sure.', status: 'in-progress', response_id: `reply-${turn.turn_id}` })),
    ),
    sendAudio: vi.fn<VoiceTransport['sendAudio']>(),
    commit: vi.fn<VoiceTransport['commit']>(),
    reportPlayback: vi.fn<VoiceTransport['reportPlayback']>(),
    stop: vi.fn<VoiceTransport['stop']>(),
  };
  const devices: VoiceDevices = {
    openCapture:
      fakes.openCapture ??
      (async (listeners) => {
        captured = listeners;
        return capture;
      }),
    openPlayback: async ({ onPlayed }) => {
      playedBy = onPlayed;
      return player;
    },
  };
  const load = vi.fn<PlaySessionTransport['load']>(fakes.load ?? (async () => session()));
  let ids = 0;
  const actor = createActor(createVoicePlayMachine({ transport, devices, load }), {
    input: { sessionId: SESSION, turns: [GREETING], createTurnId: () => `turn-${++ids}` },
  });
  actor.start();
  const from = (event: VoiceGatewayEvent) => {
    if (!gateway) throw new Error('nobody listens to the gateway');
    gateway(event);
  };
  return {
    actor,
    transport,
    capture,
    player,
    load,
    /** The gateway sends this. */
    from,
    audio: (responseId: string, seq: number, ms: number, turnId = responseId.replace('reply-', '')) =>
      from({
        type: 'gateway.audio',
        header: { session_id: SESSION, response_id: responseId, turn_id: turnId, seq, sample_rate: 24_000 },
        pcm: pcm(ms),
      }),
    done: (responseId: string, status: 'completed' | 'cancelled' = 'completed') =>
      from({
        type: 'gateway.responseDone',
        done: { session_id: SESSION, response_id: responseId, turn_id: responseId, status, chunks: 1 },
      }),
    transcript: (turnId: string, role: 'learner' | 'persona', text: string, final: boolean) =>
      from({ type: 'gateway.transcript', transcript: { session_id: SESSION, turn_id: turnId, role, text, final } }),
    /** The playback worklet says how much it has played. */
    played: (played: Record<string, number>) => {
      heard = played;
      playedBy?.(played);
    },
    /** The microphone hands over a 20 ms frame. */
    speak: () => captured?.onFrame(frame()),
  };
}

type Arranged = ReturnType<typeof arrange>;
type Snapshot = ReturnType<Arranged['actor']['getSnapshot']>;
const inState = (actor: Arranged['actor'], state: Parameters<Snapshot['matches']>[0]) =>
  waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });
const live = async (arranged: Arranged) => {
  await inState(arranged.actor, { active: { session: 'live', microphone: { on: 'open' } } });
  return arranged;
};
const lines = (arranged: Arranged) =>
  arranged.actor.getSnapshot().context.lines.map(({ role, text, final }) => [role, text, final]);
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('voice play: connecting', () => {
  it('given a voice session, when voice.start answers, then the screen listens with the microphone open', async () => {
    const arranged = await live(arrange());
    const { context } = arranged.actor.getSnapshot();
    expect(arranged.transport.start).toHaveBeenCalledWith(
      SESSION,
      expect.objectContaining({ signal: expect.any(Object) }),
    );
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
    expect(context.answer?.capabilities.recognition).toBe('push_to_talk');
    // A provider that needs voice.commit has no hands-free mode.
    expect(context.inputMode).toBe('push_to_talk');
    expect(lines(arranged)).toEqual([['persona', 'Hello, how can I help?', true]]);
    // The organization does not record voice sessions: nothing says so.
    expect(context.recording).toBe(false);
  });

  it('given an unreachable gateway, when it answers at last, then the voice opens', async () => {
    let calls = 0;
    const arranged = arrange({
      start: async () => {
        calls += 1;
        if (calls === 1) throw networkError();
        return startAnswer();
      },
    });
    await inState(arranged.actor, { active: { session: { connecting: 'waiting' } } });
    arranged.from({ type: 'gateway.connected' });
    await live(arranged);
    expect(arranged.transport.start).toHaveBeenCalledTimes(2);
  });

  it('given a session that is not in voice mode, when voice.start is refused, then the error says why', async () => {
    const refused = Object.assign(new Error('Not a voice session.'), {
      status: 409,
      code: 'coaching_session_not_voice',
    });
    const arranged = arrange({ start: () => Promise.reject(refused) });
    await inState(arranged.actor, { active: { session: 'failed' } });
    expect(arranged.actor.getSnapshot().context.error).toEqual({
      code: 'coaching_session_not_voice',
      message: 'Not a voice session.',
      status: 409,
    });
  });
});

describe('voice play: a typed push-to-talk turn', () => {
  it('given the built-in voice, when the learner sends a turn, then the persona speaks it sentence by sentence and the transcript ends with the recorded text', async () => {
    const answer = deferred<VoiceTextAnswer>();
    const arranged = await live(arrange({ sendText: () => answer.promise }));
    const { actor } = arranged;
    actor.send({ type: 'user.type', text: 'What do you think of our offer?' });
    actor.send({ type: 'user.send' });
    expect(arranged.transport.sendText).toHaveBeenCalledWith(
      SESSION,
      { turn_id: 'turn-1', text: 'What do you think of our offer?' },
      expect.anything(),
    );
    expect(lines(arranged).at(-1)).toEqual(['learner', 'What do you think of our offer?', false]);

    arranged.transcript('turn-1', 'learner', 'What do you think of our offer?', true);
    arranged.transcript('reply-turn-1', 'persona', 'It is a fair start.', false);
    arranged.audio('reply-turn-1', 0, 100);
    arranged.audio('reply-turn-1', 1, 100);
    arranged.transcript('reply-turn-1', 'persona', 'Tell me more.', false);
    expect(actor.getSnapshot().matches({ active: { session: { live: 'personaSpeaking' } } })).toBe(true);
    expect(arranged.player.play).toHaveBeenCalledTimes(2);
    expect(arranged.player.play).toHaveBeenCalledWith('reply-turn-1', pcm(100));
    expect(lines(arranged).slice(1)).toEqual([
      ['learner', 'What do you think of our offer?', true],
      ['persona', 'It is a fair start. Tell me more.', false],
    ]);

    answer.resolve({ reply: 'It is a fair start. Tell me more!', status: 'in-progress', response_id: 'reply-turn-1' });
    await inState(actor, { active: { typing: 'idle' } });
    expect(lines(arranged).at(-1)).toEqual(['persona', 'It is a fair start. Tell me more!', true]);

    arranged.done('reply-turn-1');
    expect(arranged.player.drain).toHaveBeenCalled();
    // Everything received is not played yet: the persona still speaks.
    arranged.played({ 'reply-turn-1': 120 });
    expect(actor.getSnapshot().matches({ active: { session: { live: 'personaSpeaking' } } })).toBe(true);
    arranged.played({ 'reply-turn-1': 200 });
    expect(actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
    expect(arranged.transport.reportPlayback.mock.calls).toEqual([
      [SESSION, 'reply-turn-1', 120],
      [SESSION, 'reply-turn-1', 200],
    ]);
  });

  it('given playback reports every 250 ms, when nothing more was played, then voice.playback is not sent again', async () => {
    const arranged = await live(arrange());
    arranged.audio('reply-a', 0, 500);
    arranged.played({ 'reply-a': 250 });
    arranged.played({ 'reply-a': 250 });
    arranged.played({ 'reply-a': 500 });
    expect(arranged.transport.reportPlayback.mock.calls.map(([, , ms]) => ms)).toEqual([250, 500]);
  });

  it('given a refused turn, when the learner discards it, then the words come back to the text box', async () => {
    const refused = Object.assign(new Error('Too long.'), { status: 400, code: 'invalid_request' });
    const arranged = await live(arrange({ sendText: () => Promise.reject(refused) }));
    arranged.actor.send({ type: 'user.type', text: 'Hello' });
    arranged.actor.send({ type: 'user.send' });
    await inState(arranged.actor, { active: { typing: 'failed' } });
    expect(arranged.actor.getSnapshot().context.error?.message).toBe('Too long.');
    arranged.actor.send({ type: 'user.discard' });
    expect(arranged.actor.getSnapshot().context.draft).toBe('Hello');
    expect(lines(arranged)).toHaveLength(1);
  });
});

describe('voice play: barge-in', () => {
  it('given the persona speaking, when the gateway sends voice.playback.stop, then playback is flushed, what was heard is reported once more, and late audio is dropped', async () => {
    const arranged = await live(arrange({}));
    arranged.audio('reply-a', 0, 100);
    arranged.audio('reply-a', 1, 100);
    arranged.played({ 'reply-a': 60 });
    arranged.played({ 'reply-a': 90 });

    arranged.from({ type: 'gateway.playbackStop', stop: { session_id: SESSION, response_id: 'reply-a' } });
    expect(arranged.player.flush).toHaveBeenCalledTimes(1);
    await flushPromises();
    expect(arranged.transport.reportPlayback.mock.calls.at(-1)).toEqual([SESSION, 'reply-a', 90]);
    // The gateway decided: it needs no voice.stop.
    expect(arranged.transport.stop).not.toHaveBeenCalled();

    arranged.audio('reply-a', 2, 100);
    expect(arranged.player.play).toHaveBeenCalledTimes(2);
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
  });

  it('given the persona speaking, when the learner presses stop, then voice.stop is sent and the heard part reported', async () => {
    const arranged = await live(arrange());
    arranged.audio('reply-a', 0, 100);
    arranged.played({ 'reply-a': 40 });
    arranged.actor.send({ type: 'user.stop' });
    expect(arranged.transport.stop).toHaveBeenCalledWith(SESSION);
    expect(arranged.player.flush).toHaveBeenCalled();
    await flushPromises();
    expect(arranged.transport.reportPlayback.mock.calls.at(-1)).toEqual([SESSION, 'reply-a', 40]);
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
  });

  it('given the persona speaking, when the learner types a new turn, then the rest of its voice is dropped', async () => {
    const arranged = await live(arrange());
    arranged.audio('reply-a', 0, 100);
    arranged.actor.send({ type: 'user.type', text: 'Wait.' });
    arranged.actor.send({ type: 'user.send' });
    expect(arranged.player.flush).toHaveBeenCalled();
    expect(arranged.transport.sendText).toHaveBeenCalled();
  });
});

describe('voice play: the microphone', () => {
  it('given a provider that needs voice.commit, when the learner holds to talk and releases, then frames flow only meanwhile and the turn is committed', async () => {
    const arranged = await live(arrange({ start: async () => startAnswer(MANUAL_AUDIO) }));
    arranged.speak();
    expect(arranged.transport.sendAudio).not.toHaveBeenCalled();

    arranged.actor.send({ type: 'user.talkStart' });
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'learnerSpeaking' } } })).toBe(true);
    arranged.speak();
    arranged.speak();
    arranged.actor.send({ type: 'user.talkEnd' });
    arranged.speak();

    expect(arranged.transport.sendAudio.mock.calls.map(([, seq]) => seq)).toEqual([0, 1]);
    expect(arranged.transport.sendAudio.mock.calls[0]![2]).toEqual(frame());
    expect(arranged.transport.commit).toHaveBeenCalledTimes(1);
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
  });

  it('given hands-free voice, when the learner mutes, then no frame is sent until they unmute', async () => {
    const arranged = await live(arrange({ start: async () => startAnswer(REALTIME) }));
    arranged.speak();
    arranged.actor.send({ type: 'user.mute' });
    expect(arranged.actor.getSnapshot().matches({ active: { microphone: { on: { open: 'muted' } } } })).toBe(true);
    expect(arranged.capture.setMuted).toHaveBeenLastCalledWith(true);
    arranged.speak();
    arranged.speak();
    arranged.actor.send({ type: 'user.unmute' });
    arranged.speak();
    expect(arranged.capture.setMuted).toHaveBeenLastCalledWith(false);
    expect(arranged.transport.sendAudio.mock.calls.map(([, seq]) => seq)).toEqual([0, 1]);
  });

  it('given the built-in voice, when the microphone hands over frames, then none is sent (it hears typed turns only)', async () => {
    const arranged = await live(arrange());
    arranged.speak();
    arranged.actor.send({ type: 'user.talkStart' });
    arranged.speak();
    expect(arranged.transport.sendAudio).not.toHaveBeenCalled();
  });

  it('given the gateway hears the learner, when speech starts and stops, then the screen shows who speaks', async () => {
    const arranged = await live(arrange({ start: async () => startAnswer(REALTIME) }));
    arranged.from({ type: 'gateway.speech', speech: { session_id: SESSION, state: 'started' } });
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'learnerSpeaking' } } })).toBe(true);
    arranged.transcript('turn-x', 'learner', 'I would', false);
    arranged.transcript('turn-x', 'learner', 'like a discount', false);
    expect(lines(arranged).at(-1)).toEqual(['learner', 'I would like a discount', false]);
    arranged.from({ type: 'gateway.speech', speech: { session_id: SESSION, state: 'stopped' } });
    arranged.transcript('turn-x', 'learner', 'I would like a discount.', true);
    expect(lines(arranged).at(-1)).toEqual(['learner', 'I would like a discount.', true]);
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'listening' } } })).toBe(true);
  });

  it('given hands-free voice, when the learner holds to talk over the persona, then it barges in', async () => {
    const arranged = await live(arrange({ start: async () => startAnswer(REALTIME) }));
    arranged.actor.send({ type: 'user.inputMode', mode: 'push_to_talk' });
    arranged.audio('reply-a', 0, 100);
    arranged.actor.send({ type: 'user.talkStart' });
    expect(arranged.transport.stop).toHaveBeenCalledWith(SESSION);
    expect(arranged.player.flush).toHaveBeenCalled();
    expect(arranged.actor.getSnapshot().matches({ active: { session: { live: 'learnerSpeaking' } } })).toBe(true);
  });

  it('given a refused microphone, when the voice opens, then the denied message is due and typing still works', async () => {
    const denied = Object.assign(new Error('denied'), { code: 'microphone_denied' });
    const arranged = arrange({ openCapture: () => Promise.reject(denied) });
    await inState(arranged.actor, { active: { session: 'live', microphone: 'unavailable' } });
    expect(arranged.actor.getSnapshot().context.microphoneError).toBe('microphone_denied');
    arranged.actor.send({ type: 'user.type', text: 'Hello' });
    arranged.actor.send({ type: 'user.send' });
    expect(arranged.transport.sendText).toHaveBeenCalled();
  });

  it('given a synthesis failure, when the gateway says voice.error, then its message is shown', async () => {
    const arranged = await live(arrange());
    arranged.from({
      type: 'gateway.error',
      error: { session_id: SESSION, code: 'coaching_voice_synthesis_failed', message: 'No voice.', retryable: true },
    });
    expect(arranged.actor.getSnapshot().context.error).toEqual({
      code: 'coaching_voice_synthesis_failed',
      message: 'No voice.',
      status: null,
    });
  });
});

describe('voice play: recording', () => {
  it('given an organization that records voice sessions, when voice.start says so, then the screen knows it is recorded', async () => {
    let answered = false;
    const arranged = arrange({
      start: async () => {
        answered = true;
        return { ...startAnswer(REALTIME), recording: true };
      },
    });
    // Not said before the gateway says it.
    expect(arranged.actor.getSnapshot().context.recording).toBe(false);
    await live(arranged);
    expect(answered).toBe(true);
    expect(arranged.actor.getSnapshot().context.recording).toBe(true);
  });

  it('given recording turned off meanwhile, when voice.start answers again, then the flag follows it', async () => {
    let calls = 0;
    const arranged = await live(
      arrange({ start: async () => ({ ...startAnswer(REALTIME), recording: ++calls === 1 }) }),
    );
    expect(arranged.actor.getSnapshot().context.recording).toBe(true);
    arranged.actor.send({ type: 'user.settingsChanged' });
    await waitFor(arranged.actor, () => calls === 2);
    await live(arranged);
    expect(arranged.actor.getSnapshot().context.recording).toBe(false);
  });
});

describe('voice play: settings', () => {
  it('given the learner switches to voice activity in the voice settings, when they are saved, then voice.start tells the new turn detection', async () => {
    let calls = 0;
    const arranged = await live(arrange({ start: async () => startAnswer(++calls === 1 ? MANUAL_AUDIO : REALTIME) }));
    expect(arranged.actor.getSnapshot().context.inputMode).toBe('push_to_talk');
    arranged.actor.send({ type: 'user.settingsChanged' });
    await waitFor(arranged.actor, () => calls === 2);
    await live(arranged);
    expect(arranged.actor.getSnapshot().context.inputMode).toBe('voice_activity');
    arranged.speak();
    expect(arranged.transport.sendAudio).toHaveBeenCalledTimes(1);
  });
});

describe('voice play: reconnecting', () => {
  it('given a socket that drops, when it is back, then voice.start resumes, the missed turns come from the transcript, and nothing is replayed', async () => {
    const arranged = await live(arrange());
    arranged.audio('reply-a', 0, 100);
    arranged.from({ type: 'gateway.disconnected' });
    expect(arranged.actor.getSnapshot().matches({ active: { session: 'reconnecting' } })).toBe(true);
    arranged.load.mockResolvedValueOnce(
      session({
        turns: [
          GREETING,
          { id: 'turn-0', role: 'learner', text: 'Hi', at: '2026-01-01T10:01:00Z' },
          { id: 'reply-turn-0', role: 'persona', text: 'Hello again.', at: '2026-01-01T10:01:01Z' },
        ],
      }),
    );
    await live(arranged);
    expect(arranged.transport.start).toHaveBeenCalledTimes(2);
    expect(lines(arranged)).toEqual([
      ['persona', 'Hello, how can I help?', true],
      ['learner', 'Hi', true],
      ['persona', 'Hello again.', true],
    ]);
    // The chunks of the reply still speaking follow with their seq going on; what came before is kept, not asked again.
    arranged.audio('reply-a', 5, 100);
    expect(arranged.player.play).toHaveBeenCalledTimes(2);
    expect(arranged.transport.sendText).not.toHaveBeenCalled();
  });

  it('given a typed turn lost with the socket, when the voice is back, then the same turn id is sent again', async () => {
    let calls = 0;
    const arranged = await live(
      arrange({
        sendText: async (_, turn) => {
          calls += 1;
          if (calls === 1) throw networkError();
          return { reply: 'Right.', status: 'in-progress', response_id: `reply-${turn.turn_id}` };
        },
      }),
    );
    arranged.actor.send({ type: 'user.type', text: 'Still there?' });
    arranged.actor.send({ type: 'user.send' });
    await inState(arranged.actor, { active: { typing: 'failed' } });
    arranged.from({ type: 'gateway.disconnected' });
    await live(arranged);
    await inState(arranged.actor, { active: { typing: 'idle' } });
    expect(arranged.transport.sendText.mock.calls.map(([, turn]) => turn.turn_id)).toEqual(['turn-1', 'turn-1']);
    expect(lines(arranged).slice(-2)).toEqual([
      ['learner', 'Still there?', true],
      ['persona', 'Right.', true],
    ]);
  });
});

describe('voice play: the ending', () => {
  it('given the last reply, when voice.outcome arrives, then the persona is heard to the end before the voice ends with the outcome', async () => {
    const arranged = await live(arrange());
    arranged.audio('reply-b', 0, 100);
    arranged.done('reply-b');
    arranged.from({ type: 'gateway.outcome', outcome: { session_id: SESSION, status: 'win' } });
    expect(arranged.actor.getSnapshot().matches({ active: { session: { closing: 'draining' } } })).toBe(true);
    arranged.played({ 'reply-b': 100 });
    expect(arranged.actor.getSnapshot().status).toBe('done');
    expect(arranged.actor.getSnapshot().output?.status).toBe('win');
    // The microphone and the playback are let go, and the gateway told to stop sending.
    expect(arranged.capture.stop).toHaveBeenCalled();
    expect(arranged.player.close).toHaveBeenCalled();
    expect(arranged.transport.stop).toHaveBeenCalledWith(SESSION);
  });
});

describe('voice play: a typed turn that ends the session', () => {
  it('given the answer says win before the reply is heard, when its audio and voice.outcome follow, then the voice ends once it is heard', async () => {
    const arranged = await live(
      arrange({ sendText: async () => ({ reply: 'Deal.', status: 'win', response_id: 'reply-turn-1' }) }),
    );
    arranged.actor.send({ type: 'user.type', text: 'Here is the signed order.' });
    arranged.actor.send({ type: 'user.send' });
    await inState(arranged.actor, { active: { session: { closing: 'awaitingOutcome' } } });
    arranged.audio('reply-turn-1', 0, 100);
    arranged.done('reply-turn-1');
    arranged.from({ type: 'gateway.outcome', outcome: { session_id: SESSION, status: 'win' } });
    expect(arranged.actor.getSnapshot().matches({ active: { session: { closing: 'draining' } } })).toBe(true);
    arranged.played({ 'reply-turn-1': 100 });
    expect(arranged.actor.getSnapshot().output?.status).toBe('win');
  });
});

describe('the play-session machine in voice mode', () => {
  const voiceSession = () => {
    let gateway: ((event: VoiceGatewayEvent) => void) | null = null;
    const transport: PlaySessionTransport = {
      load: async () => session(),
      sendTurn: () => Promise.reject(new Error('text turns are not for voice')),
      end: async () => session({ status: 'end' }),
      abort: async () => session({ status: 'abort' }),
    };
    const voice = {
      transport: {
        listen: (_: string, onEvent: (event: VoiceGatewayEvent) => void) => {
          gateway = onEvent;
          return () => undefined;
        },
        start: async () => startAnswer(),
        sendText: async (_: string, turn: { turn_id: string }) => ({
          reply: 'Deal.',
          status: 'win' as const,
          response_id: `reply-${turn.turn_id}`,
        }),
        sendAudio: () => undefined,
        commit: () => undefined,
        reportPlayback: () => undefined,
        stop: () => undefined,
      },
      devices: {
        openCapture: async () => ({ setMuted: () => undefined, stop: async () => undefined }),
        openPlayback: async () => ({
          play: () => undefined,
          drain: () => undefined,
          flush: async () => ({}),
          isSuspended: () => false,
          resume: async () => undefined,
          close: async () => undefined,
        }),
      },
    };
    const actor = createActor(createPlaySessionMachine(transport, voice), {
      input: { sessionId: SESSION, createTurnId: () => 'turn-1' },
    });
    actor.start();
    return { actor, gateway: () => gateway };
  };

  it('given a voice-mode session, when it is loaded, then the play screen is in its voice state', async () => {
    const { actor } = voiceSession();
    await waitFor(actor, (snapshot) => snapshot.matches('voice'), { timeout: 1000 });
    expect(actor.getSnapshot().children['voice']).toBeDefined();
  });

  it('given a voice turn that wins, when the outcome comes, then the session ends as a text session does, with the transcript', async () => {
    const { actor, gateway } = voiceSession();
    await waitFor(actor, (snapshot) => snapshot.matches('voice'), { timeout: 1000 });
    const voice = actor.getSnapshot().children['voice'] as VoicePlayActorRef;
    await waitFor(voice, (snapshot) => snapshot.matches({ active: { session: 'live' } }));
    voice.send({ type: 'user.type', text: 'So we have a deal?' });
    voice.send({ type: 'user.send' });
    await waitFor(voice, (snapshot) => snapshot.matches({ active: { session: 'closing' } }));
    gateway()?.({ type: 'gateway.outcome', outcome: { session_id: SESSION, status: 'win' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ended'), { timeout: 1000 });
    expect(actor.getSnapshot().context.status).toBe('win');
    expect(actor.getSnapshot().context.turns.map(({ role, text }) => [role, text])).toEqual([
      ['persona', 'Hello, how can I help?'],
      ['learner', 'So we have a deal?'],
      ['persona', 'Deal.'],
    ]);
  });

  it('given the voice state, when the learner ends the session, then End is called and the voice let go', async () => {
    const { actor } = voiceSession();
    await waitFor(actor, (snapshot) => snapshot.matches('voice'), { timeout: 1000 });
    actor.send({ type: 'END' });
    await waitFor(actor, (snapshot) => snapshot.matches('ended'), { timeout: 1000 });
    expect(actor.getSnapshot().context.status).toBe('end');
    expect(actor.getSnapshot().children['voice']).toBeUndefined();
  });
});
