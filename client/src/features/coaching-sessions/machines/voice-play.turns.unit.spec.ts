import type { VoiceTextAnswer } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import {
  SESSION,
  startAnswer,
  REALTIME,
  MANUAL_AUDIO,
  deferred,
  pcm,
  frame,
  arrange,
  inState,
  live,
  lines,
  flushPromises,
} from './voice-play.fakes';

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
