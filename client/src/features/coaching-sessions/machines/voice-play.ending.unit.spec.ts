import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPlaySessionMachine } from './play-session.machine';
import type { PlaySessionTransport } from './play-types';
import type { VoicePlayActorRef } from './voice-play.machine';
import type { VoiceGatewayEvent } from './voice-play.types';
import { SESSION, startAnswer, session, arrange, inState, live } from './voice-play.fakes';

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
