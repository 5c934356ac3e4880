import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  SESSION,
  GREETING,
  startAnswer,
  REALTIME,
  MANUAL_AUDIO,
  session,
  networkError,
  arrange,
  inState,
  live,
  lines,
} from './voice-play.fakes';

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
