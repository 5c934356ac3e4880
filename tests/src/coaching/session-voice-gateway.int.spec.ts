import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingSessionOperations as sessions,
  type GatewayResult,
  type VoiceTextAnswer,
} from '@ai-coaching/contracts';
import { pcm16Rms } from '@ai-coaching/domain';
import { voiceTurnTimingsOf } from '@ai-coaching/platform';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { guestOfSharedScenario, publishedScenario, unique } from './session-fixtures.js';
import { recorder, voiceSockets, type GatewaySocket } from './voice-gateway-client.js';

// The gateway's voice (docs/voice.md, "Gateway voice protocol") on the built-in provider: push-to-talk text turns,
// the persona's reply spoken by eSpeak NG as 24 kHz PCM chunks, barge-in, and a reconnect that replays nothing.

await describeApi(
  '[VOICE]: voice sessions over the gateway on the built-in provider,',
  (context) => {
    let organizationId = '';
    let learner = { token: '', userId: '' };
    let stranger = '';
    let voiceScenario = '';
    let textScenario = '';
    const { api } = context;
    const { socketOf, start, closeAll } = voiceSockets(() => context.server.url);
    const say = (socket: GatewaySocket, sessionId: string, turnId: string, text: string) =>
      new Promise<GatewayResult<VoiceTextAnswer>>((resolve) =>
        socket.emit('voice.text', { session_id: sessionId, turn_id: turnId, text }, resolve),
      );
    const startSession = async (scenarioId = voiceScenario, token = learner.token) => {
      const started = await api(token).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      return started.body.id!;
    };
    const transcript = async (id: string) =>
      (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!.map((turn) => [
        turn.role,
        turn.text,
      ]);

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, unique('Acme'));
      const editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      learner = await signInAs(context.server, { role: 'user', organizationId });
      stranger = (await signInAs(context.server, { role: 'user', organizationId })).token;
      voiceScenario = await publishedScenario(context.server, editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
        mode: 'voice',
      });
      textScenario = await publishedScenario(context.server, editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
      });
    }, 180_000);
    afterEach(() => {
      closeAll();
    });

    it('plays a voice session by push-to-talk to a win: 24 kHz speech in chunks, both sides recorded as turns, timings kept', async () => {
      const id = await startSession();
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      const opened = await start(socket, id);
      expect(opened).toEqual({
        ok: true,
        answer: {
          session_id: id,
          protocol_version: 1,
          input: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, frame_ms: 20 },
          output: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, max_chunk_ms: 100 },
          capabilities: {
            recognition: 'push_to_talk',
            turn_detection: 'manual',
            audio_in: false,
            barge_in: true,
            transcripts: true,
          },
          status: 'in-progress',
          speaking: null,
          recording: false,
        },
      });
      // Microphone frames are accepted and ignored by the built-in provider.
      socket.emit('voice.audio.in', { session_id: id, seq: 0 }, new ArrayBuffer(960));

      const first = await say(socket, id, 'turn-1', 'Hello, what do you think of our offer?');
      expect(first).toMatchObject({ ok: true, answer: { status: 'in-progress', response_id: 'reply-turn-1' } });
      await heard.until(() => heard.done.length === 1);
      const second = await say(socket, id, 'turn-2', 'So we have a deal?');
      expect(second).toMatchObject({ ok: true, answer: { status: 'win', response_id: 'reply-turn-2' } });
      await heard.until(() => heard.outcomes.length === 1);
      expect(heard.outcomes).toEqual(['win']);

      expect(heard.done.map(({ response_id, status }) => [response_id, status])).toEqual([
        ['reply-turn-1', 'completed'],
        ['reply-turn-2', 'completed'],
      ]);
      for (const response of ['reply-turn-1', 'reply-turn-2']) {
        const chunks = heard.chunks.filter((chunk) => chunk.header.response_id === response);
        expect(chunks.map((chunk) => chunk.header.seq)).toEqual(chunks.map((_, seq) => seq));
        expect(heard.done.find((done) => done.response_id === response)!.chunks).toBe(chunks.length);
        for (const chunk of chunks) {
          expect(chunk.header.sample_rate).toBe(24_000);
          expect(chunk.samples.length).toBeLessThanOrEqual(2400);
        }
        const samples = Int16Array.from(chunks.flatMap((chunk) => [...chunk.samples]));
        // At least a second of audible speech.
        expect(samples.length).toBeGreaterThan(24_000);
        expect(pcm16Rms(samples)).toBeGreaterThan(500);
      }
      // The reply's audio comes before its end, and the outcome after it.
      expect(heard.order.lastIndexOf('audio:reply-turn-2')).toBeLessThan(heard.order.indexOf('done:reply-turn-2'));

      const reply = second.ok ? second.answer.reply : '';
      expect(reply).not.toContain('[[');
      expect(heard.transcripts.filter((line) => line.final).map(({ role, text }) => [role, text])).toEqual([
        ['learner', 'Hello, what do you think of our offer?'],
        ['persona', first.ok ? first.answer.reply : ''],
        ['learner', 'So we have a deal?'],
        ['persona', reply],
      ]);
      // The reply was spoken sentence by sentence, as it streamed.
      const spoken = heard.transcripts.filter((line) => !line.final && line.turn_id === 'reply-turn-2');
      expect(spoken.length).toBeGreaterThan(1);
      expect(spoken.map((line) => line.text).join(' ')).toBe(reply);

      const turns = await transcript(id);
      expect(turns.slice(1)).toEqual([
        ['learner', 'Hello, what do you think of our offer?'],
        ['persona', first.ok ? first.answer.reply : ''],
        ['learner', 'So we have a deal?'],
        ['persona', reply],
      ]);
      expect((await api(learner.token).call(sessions.read, { params: { id } })).body.status).toBe('win');

      const timings = await voiceTurnTimingsOf(context.server.platform.db, id);
      expect(timings.map(({ turnId, status, providerKind }) => [turnId, status, providerKind])).toEqual([
        ['turn-1', 'completed', 'builtin'],
        ['turn-2', 'completed', 'builtin'],
      ]);
      for (const timing of timings) {
        expect(timing.organizationId).toBe(organizationId);
        expect(timing.firstAudioSynthesizedMs).toBeGreaterThan(0);
        expect(timing.firstAudioSentMs).toBeGreaterThanOrEqual(timing.firstAudioSynthesizedMs!);
      }
    }, 60_000);

    it('stops sending on voice.stop (barge-in) and keeps the played milliseconds, while the turn is still recorded whole', async () => {
      const id = await startSession();
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      expect((await start(socket, id)).ok).toBe(true);
      let stopped: Promise<GatewayResult<{ stopped: boolean }>> | undefined;
      socket.once('voice.audio', () => {
        socket.emit('voice.playback', { session_id: id, response_id: 'reply-turn-1', played_ms: 40 });
        stopped = new Promise((resolve) => socket.emit('voice.stop', { session_id: id }, resolve));
      });
      const answer = await say(socket, id, 'turn-1', 'So, a deal?');
      expect(answer).toMatchObject({ ok: true, answer: { status: 'win' } });
      await heard.until(() => heard.done.length === 1 && stopped !== undefined);
      expect(await stopped).toEqual({ ok: true, answer: { stopped: true } });
      expect(heard.done[0]).toMatchObject({ response_id: 'reply-turn-1', status: 'cancelled' });
      const sentAtStop = heard.chunks.length;
      expect(heard.done[0]!.chunks).toBe(sentAtStop);
      // The first sentence at most: the second one's audio never left.
      const firstSentence = heard.transcripts.filter((line) => !line.final && line.role === 'persona');
      expect(firstSentence.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(heard.chunks.length).toBe(sentAtStop);
      await heard.until(() => heard.outcomes.length === 1);
      expect((await transcript(id)).at(-1)?.[1]).toBe(answer.ok ? answer.answer.reply : '');
      const [timing] = await voiceTurnTimingsOf(context.server.platform.db, id);
      expect(timing).toMatchObject({ status: 'cancelled', playedMs: 40 });
    }, 60_000);

    it('resumes on a new socket after a drop without replaying audio, and a resent turn is answered once', async () => {
      const id = await startSession();
      const first = await socketOf(learner.token);
      const before = recorder(first);
      expect((await start(first, id)).ok).toBe(true);
      first.once('voice.audio', () => first.disconnect());
      first.emit(
        'voice.text',
        { session_id: id, turn_id: 'turn-1', text: 'Tell me about the price.' },
        () => undefined,
      );
      await before.until(() => !first.connected);

      const second = await socketOf(learner.token);
      const after = recorder(second);
      const resumed = await start(second, id);
      expect(resumed).toMatchObject({ ok: true, answer: { session_id: id, status: 'in-progress' } });
      const resent = await say(second, id, 'turn-1', 'Tell me about the price.');
      expect(resent).toMatchObject({ ok: true, answer: { response_id: 'reply-turn-1' } });
      if (resumed.ok && resumed.answer.speaking) await after.until(() => after.done.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Whatever reached the new socket continues the sequence: nothing the first one got is sent again.
      const firstSeqs = before.chunks.map((chunk) => chunk.header.seq);
      expect(firstSeqs.length).toBeGreaterThan(0);
      for (const chunk of after.chunks) expect(chunk.header.seq).toBeGreaterThan(Math.max(...firstSeqs));
      expect((await transcript(id)).filter(([role]) => role === 'learner')).toEqual([
        ['learner', 'Tell me about the price.'],
      ]);
      expect((await transcript(id)).filter(([role]) => role === 'persona')).toHaveLength(2);

      // The session goes on, spoken, on the new socket.
      const next = await say(second, id, 'turn-2', 'Do we have a deal?');
      expect(next).toMatchObject({ ok: true, answer: { status: 'win' } });
      await after.until(() => after.outcomes.length === 1);
      expect(after.chunks.filter((chunk) => chunk.header.response_id === 'reply-turn-2').length).toBeGreaterThan(5);
    }, 60_000);

    it('opens only voice-mode sessions the caller plays: text mode 409, a colleague 404, a guest only their own', async () => {
      const id = await startSession();
      const mine = await socketOf(learner.token, 'fr-FR');
      const text = await start(mine, await startSession(textScenario));
      expect(text).toMatchObject({ ok: false, status: 409, error: { code: 'coaching_session_not_voice' } });
      expect(!text.ok && text.error.message).toContain('par écrit');
      const early = await say(mine, id, 'turn-1', 'Hello');
      expect(early).toMatchObject({ ok: false, status: 409, error: { code: 'coaching_voice_not_started' } });
      const malformed = await start(mine, 'not an id!' as never);
      expect(malformed).toMatchObject({ ok: false, status: 400, error: { code: 'invalid_request' } });

      const colleague = await socketOf(stranger);
      expect(await start(colleague, id)).toMatchObject({
        ok: false,
        status: 404,
        error: { code: 'coaching_session_not_found' },
      });

      const joined = await guestOfSharedScenario(context.server, learner.token, voiceScenario);
      const guest = await socketOf(joined.access_token!);
      expect(await start(guest, id)).toMatchObject({
        ok: false,
        status: 404,
        error: { code: 'coaching_session_not_found' },
      });
      const heard = recorder(guest);
      expect(await start(guest, joined.session_id!)).toMatchObject({
        ok: true,
        answer: { status: 'in-progress' },
      });
      expect(await say(guest, joined.session_id!, 'turn-1', 'A deal, then?')).toMatchObject({
        ok: true,
        answer: { status: 'win' },
      });
      await heard.until(() => heard.outcomes.length === 1);
      expect(heard.chunks.length).toBeGreaterThan(5);
    }, 60_000);
  },
  { engines: 'one' },
);
