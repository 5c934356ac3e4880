import type { AiModelEvent, AiProviderEvent, AiServiceKeyEvent, AiSpeechVoiceEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams as params, seededReadModel } from '../../testing/read-model-spec.js';
import {
  aiCatalogueProjection,
  aiProviderDependents,
  findAiProvider,
  findAiServiceKey,
  findCurrentAiServiceKey,
  listAiModels,
  listAiProviders,
  listAiServiceKeys,
  listAiSpeechVoices,
} from './index.js';

type CatalogueEvent = AiProviderEvent | AiServiceKeyEvent | AiModelEvent | AiSpeechVoiceEvent;

const provider = (providerId: string, name: string, day: number, organizationId: string | null): CatalogueEvent => ({
  type: 'AiProviderCreated',
  data: {
    providerId,
    kind: 'openai',
    organizationId,
    name,
    baseUrl: null,
    region: null,
    apiVersion: null,
    enabled: true,
    createdBy: 'ada',
    createdAt: at(day),
  },
});
const key = (keyId: string, providerId: string, day: number, organizationId: string | null): CatalogueEvent => ({
  type: 'AiServiceKeyAdded',
  data: {
    keyId,
    providerId,
    organizationId,
    label: `Key ${keyId}`,
    sealedValue: `sealed-${keyId}`,
    last4: keyId.slice(-4).padStart(4, '0'),
    createdBy: 'ada',
    createdAt: at(day),
  },
});

const ids = (items: { providerId?: string; keyId?: string }[]) => items.map((item) => item.providerId ?? item.keyId);

describe('ai-catalogue read model', () => {
  const { db, reapplyTwice } = seededReadModel<CatalogueEvent>(aiCatalogueProjection, async ({ append }) => {
    await append('ai-provider-platform', provider('platform', 'Platform OpenAI', 1, null), {
      type: 'AiProviderUpdated',
      data: {
        providerId: 'platform',
        name: 'OpenAI',
        baseUrl: null,
        region: null,
        apiVersion: null,
        enabled: false,
        updatedAt: at(2),
      },
    });
    await append('ai-provider-acme', provider('acme', 'Acme OpenAI', 3, 'acme'));
    await append('ai-provider-beta', provider('beta', 'Beta OpenAI', 4, 'beta'));
    await append('ai-provider-gone', provider('gone', 'Gone', 5, 'acme'), {
      type: 'AiProviderDeleted',
      data: { providerId: 'gone', deletedAt: at(6) },
    });
    await append('ai-service-key-k1', key('k1', 'acme', 7, 'acme'));
    await append('ai-service-key-k2', key('k2', 'acme', 8, 'acme'));
    await append('ai-service-key-k3', key('k3', 'acme', 9, 'acme'), {
      type: 'AiServiceKeyRevoked',
      data: { keyId: 'k3', revokedAt: at(10) },
    });
    await append('ai-model-m1', {
      type: 'AiModelCreated',
      data: {
        aiModelId: 'm1',
        providerId: 'acme',
        organizationId: 'acme',
        modelId: 'gpt-4o',
        displayName: 'GPT-4o',
        capabilities: ['chat'],
        creditsPerMinute: 2,
        temperature: 0.5,
        maxOutputTokens: null,
        createdAt: at(11),
      },
    });
    await append('ai-speech-voice-v1', {
      type: 'AiSpeechVoiceCreated',
      data: {
        aiSpeechVoiceId: 'v1',
        providerId: 'acme',
        organizationId: 'acme',
        voiceId: 'alloy',
        displayName: 'Alloy',
        languages: ['en-GB', 'fr-FR'],
        gender: null,
        createdAt: at(12),
      },
    });
  });

  it('holds each provider with its latest settings, and forgets a deleted one', async () => {
    expect(await findAiProvider(db, 'platform')).toEqual({
      providerId: 'platform',
      organizationId: null,
      kind: 'openai',
      name: 'OpenAI',
      baseUrl: null,
      region: null,
      apiVersion: null,
      enabled: false,
      createdBy: 'ada',
      createdAt: at(1),
      updatedAt: at(2),
      modelCount: 0,
    });
    expect((await findAiProvider(db, 'acme'))?.modelCount).toBe(1);
    expect(await findAiProvider(db, 'gone')).toBeUndefined();
  });

  it('lists what an organization may use: the platform-wide providers and its own', async () => {
    expect(ids((await listAiProviders(db, { ...params({ sort: 'name' }), visibleTo: 'acme' })).items)).toEqual([
      'acme',
      'platform',
    ]);
    expect(ids((await listAiProviders(db, { ...params({ sort: 'name' }), organizationId: null })).items)).toEqual([
      'platform',
    ]);
    expect((await listAiProviders(db, params())).total).toBe(3);
  });

  it('makes the newest active key the current one, and never lists a sealed value', async () => {
    expect(await findCurrentAiServiceKey(db, 'acme')).toEqual({ keyId: 'k2', sealedValue: 'sealed-k2' });
    const page = await listAiServiceKeys(db, { ...params({ sort: 'updated_at' }), providerId: 'acme' });
    expect(page.items.map((item) => [item.keyId, item.status, item.current])).toEqual([
      ['k1', 'active', false],
      ['k2', 'active', true],
      ['k3', 'revoked', false],
    ]);
    expect(JSON.stringify(page)).not.toContain('sealed-');
    expect(await findAiServiceKey(db, 'k3')).toMatchObject({ status: 'revoked', last4: '00k3' });
    expect((await listAiServiceKeys(db, { ...params(), status: 'active' })).total).toBe(2);
  });

  it('lists models and voices by provider, capability and language, and names what depends on a provider', async () => {
    expect((await listAiModels(db, { ...params(), providerId: 'acme', capability: 'chat' })).items).toEqual([
      expect.objectContaining({ aiModelId: 'm1', temperature: 0.5, capabilities: ['chat'] }),
    ]);
    expect((await listAiModels(db, { ...params(), capability: 'realtime' })).total).toBe(0);
    expect((await listAiSpeechVoices(db, { ...params(), language: 'fr-FR' })).items).toEqual([
      expect.objectContaining({ aiSpeechVoiceId: 'v1', languages: ['en-GB', 'fr-FR'] }),
    ]);
    expect(await aiProviderDependents(db, 'acme')).toEqual([
      { kind: 'ai_model', id: 'm1', name: 'GPT-4o' },
      { kind: 'ai_speech_voice', id: 'v1', name: 'Alloy' },
    ]);
    expect(await aiProviderDependents(db, 'platform')).toEqual([]);
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const snapshot = async () =>
      Promise.all(
        ['rm_ai_providers', 'rm_ai_service_keys', 'rm_ai_models', 'rm_ai_speech_voices'].map(
          async (table) => (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows,
        ),
      );
    const before = await snapshot();
    await reapplyTwice();
    expect(await snapshot()).toEqual(before);
  });
});
