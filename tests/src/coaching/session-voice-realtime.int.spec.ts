import { apiClient, testEngines, type TestServer } from '@ai-coaching/api/testing';
import { coachingSessionOperations as sessions } from '@ai-coaching/contracts';
import { voiceTurnTimingsOf } from '@ai-coaching/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRealtimeServer } from '../fakes/openai-realtime-server.js';
import { rmsOf, syntheticSpeechFrames } from '../fakes/synthetic-speech.js';
import {
  bargeIn,
  startRealtimeVoiceServer,
  voiceOrganization,
  type RealtimeVoiceServer,
} from './realtime-voice-fixtures.js';
import { recorder, voiceSockets } from './voice-gateway-client.js';

// The gateway driving a speech-to-speech provider (docs/voice.md, "Realtime voice"): the learner's microphone frames
// reach the fake OpenAI realtime server through the echo gate, its audio and transcripts come back, and each exchange
// is recorded as the session's turns up to the outcome marker. Barge-in is the gateway's decision (ADR 0016); the
// persona's own voice fed back through the microphone is not one.

const engines = await testEngines();
const engine = engines.find((candidate) => candidate.name === 'postgres' && candidate.available) ?? engines[0]!;

describe(`[VOICE]: realtime voice sessions over the gateway on the fake OpenAI realtime server, on ${engine.name}`, () => {
  let voice: RealtimeVoiceServer;
  let server: TestServer;
  let fake: FakeRealtimeServer;
  let learner = { token: '', userId: '' };
  let scenario = '';
  const api = (token?: string) => apiClient(server, token);
  const { socketOf, start, speak, closeAll } = voiceSockets(() => server.url);
  const utterance = () => syntheticSpeechFrames([{ voiceMs: 400 }, { silenceMs: 700 }]);
  const startSession = async () => {
    const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenario } });
    expect(started.status).toBe(201);
    return started.body.id!;
  };
  /** What the session's provider conversation received, of one type. */
  const received = (type: string) => fake.connections.at(-1)!.events.filter((event) => event.type === type);
  const turnsOf = async (id: string) =>
    (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!.map((turn) => [
      turn.role,
      turn.text,
    ]);

  beforeAll(async () => {
    voice = await startRealtimeVoiceServer(engine.name);
    ({ server, fake } = voice);
    ({ learner, scenario } = await voiceOrganization(voice));
  }, 180_000);
  afterEach(() => {
    closeAll();
  });
  afterAll(async () => {
    await voice?.close();
  });

  it('plays a spoken session to a win: speech detected by the provider, its audio and both transcripts relayed, the exchange recorded as turns, timings kept', async () => {
    const id = await startSession();
    const socket = await socketOf(learner.token);
    const heard = recorder(socket);
    const opened = await start(socket, id);
    expect(opened).toMatchObject({
      ok: true,
      answer: {
        capabilities: { recognition: 'audio', turn_detection: 'voice_activity', audio_in: true, barge_in: true },
        status: 'in-progress',
        speaking: null,
      },
    });
    // The provider was told who to be: the persona's prompt with its mission's markers.
    const connection = fake.connections.at(-1)!;
    expect(String(connection.session.instructions)).toContain('[[WIN]]');

    fake.script({
      text: 'Fine, we have a deal. [[WIN]]',
      userTranscript: 'Shall we sign the deal today?',
      audioMs: 600,
    });
    speak(socket, id, utterance());
    await heard.until(() => heard.outcomes.length === 1);

    expect(heard.outcomes).toEqual(['win']);
    expect(heard.speech).toEqual(['started', 'stopped']);
    expect(heard.playbackStops).toEqual([]);
    const chunks = heard.chunks;
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.map((chunk) => chunk.header.seq)).toEqual(chunks.map((_, seq) => seq));
    expect(heard.done).toMatchObject([{ status: 'completed', chunks: chunks.length }]);
    // Markers never reach the screen.
    expect(heard.transcripts.map((line) => line.text).join(' ')).not.toContain('[[');
    expect(heard.transcripts.filter((line) => line.final).map(({ role, text }) => [role, text])).toEqual([
      ['learner', 'Shall we sign the deal today?'],
      ['persona', 'Fine, we have a deal.'],
    ]);
    const turns = await turnsOf(id);
    expect(turns.slice(-2)).toEqual([
      ['learner', 'Shall we sign the deal today?'],
      ['persona', 'Fine, we have a deal.'],
    ]);
    expect((await api(learner.token).call(sessions.read, { params: { id } })).body.status).toBe('win');
    const timings = await voiceTurnTimingsOf(server.platform.db, id);
    expect(timings).toHaveLength(1);
    expect(timings[0]).toMatchObject({ providerKind: 'openai', status: 'completed' });
    expect(timings[0]!.firstAudioSentMs).toBeGreaterThanOrEqual(timings[0]!.firstAudioSynthesizedMs!);

    // The browser plays the winning reply after the conversation has closed (audio leaves faster than it plays): its
    // first playback report still gives the turn its voice-to-voice figure.
    const latency = async () => (await api(learner.token).call(sessions.read, { params: { id } })).body.voice_latency;
    expect(await latency()).toBeNull();
    socket.emit('voice.playback', { session_id: id, response_id: heard.done[0]!.response_id, played_ms: 200 });
    await expect.poll(latency, { timeout: 5000 }).toMatchObject({ turns: 1 });
    expect((await voiceTurnTimingsOf(server.platform.db, id))[0]).toMatchObject({ playedMs: 200 });
  });

  it('an exchange a store failed to record is recorded again once it answers, and the turns after it are not refused', async () => {
    // The system bench (issue 26): PostgreSQL restarting as a persona's reply was recorded left the session waiting for
    // that reply, and every later exchange of the session was refused ("the persona has not answered your last turn").
    const id = await startSession();
    const socket = await socketOf(learner.token);
    const heard = recorder(socket);
    await start(socket, id);
    const store = server.platform.store;
    const append = store.appendToStream.bind(store);
    let refusals = 2;
    store.appendToStream = (streamId, events, options) =>
      refusals > 0 && events.some((event) => event.type === 'CoachingSessionPersonaTurnRecorded')
        ? Promise.reject(
            Object.assign(new Error('the database system is shutting down'), { code: '57P03', severity: 'FATAL' }),
          ).finally(() => (refusals -= 1))
        : append(streamId, events, options);
    try {
      fake.script(
        { text: 'Tell me more about the price.', userTranscript: 'What matters most to you?', audioMs: 600 },
        { text: 'That sounds fair.', userTranscript: 'We could add quarterly reviews.', audioMs: 600 },
      );
      speak(socket, id, utterance());
      await expect.poll(() => refusals, { timeout: 5000 }).toBe(0);
      // The reply played to its end before the learner speaks again: no barge-in cuts it.
      await heard.until(() => heard.done.length === 1);
      socket.emit('voice.playback', { session_id: id, response_id: heard.done[0]!.response_id, played_ms: 5000 });
      speak(socket, id, utterance());
      await expect
        .poll(async () => (await turnsOf(id)).slice(1), { timeout: 10_000 })
        .toEqual([
          ['learner', 'What matters most to you?'],
          ['persona', 'Tell me more about the price.'],
          ['learner', 'We could add quarterly reviews.'],
          ['persona', 'That sounds fair.'],
        ]);
      expect(heard.errors).toEqual([]);
    } finally {
      store.appendToStream = append;
    }
  });

  it('barge-in: the learner speaks over the persona, playback stops first, the provider cancels and truncates at the played milliseconds, and the history keeps only what was heard', async () => {
    const id = await startSession();
    const socket = await socketOf(learner.token);
    const heard = recorder(socket);
    await start(socket, id);
    const long = 'Let me tell you everything about our pricing model and the many options we have for you this year.';
    fake.script(
      { text: long, userTranscript: 'Tell me about prices.', audioMs: 6000 },
      { text: 'Sure, go ahead.', userTranscript: 'Sorry, a quick question.', audioMs: 600 },
    );
    // The browser has played 400 ms of the long reply when the learner starts speaking.
    const responseId = await bargeIn(speak, socket, heard, id);

    expect(heard.playbackStops).toEqual([responseId]);
    // The stop is sent before anything else of that response.
    expect(heard.order.indexOf(`stop:${responseId}`)).toBeLessThan(heard.order.indexOf(`done:${responseId}`));
    expect(heard.done.map((done) => done.status)).toEqual(['cancelled', 'completed']);
    const truncate = received('conversation.item.truncate').at(-1)!;
    expect(Number(truncate.audio_end_ms)).toBeGreaterThanOrEqual(400);
    expect(Number(truncate.audio_end_ms)).toBeLessThan(2000);
    expect(received('response.cancel').length).toBeGreaterThanOrEqual(1);

    const turns = await turnsOf(id);
    const persona = turns.filter(([role]) => role === 'persona').map(([, text]) => text);
    const cut = persona.at(-2)!;
    // Only the heard start of the long reply is kept, cut at a word.
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(long.length);
    expect(long.startsWith(cut.replace(/…$/, ''))).toBe(true);
    expect(persona.at(-1)).toBe('Sure, go ahead.');
  });

  it('echo: the persona’s own voice coming back through the microphone at a loudspeaker’s level does not interrupt it', async () => {
    const id = await startSession();
    const socket = await socketOf(learner.token);
    const heard = recorder(socket);
    await start(socket, id);
    fake.script({ text: 'Here is a long answer for you to hear in full.', userTranscript: 'Go on.', audioMs: 2000 });
    speak(socket, id, utterance());
    // Each chunk of the persona's voice is fed back at −10 dB, as a loudspeaker next to the microphone gives it.
    let echoed = 0;
    const echoLevels: number[] = [];
    socket.on('voice.audio', (_header, pcm) => {
      const bytes = new Uint8Array(pcm as unknown as Buffer);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const echo = Int16Array.from({ length: bytes.length / 2 }, (_, i) =>
        Math.round(view.getInt16(i * 2, true) * 0.3),
      );
      echoLevels.push(rmsOf(echo));
      for (let at = 0; at + 480 <= echo.length; at += 480) speak(socket, id, [echo.subarray(at, at + 480)]);
      echoed += 1;
    });
    await heard.until(() => heard.done.length === 1);

    expect(echoed).toBeGreaterThan(3);
    // Loud enough that the provider's own voice detection would have heard it as speech (its threshold is 1,000).
    expect(Math.max(...echoLevels)).toBeGreaterThan(1000);
    expect(heard.playbackStops).toEqual([]);
    expect(heard.done.map((done) => done.status)).toEqual(['completed']);
    expect(received('response.cancel')).toEqual([]);
    expect(heard.speech).toEqual(['started', 'stopped']);
  });

  it('a typed turn goes to the same conversation, and a dropped socket resumes on a new one with no turn lost or repeated', async () => {
    const id = await startSession();
    const conversationsBefore = fake.connections.length;
    const first = await socketOf(learner.token);
    const before = recorder(first);
    await start(first, id);
    fake.script(
      { text: 'Happy to talk about it in some detail with you today.', audioMs: 3000 },
      { text: 'Agreed, it is a deal. [[WIN]]', userTranscript: 'Then it is a deal.', audioMs: 600 },
    );
    // Its acknowledgement never comes: the socket drops before the reply is recorded.
    first.emit(
      'voice.text',
      { session_id: id, turn_id: 'typed-1', text: 'Can we talk about the price?' },
      () => undefined,
    );
    await before.until(() => before.chunks.length >= 2);
    first.disconnect();

    const second = await socketOf(learner.token);
    const after = recorder(second);
    const resumed = await start(second, id);
    expect(resumed).toMatchObject({ ok: true, answer: { status: 'in-progress' } });
    // The reply goes on where it was: no chunk sent twice.
    await after.until(() => after.done.length === 1);
    const seqBefore = before.chunks.map((chunk) => chunk.header.seq);
    const seqAfter = after.chunks.map((chunk) => chunk.header.seq);
    for (const seq of seqAfter) expect(seqBefore).not.toContain(seq);

    speak(second, id, utterance());
    await after.until(() => after.outcomes.length === 1);
    expect(after.outcomes).toEqual(['win']);
    const turns = await turnsOf(id);
    expect(turns.slice(-4)).toEqual([
      ['learner', 'Can we talk about the price?'],
      ['persona', 'Happy to talk about it in some detail with you today.'],
      ['learner', 'Then it is a deal.'],
      ['persona', 'Agreed, it is a deal.'],
    ]);
    // One conversation with the provider: the reconnect did not open another.
    expect(fake.connections.length - conversationsBefore).toBe(1);
  });
});
