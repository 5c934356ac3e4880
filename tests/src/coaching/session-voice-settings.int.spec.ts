import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiSpeechVoiceOperations as voices,
  coachingSessionOperations as sessions,
  coachingSessionVoiceOperations as voiceOps,
  COACHING_DEFAULTS,
  personaContent,
  scenarioContent,
  type CoachingSessionVoiceSettingsBody,
} from '@ai-coaching/contracts';
import { coachingItemDecider, coachingItemStreamId, coachingSessionStreamId } from '@ai-coaching/domain';
import { handleCommand, newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { guestOfSharedScenario, publishedScenario, unique } from './session-fixtures.js';

// Voice settings (docs/voice.md, "Voice settings"; ADR 0017): a scenario's, frozen by each session at its start, and
// what its player changes of their own voice session through `PATCH /v1/coaching/sessions/{id}/voice_settings`.

type Issues = { details?: { issues?: { path: string }[] } };
const issuePaths = (body: unknown) => ((body as Issues).details?.issues ?? []).map((issue) => issue.path);

await describeApi(
  '[VOICE]: voice settings of scenarios and sessions,',
  (context) => {
    let superAdmin = '';
    const a = { organizationId: '', operator: '', editor: '', editorId: '', learner: '', colleague: '' };
    const b = { operator: '', learner: '' };
    /** A speech voice of the platform, of organization a, and of organization b. */
    const voice = { platform: '', own: '', other: '' };
    let transcriptionModel = '';
    let voiceScenario = '';
    let textScenario = '';
    const { api } = context;
    const patch = (token: string, id: string, body: CoachingSessionVoiceSettingsBody, locale?: string) =>
      api(token).call(
        voiceOps.updateSettings,
        { params: { id }, body },
        locale ? { headers: { 'accept-language': locale } } : {},
      );
    const startSession = async (token: string, scenarioId: string) => {
      const started = await api(token).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      return started.body;
    };
    const speechVoice = async (token: string, voiceId: string) => {
      const provider = await api(token).call(providers.create, {
        body: { name: unique('Azure Speech'), kind: 'azure_microsoft', region: 'westeurope', enabled: true },
      });
      expect(provider.status).toBe(201);
      const created = await api(token).call(voices.create, {
        body: {
          provider_id: provider.body.id!,
          voice_id: voiceId,
          display_name: unique(voiceId),
          languages: ['en-GB'],
        },
      });
      expect(created.status).toBe(201);
      return { providerId: provider.body.id!, voiceId: created.body.id! };
    };
    const publish = async (id: string) =>
      expect((await api(a.editor).send('POST', `/v1/coaching/scenarios/${id}/publish`)).status).toBe(200);

    beforeAll(async () => {
      superAdmin = context.superAdmin.token;
      a.organizationId = await createTestOrganization(context.server, unique('Acme'));
      a.operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
      const editor = await signInAs(context.server, { role: 'editor', organizationId: a.organizationId });
      a.editor = editor.token;
      a.editorId = editor.userId;
      a.learner = (await signInAs(context.server, { role: 'user', organizationId: a.organizationId })).token;
      a.colleague = (await signInAs(context.server, { role: 'user', organizationId: a.organizationId })).token;
      const organizationB = await createTestOrganization(context.server, unique('Globex'));
      b.operator = (await signInAs(context.server, { role: 'operator', organizationId: organizationB })).token;
      b.learner = (await signInAs(context.server, { role: 'user', organizationId: organizationB })).token;

      const platform = await speechVoice(superAdmin, 'en-GB-SoniaNeural');
      voice.platform = platform.voiceId;
      voice.own = (await speechVoice(a.operator, 'en-GB-RyanNeural')).voiceId;
      voice.other = (await speechVoice(b.operator, 'en-GB-LibbyNeural')).voiceId;
      const model = await api(superAdmin).call(models.create, {
        body: {
          provider_id: platform.providerId,
          model_id: 'azure-speech-recognition',
          display_name: unique('Azure recognition'),
          capabilities: ['transcription'],
          credits_per_minute: 0,
        },
      });
      expect(model.status).toBe(201);
      transcriptionModel = model.body.id!;

      voiceScenario = await publishedScenario(context.server, a.editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
        mode: 'voice',
      });
      const edited = await api(a.editor).call(scenarioContent.operations.update, {
        params: { id: voiceScenario },
        body: {
          voice_id: voice.own,
          voice_settings: {
            speed: 1.25,
            turn_detection: 'push_to_talk',
            silence_ms: 800,
            recognition_model_id: transcriptionModel,
          },
        },
      });
      expect(edited.status).toBe(200);
      await publish(voiceScenario);
      textScenario = await publishedScenario(context.server, a.editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
      });
    }, 180_000);

    it('keeps a scenario’s voice settings, with defaults for a create that leaves them out, and checks each rule', async () => {
      const read = await api(a.editor).call(scenarioContent.operations.read, { params: { id: voiceScenario } });
      expect(read.body.voice_settings).toEqual({
        speed: 1.25,
        turn_detection: 'push_to_talk',
        silence_ms: 800,
        recognition_model_id: transcriptionModel,
      });
      const text = await api(a.editor).call(scenarioContent.operations.read, { params: { id: textScenario } });
      expect(text.body.voice_settings).toEqual(COACHING_DEFAULTS.scenario.voice_settings);

      const tooShort = await api(a.editor).send('PATCH', `/v1/coaching/scenarios/${voiceScenario}`, {
        body: { voice_settings: { speed: 3, turn_detection: 'always', silence_ms: 100, recognition_model_id: null } },
      });
      expect(tooShort.status).toBe(400);
      expect(issuePaths(tooShort.body)).toEqual(
        expect.arrayContaining(['voice_settings.speed', 'voice_settings.turn_detection', 'voice_settings.silence_ms']),
      );
      // A chat model does not transcribe; another organization's voice is not there for this one.
      const chatOnly = await api(a.editor).call(scenarioContent.operations.update, {
        params: { id: voiceScenario },
        body: {
          voice_settings: { ...COACHING_DEFAULTS.scenario.voice_settings, recognition_model_id: BUILTIN_AI_MODEL_ID },
        },
      });
      expect(chatOnly.status).toBe(404);
      expect(chatOnly.body).toMatchObject({ code: 'coaching_reference_not_found' });
      expect(issuePaths(chatOnly.body)).toEqual(['voice_settings.recognition_model_id']);
    });

    it('reads a scenario saved before voice settings existed with the defaults, and plays it with them', async () => {
      const itemId = newId();
      const stored = await api(a.editor).call(scenarioContent.operations.read, { params: { id: voiceScenario } });
      const { voice_settings: _added, ...older } = {
        name: unique('Older call'),
        description: '',
        image_id: null,
        persona_id: stored.body.persona_id!,
        mission_id: stored.body.mission_id!,
        observer_ids: stored.body.observer_ids!,
        mode: 'voice',
        language: 'en-GB',
        model_id: BUILTIN_AI_MODEL_ID,
        voice_id: null,
        time_limit_seconds: 300,
        voice_settings: null,
      };
      await handleCommand(
        context.server.platform.store,
        coachingItemStreamId(itemId),
        coachingItemDecider,
        {
          type: 'CreateCoachingItem',
          data: { itemId, kind: 'scenario', organizationId: a.organizationId, fields: older, userId: a.editorId },
          metadata: { now: new Date().toISOString() },
        },
        { commandId: `older-${itemId}` },
      );
      const deadline = Date.now() + 10_000;
      while ((await api(a.editor).call(scenarioContent.operations.read, { params: { id: itemId } })).status !== 200) {
        if (Date.now() > deadline) throw new Error('the read model never showed the older scenario');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await publish(itemId);
      const read = await api(a.editor).call(scenarioContent.operations.read, { params: { id: itemId } });
      expect(read.body.voice_settings).toEqual(COACHING_DEFAULTS.scenario.voice_settings);
      const version = await api(a.editor).call(scenarioContent.operations.version, {
        params: { id: itemId, version: 1 },
      });
      expect(version.body.voice_settings).toEqual(COACHING_DEFAULTS.scenario.voice_settings);
      const session = await startSession(a.learner, itemId);
      expect(session.voice_settings).toEqual({
        voice_id: null,
        speed: 1,
        turn_detection: 'voice_activity',
        silence_ms: 500,
        recognition_model_id: null,
      });
    });

    it('starts a session of a scenario without a voice with its persona’s voice', async () => {
      const scenarioId = await publishedScenario(context.server, a.editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
        mode: 'voice',
      });
      const scenario = await api(a.editor).call(scenarioContent.operations.read, { params: { id: scenarioId } });
      expect(scenario.body.voice_id).toBeNull();
      const personaId = scenario.body.persona_id!;
      const voiced = await api(a.editor).call(personaContent.operations.update, {
        params: { id: personaId },
        body: { voice_id: voice.own },
      });
      expect(voiced.status).toBe(200);
      expect((await api(a.editor).send('POST', `/v1/coaching/personas/${personaId}/publish`)).status).toBe(200);
      const session = await startSession(a.learner, scenarioId);
      expect(session.voice_settings).toMatchObject({ voice_id: voice.own });
    });

    it('lets the player change the voice, speed and turn detection of their voice session, once per change', async () => {
      const session = await startSession(a.learner, voiceScenario);
      const atStart = {
        voice_id: voice.own,
        speed: 1.25,
        turn_detection: 'push_to_talk',
        silence_ms: 800,
        recognition_model_id: transcriptionModel,
      };
      expect(session.voice_settings).toEqual(atStart);

      const changed = await patch(a.learner, session.id!, { speed: 0.75, turn_detection: 'voice_activity' });
      expect(changed.status).toBe(200);
      const afterChange = { ...atStart, speed: 0.75, turn_detection: 'voice_activity' };
      expect(changed.body.voice_settings).toEqual(afterChange);
      expect((await api(a.learner).call(sessions.read, { params: { id: session.id! } })).body.voice_settings).toEqual(
        afterChange,
      );

      // Sent again (a retry): the same answer, and nothing more recorded.
      const again = await patch(a.learner, session.id!, { speed: 0.75, turn_detection: 'voice_activity' });
      expect(again.status).toBe(200);
      expect(again.body.voice_settings).toEqual(afterChange);
      const recorded = await context.server.platform.store.readStream(coachingSessionStreamId(session.id!));
      expect(recorded.filter((event) => event.type === 'CoachingSessionVoiceSettingsChanged')).toHaveLength(1);

      expect((await patch(a.learner, session.id!, { voice_id: voice.platform })).body.voice_settings).toMatchObject({
        voice_id: voice.platform,
      });
      expect((await patch(a.learner, session.id!, { voice_id: null })).body.voice_settings).toMatchObject({
        voice_id: null,
      });
      const foreign = await patch(a.learner, session.id!, { voice_id: voice.other });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ code: 'ai_voice_not_found' });
      expect(issuePaths(foreign.body)).toEqual(['voice_id']);
      const unknown = await patch(a.learner, session.id!, { voice_id: newId() });
      expect(unknown.body).toMatchObject({ code: 'ai_voice_not_found' });
    });

    it('refuses malformed settings with the field, and what is the author’s to set', async () => {
      const session = await startSession(a.learner, voiceScenario);
      const path = `/v1/coaching/sessions/${session.id}/voice_settings`;
      const send = (body: unknown) => api(a.learner).send('PATCH', path, { body });
      for (const [body, field] of [
        [{ speed: 3 }, 'speed'],
        [{ speed: 0.25 }, 'speed'],
        [{ speed: 'fast' }, 'speed'],
        [{ turn_detection: 'always' }, 'turn_detection'],
        [{ voice_id: 'not an id!' }, 'voice_id'],
        [{ silence_ms: 300 }, 'silence_ms'],
        [{ recognition_model_id: null }, 'recognition_model_id'],
      ] as const) {
        const refused = await send(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(issuePaths(refused.body), JSON.stringify(body)).toEqual([field]);
      }
      expect((await send({})).status).toBe(400);
      const unchanged = await api(a.learner).call(sessions.read, { params: { id: session.id! } });
      expect(unchanged.body.voice_settings).toEqual(session.voice_settings);
    });

    it('answers 409 for a text session and an ended one', async () => {
      const text = await startSession(a.learner, textScenario);
      expect(text.voice_settings).toBeNull();
      const refused = await patch(a.learner, text.id!, { speed: 1.5 }, 'fr-FR');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'coaching_session_not_voice' });
      expect(refused.body.message).toContain('réglages de voix');

      const session = await startSession(a.learner, voiceScenario);
      expect((await api(a.learner).call(sessions.end, { params: { id: session.id! } })).status).toBe(200);
      const ended = await patch(a.learner, session.id!, { speed: 1.5 });
      expect(ended.status).toBe(409);
      expect(ended.body).toMatchObject({ code: 'coaching_session_ended', details: { status: 'end' } });
    });

    it('lets only the session’s player change it: others 404, another organization 404, no token 401', async () => {
      const session = await startSession(a.learner, voiceScenario);
      // Every signed-in role holds the permission: the session decides, and it is nobody else's to play.
      for (const token of [a.colleague, a.operator, a.editor, b.learner, b.operator]) {
        const refused = await patch(token, session.id!, { speed: 1.5 });
        expect(refused.status).toBe(404);
        expect(refused.body).toMatchObject({ code: 'coaching_session_not_found' });
      }
      expect(
        (await api().send('PATCH', `/v1/coaching/sessions/${session.id}/voice_settings`, { body: {} })).status,
      ).toBe(401);
      const read = await api(a.learner).call(sessions.read, { params: { id: session.id! } });
      expect(read.body.voice_settings).toEqual(session.voice_settings);
    });

    it('lets a guest change their own shared session’s settings, and no other session’s (403)', async () => {
      const joined = await guestOfSharedScenario(context.server, a.learner, voiceScenario);
      const guest = joined.access_token!;
      const own = await patch(guest, joined.session_id!, { turn_detection: 'voice_activity', speed: 1.5 });
      expect(own.status).toBe(200);
      expect(own.body.voice_settings).toMatchObject({ turn_detection: 'voice_activity', speed: 1.5 });

      const learners = await startSession(a.learner, voiceScenario);
      const refused = await patch(guest, learners.id!, { speed: 1.5 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden' });
    });
  },
  { engines: 'one' },
);
