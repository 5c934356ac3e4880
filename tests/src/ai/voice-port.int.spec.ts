import { aiPort, BUILTIN_AI_MODEL_ID, BUILTIN_AI_PROVIDER_ID, type AppServices } from '@ai-coaching/application';
import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
} from '@ai-coaching/contracts';
import type { VoiceProviderEvent } from '@ai-coaching/domain';
import { aiUsageOf, createOpenAiAdapter, newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../fakes/openai-realtime-server.js';

// The AI port's `voice`: an organization's OpenAI provider, its sealed key and a `realtime` model of the
// catalogue, resolved as every call is, then the realtime adapter against the TLS fake (trusted here only).

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const KEY = `sk-realtime-${newId().replace(/-/g, '')}`;

let fake: FakeRealtimeServer;

await describeApi(
  '[AI]: live voice through the AI port',
  (context) => {
    let services: AppServices;

    beforeAll(async () => {
      services = {
        ...(context.server.platform as unknown as AppServices),
        aiAdapters: {
          openai: (connection) =>
            createOpenAiAdapter(connection, { allowPrivateNetwork: true, realtime: { tlsInsecureForTests: true } }),
        },
      };
    }, 120_000);
    afterAll(async () => {
      await fake?.close();
    });

    const organization = async () => {
      const organizationId = await createTestOrganization(context.server, unique('Tenant'));
      const { token } = await signInAs(context.server, { role: 'operator', organizationId });
      const api = apiClient(context.server, token);
      const provider = (
        await api.call(providers.create, {
          body: { name: unique('OpenAI'), kind: 'openai', base_url: fake.baseUrl, enabled: true },
        })
      ).body;
      await api.call(keys.create, { body: { provider_id: provider.id, label: 'Voice', value: KEY } });
      const model = async (capabilities: ('chat' | 'realtime')[]) =>
        (
          await api.call(models.create, {
            body: {
              provider_id: provider.id,
              model_id: capabilities.includes('realtime') ? 'gpt-realtime' : 'gpt-4o-mini',
              display_name: unique('Model'),
              capabilities,
              credits_per_minute: 10,
            },
          })
        ).body;
      return { organizationId, providerId: provider.id, model };
    };

    it('opens a conversation with the provider’s key and the catalogue model, and records each reply’s usage', async () => {
      const a = await organization();
      const realtime = await a.model(['realtime']);
      fake.script({ text: 'Good morning. [[WIN]]', audioMs: 1000 });
      const voice = await aiPort(services).voice(
        { providerId: a.providerId, modelId: realtime.id },
        { instructions: 'You are Alex.', language: 'en-GB' },
        { organizationId: a.organizationId, sessionId: 'session-voice-1' },
      );
      const events: VoiceProviderEvent[] = [];
      let replied = () => undefined as void;
      const done = new Promise<void>((resolve) => (replied = resolve));
      try {
        await voice.start((event) => {
          events.push(event);
          if (event.type === 'response_done') replied();
        });
        voice.sendText('Good morning!');
        await done;
      } finally {
        await voice.close();
      }
      expect(events.map((event) => event.type)).toContain('usage');
      const connection = fake.connections.at(-1)!;
      expect(connection.query).toEqual({ model: 'gpt-realtime' });
      expect(connection.headers.authorization).toBe(`Bearer ${KEY}`);
      await expect
        .poll(() => aiUsageOf(context.server.platform.db, a.organizationId))
        .toEqual([
          {
            at: expect.any(String),
            providerId: a.providerId,
            modelId: realtime.id,
            organizationId: a.organizationId,
            sessionId: 'session-voice-1',
            operation: 'realtime',
            inputTokens: 10,
            outputTokens: 3,
            audioSeconds: 1,
          },
        ]);
    });

    it('refuses another organization’s provider as not found, a model without realtime, and the built-in provider', async () => {
      const a = await organization();
      const realtime = await a.model(['realtime']);
      const chat = await a.model(['chat']);
      const port = aiPort(services);
      const before = fake.connections.length;

      const b = await createTestOrganization(context.server, unique('Other'));
      await expect(
        port.voice(
          { providerId: a.providerId, modelId: realtime.id },
          { instructions: 'x', language: 'en-GB' },
          { organizationId: b },
        ),
      ).rejects.toMatchObject({ code: 'ai_provider_not_found' });
      await expect(
        port.voice(
          { providerId: a.providerId, modelId: chat.id },
          { instructions: 'x', language: 'en-GB' },
          { organizationId: a.organizationId },
        ),
      ).rejects.toMatchObject({ code: 'not_supported' });
      await expect(
        port.voice(
          { providerId: BUILTIN_AI_PROVIDER_ID, modelId: BUILTIN_AI_MODEL_ID },
          { instructions: 'x', language: 'en-GB' },
          { organizationId: a.organizationId },
        ),
      ).rejects.toMatchObject({ code: 'not_supported' });
      expect(fake.connections.length).toBe(before);
    });
  },
  {
    env: async () => {
      fake = await startFakeRealtimeServer({ apiKey: KEY });
      return { AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
  },
);
