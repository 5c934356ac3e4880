import { BUILTIN_AI_PROVIDER_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  aiSpeechVoiceOperations as voices,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, expect, it } from 'vitest';
import { startFakeAzureSpeechServer, type FakeAzureSpeechServer } from '../fakes/azure-speech-server.js';
import { startFakeElevenLabsServer, type FakeElevenLabsServer } from '../fakes/elevenlabs-server.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
/** Key values no other text of the run contains, so finding one anywhere is a leak. */
const secret = (prefix: string) => `${prefix}-${newId().replace(/-/g, '')}`;
const OPENAI_KEY = secret('sk-audio');
const ELEVENLABS_KEY = secret('xi');
const AZURE_KEY = secret('azure');
const WRONG_KEY = secret('wrong');

let openAi: FakeOpenAiServer;
let elevenLabs: FakeElevenLabsServer;
let azure: FakeAzureSpeechServer;
const logLines: string[] = [];

await describeApi(
  '[AI]: speech voices, their previews and their import',
  (context) => {
    const { api } = context;

    /** A platform-wide provider with a key and, unless told otherwise, a speech model. */
    const provider = async (
      body: Record<string, unknown>,
      key: string,
      modelId: string | undefined,
      token = context.superAdmin.token,
    ): Promise<string> => {
      const created = await api(token).send<{ id: string }>('POST', '/v1/ai_providers', {
        body: { name: unique(String(body.kind)), enabled: true, ...body },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      const added = await api(token).call(keys.create, { body: { provider_id: id, label: 'Main', value: key } });
      expect(added.status).toBe(201);
      if (modelId) {
        const model = await api(token).call(models.create, {
          body: {
            provider_id: id,
            model_id: modelId,
            display_name: 'Speech',
            capabilities: ['speech'],
            credits_per_minute: 1,
          },
        });
        expect(model.status).toBe(201);
      }
      return id;
    };

    /** The preview as the browser gets it: the bytes and the headers. */
    const preview = async (token: string, voiceId: string, language = 'en-GB') => {
      const response = await fetch(`${context.server.url}/v1/ai_speech_voices/${voiceId}/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        type,
        cache: response.headers.get('x-preview-cache'),
        bytes,
        json: type.startsWith('application/json')
          ? (JSON.parse(new TextDecoder().decode(bytes)) as {
              code: string;
              message: string;
              details?: { error_code?: string };
            })
          : undefined,
      };
    };

    const importVoices = (providerId: string, voiceIds: string[], token = context.superAdmin.token) =>
      api(token).call(voices.import, { body: { provider_id: providerId, voice_ids: voiceIds } });

    const speechUsage = async (providerId: string) =>
      (
        await context.server.platform.db.query<{ audio_seconds: number }>(
          `SELECT audio_seconds FROM ai_usage WHERE provider_id = $1 AND operation = 'speak'`,
          [providerId],
        )
      ).rows;

    afterAll(async () => {
      await Promise.all([openAi?.close(), elevenLabs?.close(), azure?.close()]);
    });

    it('openai_audio: lists OpenAI’s voices in every language, imports them once, and previews from the cache', async () => {
      const id = await provider({ kind: 'openai_audio', base_url: openAi.baseUrl }, OPENAI_KEY, 'tts-1');

      const available = await api(context.superAdmin.token).call(providers.availableVoices, { params: { id } });
      expect(available.status).toBe(200);
      expect(available.body.total).toBe(11);
      expect(available.body.items).toContainEqual({
        voice_id: 'alloy',
        display_name: 'Alloy',
        languages: ['en-GB', 'en-US', 'fr-FR'],
        gender: null,
        imported: false,
      });

      const first = await importVoices(id, ['alloy', 'nova', 'alloy', 'no-such-voice']);
      expect(first.status).toBe(200);
      expect(first.body.created.map((voice) => voice.voice_id)).toEqual(['alloy', 'nova']);
      expect(first.body.created[0]).toMatchObject({
        provider_id: id,
        display_name: 'Alloy',
        languages: ['en-GB', 'en-US', 'fr-FR'],
        gender: null,
      });
      expect(first.body).toMatchObject({ skipped: [], unknown: ['no-such-voice'] });
      const again = await importVoices(id, ['alloy', 'nova', 'echo']);
      expect(again.body).toMatchObject({ skipped: ['alloy', 'nova'], unknown: [] });
      expect(again.body.created.map((voice) => voice.voice_id)).toEqual(['echo']);
      const listed = await api(context.superAdmin.token).call(voices.list, {
        query: { provider_id: id, page_size: 48 },
      });
      expect(listed.body.items.map((voice) => voice.voice_id).sort()).toEqual(['alloy', 'echo', 'nova']);
      const marked = await api(context.superAdmin.token).call(providers.availableVoices, { params: { id } });
      expect(marked.body.items.filter((voice) => voice.imported).map((voice) => voice.voice_id)).toEqual([
        'alloy',
        'echo',
        'nova',
      ]);

      const alloy = first.body.created[0]!.id;
      const made = await preview(context.superAdmin.token, alloy);
      expect(made).toMatchObject({ status: 200, type: 'audio/mpeg', cache: 'miss' });
      expect(made.bytes).toEqual(openAi.speechAudioOf('alloy'));
      expect(openAi.speeches()).toHaveLength(1);
      expect(openAi.speeches()[0]!.body).toMatchObject({
        model: 'tts-1',
        voice: 'alloy',
        input: expect.stringMatching(/^Hello, I am Alloy\./),
      });
      const served = await preview(context.superAdmin.token, alloy);
      expect(served).toMatchObject({ status: 200, type: 'audio/mpeg', cache: 'hit' });
      expect(served.bytes).toEqual(made.bytes);
      expect(openAi.speeches()).toHaveLength(1);
      const usage = await speechUsage(id);
      expect(usage).toHaveLength(1);
      expect(Number(usage[0]!.audio_seconds)).toBeGreaterThan(1);

      // Another voice id is another voice: a new sample, made once again.
      await api(context.superAdmin.token).call(voices.update, { params: { id: alloy }, body: { voice_id: 'shimmer' } });
      const changed = await preview(context.superAdmin.token, alloy);
      expect(changed).toMatchObject({ status: 200, cache: 'miss' });
      expect(changed.bytes).toEqual(openAi.speechAudioOf('shimmer'));
      expect((await preview(context.superAdmin.token, alloy)).cache).toBe('hit');
      expect(openAi.speeches().map((request) => request.body?.voice)).toEqual(['alloy', 'shimmer']);
    });

    it('elevenlabs: imports the library’s voices with their languages and gender, and previews once', async () => {
      const id = await provider(
        { kind: 'elevenlabs', base_url: elevenLabs.origin },
        ELEVENLABS_KEY,
        'eleven_multilingual_v2',
      );
      const available = await api(context.superAdmin.token).call(providers.availableVoices, { params: { id } });
      expect(available.status).toBe(200);
      // Dieter speaks only German: not a session language, left out.
      expect(available.body).toEqual({
        total: 3,
        items: [
          { voice_id: 'el-alice', display_name: 'Alice', languages: ['en-GB'], gender: 'female', imported: false },
          { voice_id: 'el-brian', display_name: 'Brian', languages: ['en-US'], gender: 'male', imported: false },
          {
            voice_id: 'el-camille',
            display_name: 'Camille',
            languages: ['en-US', 'fr-FR'],
            gender: 'neutral',
            imported: false,
          },
        ],
      });
      expect(elevenLabs.requests.at(-1)?.headers['xi-api-key']).toBe(ELEVENLABS_KEY);

      const imported = await importVoices(id, ['el-camille', 'el-dieter']);
      expect(imported.body.created).toHaveLength(1);
      expect(imported.body.unknown).toEqual(['el-dieter']);
      const camille = imported.body.created[0]!;
      expect(camille).toMatchObject({ voice_id: 'el-camille', languages: ['en-US', 'fr-FR'], gender: 'neutral' });

      const made = await preview(context.superAdmin.token, camille.id);
      expect(made).toMatchObject({ status: 200, type: 'audio/mpeg', cache: 'miss' });
      expect(made.bytes).toEqual(elevenLabs.audioOf('el-camille'));
      expect((await preview(context.superAdmin.token, camille.id)).cache).toBe('hit');
      expect(elevenLabs.syntheses()).toHaveLength(1);
      const request = elevenLabs.syntheses()[0]!;
      expect(request.path).toBe('/v1/text-to-speech/el-camille');
      // Its first language is en-US: the sample is in English.
      expect(JSON.parse(request.body)).toMatchObject({
        text: expect.stringMatching(/^Hello, I am Camille\./),
        model_id: 'eleven_multilingual_v2',
      });
      expect(await speechUsage(id)).toHaveLength(1);
    });

    it('azure_microsoft: lists the voices of the session languages, previews in French with escaped SSML', async () => {
      const id = await provider({ kind: 'azure_microsoft', base_url: azure.origin }, AZURE_KEY, 'azure-tts');
      const available = await api(context.superAdmin.token).call(providers.availableVoices, { params: { id } });
      expect(available.body.items.map((voice) => [voice.voice_id, voice.languages, voice.gender])).toEqual([
        ['en-GB-SoniaNeural', ['en-GB'], 'female'],
        ['en-US-GuyNeural', ['en-US'], 'male'],
        ['fr-FR-DeniseNeural', ['fr-FR'], 'female'],
        ['en-US-AvaMultilingualNeural', ['en-GB', 'en-US', 'fr-FR'], 'female'],
      ]);
      const imported = await importVoices(id, ['fr-FR-DeniseNeural']);
      const denise = imported.body.created[0]!;
      // A name with characters SSML gives a meaning to must still make a well-formed request.
      await api(context.superAdmin.token).call(voices.update, {
        params: { id: denise.id },
        body: { display_name: 'Denise <&> "D"' },
      });

      const made = await preview(context.superAdmin.token, denise.id);
      expect(made).toMatchObject({ status: 200, type: 'audio/mpeg', cache: 'miss' });
      expect(made.bytes).toEqual(azure.audioOf('fr-FR-DeniseNeural'));
      expect((await preview(context.superAdmin.token, denise.id)).cache).toBe('hit');
      expect(azure.syntheses()).toHaveLength(1);
      const request = azure.syntheses()[0]!;
      expect(request.headers['x-microsoft-outputformat']).toBe('audio-24khz-48kbitrate-mono-mp3');
      expect(request.body).toContain('xml:lang="fr-FR"');
      expect(request.body).toContain(
        '<voice name="fr-FR-DeniseNeural">Bonjour, je suis Denise &lt;&amp;&gt; &quot;D&quot;.',
      );
    });

    it('answers wrong_key, in the caller’s language, when the provider refuses the key', async () => {
      const eleven = await provider(
        { kind: 'elevenlabs', base_url: elevenLabs.origin },
        WRONG_KEY,
        'eleven_multilingual_v2',
      );
      const listed = await api(context.superAdmin.token).call(
        providers.availableVoices,
        { params: { id: eleven } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(listed.status).toBe(502);
      expect(listed.body).toEqual({
        code: 'ai_call_failed',
        message: 'Le fournisseur a refusé la clé\u00a0: vérifiez la clé de service, ou ajoutez la bonne.',
        details: { error_code: 'wrong_key' },
      });

      const openAiWrong = await provider({ kind: 'openai_audio', base_url: openAi.baseUrl }, WRONG_KEY, 'tts-1');
      const voice = await api(context.superAdmin.token).call(voices.create, {
        body: { provider_id: openAiWrong, voice_id: 'nova', display_name: 'Nova', languages: ['en-GB'] },
      });
      const refused = await preview(context.superAdmin.token, voice.body.id);
      expect(refused.status).toBe(502);
      expect(refused.json).toMatchObject({
        code: 'ai_call_failed',
        message: 'The provider refused the key: check the service key, or add the right one.',
        details: { error_code: 'wrong_key' },
      });

      const azureWrong = await provider({ kind: 'azure_microsoft', base_url: azure.origin }, WRONG_KEY, 'azure-tts');
      const imported = await importVoices(azureWrong, ['en-GB-SoniaNeural']);
      expect(imported.status).toBe(502);
      expect(imported.body.details).toEqual({ error_code: 'wrong_key' });
      const test = await api(context.superAdmin.token).call(providers.test, { params: { id: azureWrong } });
      expect(test.body).toMatchObject({ ok: false, error_code: 'wrong_key' });
    });

    it('refuses a preview without a speech model, and of the built-in provider, which cannot speak yet', async () => {
      const id = await provider({ kind: 'elevenlabs', base_url: elevenLabs.origin }, ELEVENLABS_KEY, undefined);
      const voice = await api(context.superAdmin.token).call(voices.create, {
        body: { provider_id: id, voice_id: 'el-alice', display_name: 'Alice', languages: ['en-GB'] },
      });
      const noModel = await preview(context.superAdmin.token, voice.body.id, 'fr-FR');
      expect(noModel.status).toBe(409);
      expect(noModel.json?.code).toBe('ai_voice_no_speech_model');
      expect(noModel.json?.message).toMatch(/^Ajoutez d’abord/);

      const builtinVoice = await api(context.superAdmin.token).call(voices.create, {
        body: {
          provider_id: BUILTIN_AI_PROVIDER_ID,
          voice_id: unique('offline'),
          display_name: 'Offline',
          languages: ['fr-FR'],
        },
      });
      const offline = await preview(context.superAdmin.token, builtinVoice.body.id);
      expect(offline.status).toBe(409);
      expect(offline.json?.code).toBe('ai_speech_not_supported');
      const builtinList = await api(context.superAdmin.token).call(providers.availableVoices, {
        params: { id: BUILTIN_AI_PROVIDER_ID },
      });
      expect(builtinList.status).toBe(409);
      expect(builtinList.body.code).toBe('ai_speech_not_supported');
    });

    it('keeps an organization’s voices to it: previews and voice lists of another organization answer 404', async () => {
      const owner = await signInAs(context.server, {
        role: 'operator',
        organizationId: await createTestOrganization(context.server, unique('Owner')),
      });
      const stranger = await signInAs(context.server, {
        role: 'operator',
        organizationId: await createTestOrganization(context.server, unique('Stranger')),
      });
      const id = await provider(
        { kind: 'azure_microsoft', base_url: azure.origin },
        AZURE_KEY,
        'azure-tts',
        owner.token,
      );
      const imported = await importVoices(id, ['en-GB-SoniaNeural'], owner.token);
      const sonia = imported.body.created[0]!.id;
      expect((await preview(owner.token, sonia)).status).toBe(200);
      expect((await preview(stranger.token, sonia)).status).toBe(404);
      const lists = await api(stranger.token).call(providers.availableVoices, { params: { id } });
      expect(lists.status).toBe(404);
      expect((await importVoices(id, ['en-GB-GuyNeural'], stranger.token)).status).toBe(404);
      // Its usage is the organization's.
      const usage = await context.server.platform.db.query<{ organization_id: string }>(
        `SELECT organization_id FROM ai_usage WHERE provider_id = $1`,
        [id],
      );
      expect(usage.rows).toEqual([{ organization_id: owner.organizationId }]);
    });

    it('never shows or logs a key value', () => {
      const log = logLines.join('\n');
      expect(log.length).toBeGreaterThan(0);
      for (const key of [OPENAI_KEY, ELEVENLABS_KEY, AZURE_KEY, WRONG_KEY]) expect(log).not.toContain(key);
    });
  },
  {
    env: async () => {
      openAi = await startFakeOpenAiServer({ apiKey: OPENAI_KEY, models: ['tts-1'] });
      elevenLabs = await startFakeElevenLabsServer({ apiKey: ELEVENLABS_KEY });
      azure = await startFakeAzureSpeechServer({ apiKey: AZURE_KEY });
      // The fakes listen on 127.0.0.1, which only AI_ALLOW_PRIVATE_NETWORK lets a provider use.
      return { LOG_LEVEL: 'trace', AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
    server: { logDestination: { write: (line) => void logLines.push(line) } },
  },
);
