import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { coachingSessionOperations as sessions } from '@ai-coaching/contracts';
import { recordVoiceTurnTiming, type VoiceTurnTiming } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { publishedScenario, unique } from './session-fixtures.js';

// A session's voice-to-voice latency in its answer (docs/voice.md, "Latency records"). The gateway's rows are written
// here as it writes them, with known figures, so the percentiles are worked out by hand.

await describeApi(
  "[VOICE]: a session's voice latency in its answer,",
  (context) => {
    let organizationId = '';
    let otherOrganizationId = '';
    let learner = '';
    let operator = '';
    let teammate = '';
    let otherOperator = '';
    let voiceScenario = '';
    let textScenario = '';
    const { api } = context;

    let responses = 0;
    const turn = (sessionId: string, firstAudioPlayedMs: number | null, overrides: Partial<VoiceTurnTiming> = {}) => {
      responses += 1;
      return recordVoiceTurnTiming(context.server.platform.db, {
        sessionId,
        responseId: `reply-${responses}`,
        turnId: `turn-${responses}`,
        organizationId,
        providerKind: 'builtin',
        turnReceivedAt: new Date().toISOString(),
        firstAudioSynthesizedMs: 40,
        firstAudioSentMs: 45,
        playedMs: 1200,
        firstAudioPlayedMs,
        status: 'completed',
        ...overrides,
      });
    };
    const startSession = async (scenarioId: string) => {
      const started = await api(learner).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      return started.body.id!;
    };

    beforeAll(async () => {
      const { server } = context;
      organizationId = await createTestOrganization(server, unique('Acme'));
      otherOrganizationId = await createTestOrganization(server, unique('Elsewhere'));
      const editor = (await signInAs(server, { role: 'editor', organizationId })).token;
      learner = (await signInAs(server, { role: 'user', organizationId })).token;
      operator = (await signInAs(server, { role: 'operator', organizationId })).token;
      teammate = (await signInAs(server, { role: 'user', organizationId })).token;
      otherOperator = (await signInAs(server, { role: 'operator', organizationId: otherOrganizationId })).token;
      voiceScenario = await publishedScenario(server, editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
        mode: 'voice',
      });
      textScenario = await publishedScenario(server, editor, { modelId: BUILTIN_AI_MODEL_ID, timeLimitSeconds: 300 });
    }, 180_000);

    it('answers a voice session with p50 and p95 over the turns the browser reported, and null before any', async () => {
      const id = await startSession(voiceScenario);
      const before = await api(learner).call(sessions.read, { params: { id } });
      expect(before.status).toBe(200);
      expect(before.body.voice_latency).toBeNull();

      for (const played of [300, 100, 200, 400]) await turn(id, played);
      // Not reported by the browser: it has no voice-to-voice figure and is left out.
      await turn(id, null, { firstAudioSentMs: 5000 });
      // Another organization's row under the same session id is never counted.
      await turn(id, 60_000, { organizationId: otherOrganizationId });

      const read = await api(learner).call(sessions.read, { params: { id } });
      // percentile_cont over 100, 200, 300, 400: p50 at rank 1.5, p95 at rank 2.85.
      expect(read.body.voice_latency).toEqual({ turns: 4, p50_ms: 250, p95_ms: 385 });
      // Every answer of the session carries it, as the operator who may check others' sessions sees it.
      expect((await api(operator).call(sessions.read, { params: { id } })).body.voice_latency).toEqual({
        turns: 4,
        p50_ms: 250,
        p95_ms: 385,
      });
      const ended = await api(learner).call(sessions.end, { params: { id } });
      expect(ended.body.voice_latency).toEqual({ turns: 4, p50_ms: 250, p95_ms: 385 });
    });

    it('gives a text session none, whatever rows exist', async () => {
      const id = await startSession(textScenario);
      await turn(id, 100);
      const read = await api(learner).call(sessions.read, { params: { id } });
      expect(read.status).toBe(200);
      expect(read.body.mode).toBe('text');
      expect(read.body.voice_latency).toBeNull();
    });

    it('never shows the figures to another organization, nor to a teammate who may not check others', async () => {
      const id = await startSession(voiceScenario);
      await turn(id, 150);
      for (const token of [otherOperator, teammate]) {
        const refused = await api(token).call(sessions.read, { params: { id } });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ code: 'coaching_session_not_found', message: expect.any(String) });
        expect(JSON.stringify(refused.body)).not.toContain('p50_ms');
      }
    });
  },
  { engines: 'one' },
);
