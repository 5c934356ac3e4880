import { apiClient, signInAs, testEngines, type TestServer } from '@ai-coaching/api/testing';
import {
  coachingSessionOperations as sessions,
  coachingSessionRecordingOperations as recordings,
  organizationOperations as organizations,
  type CoachingSessionRecordings,
} from '@ai-coaching/contracts';
import { parseWav } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRealtimeServer } from '../fakes/openai-realtime-server.js';
import { SPEECH_RATE, syntheticSpeechFrames } from '../fakes/synthetic-speech.js';
import {
  bargeIn,
  startRealtimeVoiceServer,
  voiceOrganization,
  type RealtimeVoiceServer,
  type VoiceOrganization,
} from './realtime-voice-fixtures.js';
import { recorder, voiceSockets, type Chunk } from './voice-gateway-client.js';

// Voice recordings (docs/voice.md, "Recordings"; ADR 0018): an organization that records voice sessions keeps both
// sides' audio of each turn, as heard, sealed with the session's key in the blob store; whoever reads the session
// replays it; another organization cannot; deleting the session shreds it with the transcript.

const engines = await testEngines();
const engine = engines.find((candidate) => candidate.name === 'postgres' && candidate.available) ?? engines[0]!;

type Learner = VoiceOrganization['learner'];

describe(`[VOICE]: recordings of realtime voice sessions, on ${engine.name}`, () => {
  let voice: RealtimeVoiceServer;
  let server: TestServer;
  let fake: FakeRealtimeServer;
  /** An organization that records voice sessions, and one that does not. */
  let recorded: VoiceOrganization;
  let unrecorded: VoiceOrganization;
  const api = (token?: string) => apiClient(server, token);
  const { socketOf, start, speak, closeAll } = voiceSockets(() => server.url);
  const utterance = () => syntheticSpeechFrames([{ voiceMs: 400 }, { silenceMs: 700 }]);

  const startSession = async (learner: Learner, scenario: string) => {
    const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenario } });
    expect(started.status).toBe(201);
    return started.body.id!;
  };

  /** A session of the organization's learner won in one spoken exchange. */
  const spokenWin = async (organization: VoiceOrganization) => {
    const id = await startSession(organization.learner, organization.scenario);
    const socket = await socketOf(organization.learner.token);
    const heard = recorder(socket);
    const opened = await start(socket, id);
    fake.script({ text: 'Agreed. [[WIN]]', userTranscript: 'Deal?', audioMs: 400 });
    speak(socket, id, utterance());
    await heard.until(() => heard.outcomes.length === 1);
    return { id, opened };
  };

  /** The session's recordings as its reader sees them, once `count` of them are listed (they are kept after the turn). */
  const recordingsOf = async (token: string, id: string, count: number): Promise<CoachingSessionRecordings> => {
    const list = () => api(token).call(recordings.list, { params: { id } });
    await expect.poll(async () => (await list()).body.items?.length, { timeout: 10_000 }).toBe(count);
    return (await list()).body;
  };

  /** The audio as the browser fetches it: bytes, not text. */
  const audioOf = async (token: string, id: string, recordingId: string) => {
    const response = await fetch(`${server.url}/v1/coaching/sessions/${id}/recordings/${recordingId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const raw = new Uint8Array(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return {
      status: response.status,
      headers: response.headers,
      raw,
      body: (json ? JSON.parse(Buffer.from(raw).toString('utf8')) : undefined) as { code?: string } | undefined,
    };
  };

  const sentSamples = (chunks: readonly Chunk[], responseId: string) => {
    const mine = chunks.filter((chunk) => chunk.header.response_id === responseId);
    const all = new Int16Array(mine.reduce((sum, chunk) => sum + chunk.samples.length, 0));
    let at = 0;
    for (const chunk of mine) {
      all.set(chunk.samples, at);
      at += chunk.samples.length;
    }
    return all;
  };

  beforeAll(async () => {
    voice = await startRealtimeVoiceServer(engine.name);
    ({ server, fake } = voice);
    recorded = await voiceOrganization(voice);
    unrecorded = await voiceOrganization(voice);
    const changed = await api(recorded.operator).call(organizations.update, {
      params: { id: recorded.organizationId },
      body: { record_voice_sessions: true },
    });
    expect(changed.body).toMatchObject({ record_voice_sessions: true });
  }, 180_000);
  afterEach(() => {
    closeAll();
  });
  afterAll(async () => {
    await voice?.close();
  });

  it('keeps both sides of each turn as heard, sealed in the blob store, and replays them as WAVE files to the session’s readers', async () => {
    const id = await startSession(recorded.learner, recorded.scenario);
    const socket = await socketOf(recorded.learner.token);
    const heard = recorder(socket);
    const opened = await start(socket, id);
    expect(opened).toMatchObject({ ok: true, answer: { recording: true } });

    fake.script({ text: 'Fine, we have a deal. [[WIN]]', userTranscript: 'Shall we sign today?', audioMs: 600 });
    speak(socket, id, utterance());
    await heard.until(() => heard.outcomes.length === 1);

    const turns = (await api(recorded.learner.token).call(sessions.read, { params: { id } })).body.turns!;
    const learnerTurn = turns.findLast((turn) => turn.role === 'learner')!;
    const personaTurn = turns.findLast((turn) => turn.role === 'persona')!;
    const listed = await recordingsOf(recorded.learner.token, id, 2);
    expect(listed.items.map(({ turn_id, role }) => [turn_id, role])).toEqual([
      [learnerTurn.id, 'learner'],
      [personaTurn.id, 'persona'],
    ]);
    const [learnerClip, personaClip] = listed.items;
    // The learner's 400 ms of speech, from a little before the provider noticed it until it noticed the silence.
    expect(learnerClip!.duration_ms).toBeGreaterThanOrEqual(400);
    expect(learnerClip!.duration_ms).toBeLessThan(2000);
    expect(listed.duration_ms).toBe(learnerClip!.duration_ms + personaClip!.duration_ms);

    // The persona's clip is exactly the audio the browser was sent.
    const audio = await audioOf(recorded.learner.token, id, personaClip!.id);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(audio.headers.get('cache-control')).toBe('private, no-store');
    const wav = parseWav(audio.raw);
    expect(wav.sampleRate).toBe(SPEECH_RATE);
    const sent = sentSamples(heard.chunks, personaTurn.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(Buffer.from(wav.samples.buffer).equals(Buffer.from(sent.buffer))).toBe(true);
    expect(personaClip!.duration_ms).toBe(Math.round((sent.length / SPEECH_RATE) * 1000));

    // At rest the file is sealed: no WAVE header, no sample of the audio in the clear.
    const blobKey = `voice-recordings/${recorded.organizationId}/${id}/${personaClip!.id}.wav.sealed`;
    const stored = (await server.platform.blobs.get(blobKey))!;
    expect(Buffer.from(stored.bytes).subarray(0, 4).toString('ascii')).toBe('ACB1');
    expect(Buffer.from(stored.bytes).includes(Buffer.from('RIFF'))).toBe(false);
    expect(Buffer.from(stored.bytes).includes(Buffer.from(sent.buffer).subarray(200, 264))).toBe(false);

    // The organization's operator reviews it; an unknown recording of the session is a 404 with its own code.
    expect((await audioOf(recorded.operator, id, learnerClip!.id)).status).toBe(200);
    const unknown = await audioOf(recorded.learner.token, id, newId());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'coaching_recording_not_found' });
  });

  it('keeps only what was heard of a reply cut by a barge-in', async () => {
    const id = await startSession(recorded.learner, recorded.scenario);
    const socket = await socketOf(recorded.learner.token);
    const heard = recorder(socket);
    await start(socket, id);
    fake.script(
      { text: 'Let me tell you everything about our pricing this year.', userTranscript: 'Prices?', audioMs: 6000 },
      { text: 'Sure, go ahead.', userTranscript: 'A quick question.', audioMs: 600 },
    );
    const responseId = await bargeIn(speak, socket, heard, id);

    const listed = await recordingsOf(recorded.learner.token, id, 4);
    const cut = listed.items.find((item) => item.turn_id === responseId)!;
    expect(cut.role).toBe('persona');
    // Played 400 ms, then the time the barge-in took: far from the 6 s the provider had meant to say.
    expect(cut.duration_ms).toBeGreaterThanOrEqual(400);
    expect(cut.duration_ms).toBeLessThan(2000);
    expect(listed.items.map((item) => item.role)).toEqual(['learner', 'persona', 'learner', 'persona']);
  });

  it('is out of reach of another organization, and of another learner of the same one', async () => {
    const { id } = await spokenWin(recorded);
    const [clip] = (await recordingsOf(recorded.learner.token, id, 2)).items;

    const peer = (await signInAs(server, { role: 'user', organizationId: recorded.organizationId })).token;
    for (const stranger of [unrecorded.operator, unrecorded.learner.token, peer]) {
      const list = await api(stranger).call(recordings.list, { params: { id } });
      expect(list.status).toBe(404);
      expect(list.body).toMatchObject({ code: 'coaching_session_not_found' });
      const audio = await audioOf(stranger, id, clip!.id);
      expect(audio.status).toBe(404);
      expect(audio.body).toMatchObject({ code: 'coaching_session_not_found' });
    }
  });

  it('goes with its session: deleting it shreds the key, removes the files and the list', async () => {
    const { id } = await spokenWin(recorded);
    const listed = await recordingsOf(recorded.learner.token, id, 2);
    const keys = listed.items.map((item) => `voice-recordings/${recorded.organizationId}/${id}/${item.id}.wav.sealed`);
    for (const key of keys) expect(await server.platform.blobs.get(key)).toBeDefined();

    const deleted = await api(recorded.learner.token).call(sessions.delete, { params: { id } });
    expect(deleted.status).toBe(204);
    for (const key of keys) expect(await server.platform.blobs.get(key)).toBeUndefined();
    const { rows } = await server.platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM voice_recordings WHERE session_id = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: key } = await server.platform.db.query<{ wrapped_key: string | null }>(
      `SELECT wrapped_key FROM personal_data_keys WHERE subject_id = $1`,
      [id],
    );
    expect(key[0]!.wrapped_key).toBeNull();
    expect((await api(recorded.operator).call(recordings.list, { params: { id } })).status).toBe(404);
  });

  it('keeps nothing for an organization that does not record voice sessions, and tells the learner', async () => {
    const { id, opened } = await spokenWin(unrecorded);
    expect(opened).toMatchObject({ ok: true, answer: { recording: false } });
    // The exchange is recorded as turns before anything would be kept: give a kept file the time to appear.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await api(unrecorded.learner.token).call(recordings.list, { params: { id } })).body).toEqual({
      items: [],
      duration_ms: 0,
    });
  });
});
