import { aiPort, BUILTIN_AI_MODEL_ID, BUILTIN_AI_PROVIDER_ID, type AppServices } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  aiSpeechVoiceOperations as voices,
  type ErrorBody,
} from '@ai-coaching/contracts';
import { aiUsageOf, newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const issuePaths = (body: Partial<ErrorBody>) => (body.details?.issues ?? []).map((issue) => issue.path);
/** A key value no other text of the run contains, so finding it anywhere is a leak. */
const secretValue = () => `sk-test-${newId().replace(/-/g, '')}`;
const FAKE_KEY = `sk-fake-${newId().replace(/-/g, '')}`;

let fake: FakeOpenAiServer;
const logLines: string[] = [];

await describeApi(
  '[AI]: providers, service keys, models and voices',
  (context) => {
    let editor: string;
    /** Every key value given to the API in this run. */
    const secrets: string[] = [FAKE_KEY];

    const { api } = context;
    const tenant = async () => {
      const organizationId = await createTestOrganization(context.server, unique('Tenant'));
      return { organizationId, operator: (await signInAs(context.server, { role: 'operator', organizationId })).token };
    };
    const compatible = (token: string, extra: Record<string, unknown> = {}) =>
      api(token).call(providers.create, {
        body: { name: unique('Ollama'), kind: 'openai_compatible', base_url: fake.baseUrl, enabled: true, ...extra },
      });
    const addKey = (token: string, providerId: string, value = secretValue(), label = 'Production') => {
      secrets.push(value);
      return api(token).call(keys.create, { body: { provider_id: providerId, label, value } });
    };

    beforeAll(async () => {
      editor = (await signInAs(context.server, { role: 'editor' })).token;
    }, 120_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('has the built-in provider and its model from the first start, for everyone to use', async () => {
      const listed = await api(editor).call(providers.list, { query: { q: 'Built-in' } });
      expect(listed.body.items).toContainEqual({
        id: BUILTIN_AI_PROVIDER_ID,
        name: 'Built-in (offline)',
        kind: 'builtin',
        base_url: null,
        region: null,
        api_version: null,
        organization_id: null,
        enabled: true,
        builtin: true,
        created_by: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        model_count: 1,
      });
      const model = await api(editor).call(models.read, { params: { id: BUILTIN_AI_MODEL_ID } });
      expect(model.body).toMatchObject({
        provider_id: BUILTIN_AI_PROVIDER_ID,
        model_id: 'builtin-coach',
        display_name: 'Built-in coach',
        capabilities: ['chat'],
        credits_per_minute: 0,
        scripted: true,
      });
    });

    it('keeps the built-in provider: it cannot be deleted or disabled, needs no key, and its test succeeds', async () => {
      const id = BUILTIN_AI_PROVIDER_ID;
      const deleted = await api(context.superAdmin.token).call(providers.delete, { params: { id } });
      expect(deleted.status).toBe(409);
      expect(deleted.body).toMatchObject({ code: 'ai_provider_builtin' });
      const disabled = await api(context.superAdmin.token).call(providers.update, {
        params: { id },
        body: { enabled: false },
      });
      expect(disabled.status).toBe(409);
      expect(disabled.body).toMatchObject({ code: 'ai_provider_builtin' });
      const key = await addKey(context.superAdmin.token, id);
      expect(key.status).toBe(409);
      expect(key.body).toMatchObject({ code: 'ai_provider_needs_no_key' });
      const test = await api(context.superAdmin.token).call(providers.test, { params: { id } });
      expect(test.body).toEqual({ ok: true, latency_ms: expect.any(Number) });
      const reserved = await api(context.superAdmin.token).send('POST', '/v1/ai_providers', {
        body: { name: 'Another', kind: 'builtin', enabled: true },
      });
      expect(reserved.status).toBe(400);
      expect(reserved.body.code).toBe('ai_provider_kind_reserved');
    });

    it('creates, lists, reads, changes and deletes a platform-wide provider', async () => {
      const name = unique('LM Studio');
      const created = await compatible(context.superAdmin.token, { name: ` ${name} ` });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name,
        kind: 'openai_compatible',
        base_url: fake.baseUrl,
        region: null,
        api_version: null,
        organization_id: null,
        enabled: true,
        builtin: false,
        created_by: expect.any(String),
        created_at: expect.any(String),
        updated_at: created.body.created_at,
        model_count: 0,
      });
      const id = created.body.id;
      expect((await api(editor).call(providers.list, { query: { q: name } })).body.items).toEqual([created.body]);
      expect((await api(editor).call(providers.read, { params: { id } })).body).toEqual(created.body);

      const changed = await api(context.superAdmin.token).call(providers.update, {
        params: { id },
        body: { name: `${name} 2`, enabled: false },
      });
      expect(changed.body).toMatchObject({ name: `${name} 2`, enabled: false, base_url: fake.baseUrl });

      expect((await api(context.superAdmin.token).call(providers.delete, { params: { id } })).status).toBe(204);
      expect((await api(context.superAdmin.token).call(providers.read, { params: { id } })).status).toBe(404);
      expect((await api(editor).call(providers.list, { query: { q: name } })).body.total).toBe(0);
    });

    it('refuses a provider without what its kind needs, or at an address the guard refuses', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'x', kind: 'openai_compatible', enabled: true }, 'ai_provider_base_url_required', 'base_url'],
        [
          { name: 'x', kind: 'openai_azure', base_url: 'https://acme.openai.azure.com', enabled: true },
          'ai_provider_api_version_required',
          'api_version',
        ],
        [{ name: 'x', kind: 'azure_microsoft', enabled: true }, 'ai_provider_region_required', 'region'],
        [
          { name: 'x', kind: 'openai_compatible', base_url: 'not a url', enabled: true },
          'invalid_ai_provider_url',
          'base_url',
        ],
        [
          { name: 'x', kind: 'openai_compatible', base_url: 'http://169.254.169.254/v1', enabled: true },
          'ai_provider_url_refused',
          'base_url',
        ],
        [{ name: 'x', kind: 'openai', enabled: true, colour: 'red' }, 'invalid_request', 'colour'],
        [{ name: '', kind: 'openai', enabled: true }, 'invalid_request', 'name'],
        [{ name: 'x', kind: 'gemini', enabled: true }, 'invalid_request', 'kind'],
      ];
      for (const [body, code, field] of cases) {
        const answer = await api(context.superAdmin.token).send('POST', '/v1/ai_providers', { body });
        expect(answer.status, code).toBe(400);
        expect(answer.body.code).toBe(code);
        expect(issuePaths(answer.body)).toContain(field);
      }
    });

    it('scopes an organization’s own provider to it, and keeps platform-wide ones to super-admins', async () => {
      const a = await tenant();
      const own = await compatible(a.operator);
      expect(own.status).toBe(201);
      expect(own.body.organization_id).toBe(a.organizationId);

      const platformWide = await compatible(a.operator, { organization_id: null });
      expect(platformWide.status).toBe(403);
      expect(platformWide.body).toMatchObject({ code: 'ai_provider_platform_only' });

      const shared = await compatible(context.superAdmin.token);
      const listed = await api(a.operator).call(providers.list, { query: { page_size: 48 } });
      const ids = listed.body.items.map((provider) => provider.id);
      expect(ids).toEqual(expect.arrayContaining([own.body.id, shared.body.id, BUILTIN_AI_PROVIDER_ID]));
      expect(listed.body.items.every((p) => p.organization_id === null || p.organization_id === a.organizationId)).toBe(
        true,
      );
      const change = await api(a.operator).call(providers.update, {
        params: { id: shared.body.id },
        body: { name: 'Mine now' },
      });
      expect(change.status).toBe(403);
      expect(change.body).toMatchObject({ code: 'ai_provider_platform_only' });

      const b = await tenant();
      expect((await api(b.operator).call(providers.read, { params: { id: own.body.id } })).status).toBe(404);
      const seen = await api(context.superAdmin.token).call(providers.list, {
        query: { organization_id: a.organizationId },
      });
      expect(seen.body.items.map((provider) => provider.id)).toEqual([own.body.id]);
    });

    it('keeps key values write-only: sealed, shown by their last four, rotated without a gap, revoked', async () => {
      const provider = (await compatible(context.superAdmin.token)).body;
      const first = secretValue();
      const added = await addKey(context.superAdmin.token, provider.id, first, ' Primary ');
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(String),
        provider_id: provider.id,
        label: 'Primary',
        last4: first.slice(-4),
        created_by: expect.any(String),
        created_at: expect.any(String),
        last_used_at: null,
        status: 'active',
        current: true,
      });
      const rotated = await addKey(context.superAdmin.token, provider.id, secretValue(), 'Rotated');
      expect(rotated.body).toMatchObject({ status: 'active', current: true });
      const both = await api(context.superAdmin.token).call(keys.list, {
        query: { provider_id: provider.id, sort: 'name' },
      });
      expect(both.body.items.map((key) => [key.label, key.status, key.current])).toEqual([
        ['Primary', 'active', false],
        ['Rotated', 'active', true],
      ]);

      const relabelled = await api(context.superAdmin.token).call(keys.update, {
        params: { id: added.body.id },
        body: { label: 'Old primary' },
      });
      expect(relabelled.body).toMatchObject({ label: 'Old primary', status: 'active' });
      expect((await api(context.superAdmin.token).call(keys.revoke, { params: { id: added.body.id } })).status).toBe(
        204,
      );
      expect((await api(context.superAdmin.token).call(keys.revoke, { params: { id: added.body.id } })).status).toBe(
        204,
      );
      expect(
        (await api(context.superAdmin.token).call(keys.read, { params: { id: added.body.id } })).body,
      ).toMatchObject({
        status: 'revoked',
        current: false,
      });
      const late = await api(context.superAdmin.token).call(keys.update, {
        params: { id: added.body.id },
        body: { label: 'x' },
      });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'ai_service_key_revoked' });

      const tooShort = await api(context.superAdmin.token).send('POST', '/v1/ai_service_keys', {
        body: { provider_id: provider.id, label: 'x', value: 'abc' },
      });
      expect(tooShort.status).toBe(400);
      expect(issuePaths(tooShort.body)).toContain('value');
    });

    it('shows an organization’s keys to its operators only, and the platform’s to super-admins only', async () => {
      const a = await tenant();
      const own = (await compatible(a.operator)).body;
      const ownKey = await addKey(a.operator, own.id);
      expect(ownKey.status).toBe(201);
      const shared = (await compatible(context.superAdmin.token)).body;
      const platformKey = (await addKey(context.superAdmin.token, shared.id)).body;

      const listed = await api(a.operator).call(keys.list, { query: { page_size: 48 } });
      expect(listed.body.items.map((key) => key.id)).toEqual([ownKey.body.id]);
      expect((await api(a.operator).call(keys.read, { params: { id: platformKey.id } })).status).toBe(404);
      const b = await tenant();
      expect((await api(b.operator).call(keys.read, { params: { id: ownKey.body.id } })).status).toBe(404);
      expect((await api(b.operator).call(keys.revoke, { params: { id: ownKey.body.id } })).status).toBe(404);
      const toShared = await addKey(a.operator, shared.id);
      expect(toShared.status).toBe(403);
    });

    it('adds models, "OpenAI Realtime" among them, with their credit price', async () => {
      const provider = (await compatible(context.superAdmin.token)).body;
      const realtime = await api(context.superAdmin.token).call(models.create, {
        body: {
          provider_id: provider.id,
          model_id: 'gpt-4o-realtime-preview',
          display_name: 'OpenAI Realtime',
          capabilities: ['realtime'],
          credits_per_minute: 4,
        },
      });
      expect(realtime.status).toBe(201);
      expect(realtime.body).toEqual({
        id: expect.any(String),
        provider_id: provider.id,
        organization_id: null,
        model_id: 'gpt-4o-realtime-preview',
        display_name: 'OpenAI Realtime',
        capabilities: ['realtime'],
        credits_per_minute: 4,
        temperature: null,
        max_output_tokens: null,
        scripted: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const chat = await api(context.superAdmin.token).call(models.create, {
        body: {
          provider_id: provider.id,
          model_id: 'llama3.1',
          display_name: 'Llama',
          capabilities: ['chat'],
          credits_per_minute: 1,
          temperature: 0.4,
          max_output_tokens: 500,
        },
      });
      const listed = await api(editor).call(models.list, { query: { provider_id: provider.id, sort: 'name' } });
      expect(listed.body.items.map((model) => model.display_name)).toEqual(['Llama', 'OpenAI Realtime']);
      const realtimeOnly = await api(editor).call(models.list, {
        query: { provider_id: provider.id, capability: 'realtime' },
      });
      expect(realtimeOnly.body.items.map((model) => model.id)).toEqual([realtime.body.id]);
      // The provider lists say how many models each has.
      const inList = await api(editor).call(providers.list, { query: { q: provider.name } });
      expect(inList.body.items.map((item) => item.model_count)).toEqual([2]);

      const changed = await api(context.superAdmin.token).call(models.update, {
        params: { id: chat.body.id },
        body: { credits_per_minute: 2, temperature: null },
      });
      expect(changed.body).toMatchObject({ credits_per_minute: 2, temperature: null, max_output_tokens: 500 });
      const refused = await api(context.superAdmin.token).send('POST', '/v1/ai_models', {
        body: {
          provider_id: provider.id,
          model_id: 'x',
          display_name: 'x',
          capabilities: ['chat'],
          credits_per_minute: -1,
        },
      });
      expect(refused.status).toBe(400);
      expect(issuePaths(refused.body)).toContain('credits_per_minute');
      expect((await api(editor).call(models.delete, { params: { id: chat.body.id } })).status).toBe(403);
      expect((await api(context.superAdmin.token).call(models.delete, { params: { id: chat.body.id } })).status).toBe(
        204,
      );
      expect((await api(editor).call(models.read, { params: { id: chat.body.id } })).status).toBe(404);
      expect((await api(editor).call(providers.read, { params: { id: provider.id } })).body.model_count).toBe(1);
    });

    it('adds voices to speech providers only', async () => {
      const speech = await api(context.superAdmin.token).call(providers.create, {
        body: { name: unique('Azure Speech'), kind: 'azure_microsoft', region: 'westeurope', enabled: true },
      });
      expect(speech.body).toMatchObject({ region: 'westeurope', base_url: null });
      const voice = await api(context.superAdmin.token).call(voices.create, {
        body: {
          provider_id: speech.body.id,
          voice_id: 'fr-FR-DeniseNeural',
          display_name: 'Denise',
          languages: ['fr-FR'],
          gender: 'female',
        },
      });
      expect(voice.status).toBe(201);
      expect(voice.body).toEqual({
        id: expect.any(String),
        provider_id: speech.body.id,
        organization_id: null,
        voice_id: 'fr-FR-DeniseNeural',
        display_name: 'Denise',
        languages: ['fr-FR'],
        gender: 'female',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const learner = (await signInAs(context.server, { role: 'user' })).token;
      const french = await api(learner).call(voices.list, {
        query: { provider_id: speech.body.id, language: 'fr-FR' },
      });
      expect(french.body.items.map((item) => item.id)).toEqual([voice.body.id]);
      const english = await api(learner).call(voices.list, {
        query: { provider_id: speech.body.id, language: 'en-GB' },
      });
      expect(english.body.total).toBe(0);
      const changed = await api(context.superAdmin.token).call(voices.update, {
        params: { id: voice.body.id },
        body: { languages: ['fr-FR', 'en-GB'], gender: null },
      });
      expect(changed.body).toMatchObject({ languages: ['en-GB', 'fr-FR'], gender: null });

      const chatOnly = (
        await api(context.superAdmin.token).call(providers.create, {
          body: { name: unique('OpenAI chat'), kind: 'openai', enabled: true },
        })
      ).body;
      const refused = await api(context.superAdmin.token).send('POST', '/v1/ai_speech_voices', {
        body: { provider_id: chatOnly.id, voice_id: 'alloy', display_name: 'Alloy', languages: ['en-GB'] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('ai_provider_not_speech');
      expect((await api(context.superAdmin.token).call(voices.delete, { params: { id: voice.body.id } })).status).toBe(
        204,
      );
    });

    it('refuses to delete a provider still used, naming what uses it; then deletes it and revokes its keys', async () => {
      const provider = (await compatible(context.superAdmin.token)).body;
      const key = (await addKey(context.superAdmin.token, provider.id)).body;
      const model = (
        await api(context.superAdmin.token).call(models.create, {
          body: {
            provider_id: provider.id,
            model_id: 'llama3.1',
            display_name: 'Team Llama',
            capabilities: ['chat'],
            credits_per_minute: 1,
          },
        })
      ).body;
      const refused = await api(context.superAdmin.token).call(providers.delete, { params: { id: provider.id } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'ai_provider_in_use',
        message: expect.stringContaining('"Team Llama"'),
        details: { used_by: [{ kind: 'ai_model', id: model.id, name: 'Team Llama' }] },
      });
      const french = await api(context.superAdmin.token).call(
        providers.delete,
        { params: { id: provider.id } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(french.body.message).toMatch(/^Ce fournisseur est encore utilisé par .*"Team Llama"/);

      await api(context.superAdmin.token).call(models.delete, { params: { id: model.id } });
      expect((await api(context.superAdmin.token).call(providers.delete, { params: { id: provider.id } })).status).toBe(
        204,
      );
      expect((await api(context.superAdmin.token).call(keys.read, { params: { id: key.id } })).body.status).toBe(
        'revoked',
      );
    });

    it('tests a connection: the round-trip time, or the cause in the caller’s language', async () => {
      const provider = (await compatible(context.superAdmin.token)).body;
      const noKey = await addKey(context.superAdmin.token, provider.id, secretValue(), 'Wrong');
      expect(noKey.status).toBe(201);
      const wrong = await api(context.superAdmin.token).call(
        providers.test,
        { params: { id: provider.id } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(wrong.body).toEqual({
        ok: false,
        latency_ms: expect.any(Number),
        error_code: 'wrong_key',
        message: 'Le fournisseur a refusé la clé\u00a0: vérifiez la clé de service, ou ajoutez la bonne.',
      });
      expect(
        (await api(context.superAdmin.token).call(keys.read, { params: { id: noKey.body.id } })).body.last_used_at,
      ).toBeNull();
      const rightKey = await addKey(context.superAdmin.token, provider.id, FAKE_KEY, 'Right');
      const right = await api(context.superAdmin.token).call(providers.test, { params: { id: provider.id } });
      expect(right.body).toEqual({ ok: true, latency_ms: expect.any(Number) });
      // A test the provider accepted is a use of the key; a refused one is not.
      expect(
        (await api(context.superAdmin.token).call(keys.read, { params: { id: rightKey.body.id } })).body.last_used_at,
      ).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
      expect(
        (await api(context.superAdmin.token).call(keys.read, { params: { id: noKey.body.id } })).body.last_used_at,
      ).toBeNull();

      const eleven = await api(context.superAdmin.token).call(providers.create, {
        body: { name: unique('ElevenLabs'), kind: 'elevenlabs', enabled: true },
      });
      // A speech provider with no key yet: the test says to add one, before any call (not that a key is wrong).
      const keyless = await api(context.superAdmin.token).call(providers.test, { params: { id: eleven.body.id } });
      expect(keyless.body).toMatchObject({
        ok: false,
        error_code: 'no_key',
        message: 'This provider has no service key yet: add one under Service keys.',
      });
      const keylessInFrench = await api(context.superAdmin.token).call(
        providers.test,
        { params: { id: eleven.body.id } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(keylessInFrench.body.message).toBe(
        'Ce fournisseur n’a pas encore de clé de service\u00a0: ajoutez-en une sous Clés de service.',
      );
    });

    it('calls a model through the AI port with the current key, recording the usage and the key’s use', async () => {
      const a = await tenant();
      const provider = (await compatible(a.operator)).body;
      const key = (await addKey(a.operator, provider.id, FAKE_KEY, 'Team key')).body;
      const model = (
        await api(a.operator).call(models.create, {
          body: {
            provider_id: provider.id,
            model_id: 'llama3.1',
            display_name: 'Llama',
            capabilities: ['chat'],
            credits_per_minute: 1,
          },
        })
      ).body;
      fake.script({ kind: 'reply', text: 'Hello there', usage: { prompt_tokens: 7, completion_tokens: 2 } });
      const port = aiPort(context.server.platform as unknown as AppServices);
      let text = '';
      for await (const event of port.chat(
        { providerId: provider.id, modelId: model.id },
        { messages: [{ role: 'user', content: 'Hi' }] },
        { organizationId: a.organizationId, sessionId: 'session-1' },
      )) {
        if (event.type === 'done') text = event.text;
      }
      expect(text).toBe('Hello there');
      expect(fake.completions().at(-1)?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
      expect(await aiUsageOf(context.server.platform.db, a.organizationId)).toEqual([
        {
          at: expect.any(String),
          providerId: provider.id,
          modelId: model.id,
          organizationId: a.organizationId,
          sessionId: 'session-1',
          operation: 'chat',
          inputTokens: 7,
          outputTokens: 2,
          audioSeconds: null,
        },
      ]);
      expect((await api(a.operator).call(keys.read, { params: { id: key.id } })).body.last_used_at).toEqual(
        expect.any(String),
      );

      // Another organization cannot use it, nor a disabled provider be used.
      const b = await tenant();
      const elsewhere = port.chat(
        { providerId: provider.id, modelId: model.id },
        { messages: [{ role: 'user', content: 'Hi' }] },
        { organizationId: b.organizationId },
      );
      await expect(elsewhere[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'ai_provider_not_found' });
    });

    it('never lets a key value reach an answer, a log line, an event or a read-model row in clear', async () => {
      expect(secrets.length).toBeGreaterThan(5);
      const events = JSON.stringify(
        await context.server.platform.store.readAll({ maxCount: 100_000 }),
        (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      );
      expect(events).toContain('AiServiceKeyAdded');
      const rows = JSON.stringify((await context.server.platform.db.query('SELECT * FROM rm_ai_service_keys')).rows);
      const log = logLines.join('\n');
      expect(log).toContain('/v1/ai_service_keys');
      for (const secret of secrets) {
        expect(events.includes(secret), 'event store').toBe(false);
        expect(rows.includes(secret), 'read model').toBe(false);
        expect(log.includes(secret), 'log').toBe(false);
      }
    });
  },
  {
    env: async () => {
      fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['llama3.1'] });
      // Everything the server logs, at the most verbose level, to check that no key value is in it;
      // the fake listens on 127.0.0.1, which only AI_ALLOW_PRIVATE_NETWORK lets a provider use.
      return { LOG_LEVEL: 'trace', AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
    server: { logDestination: { write: (line) => void logLines.push(line) } },
  },
);
