import {
  addAiServiceKey,
  createAiModel,
  createAiProvider,
  createAiSpeechVoice,
  deleteAiModel,
  deleteAiProvider,
  deleteAiSpeechVoice,
  listAiModels,
  listAiProviders,
  listAiServiceKeys,
  listAiSpeechVoices,
  readAiModel,
  readAiProvider,
  readAiServiceKey,
  readAiSpeechVoice,
  relabelAiServiceKey,
  revokeAiServiceKey,
  testAiProvider,
  updateAiModel,
  updateAiProvider,
  updateAiSpeechVoice,
} from '@ai-coaching/application';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  aiSpeechVoiceOperations as voices,
} from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';
import { aiVoiceRoutes } from './ai-voices.js';

export const aiRoutes = [
  defineRoute(providers.list, {
    access: permission('ai-provider-list'),
    handler: async ({ query, origin, services }) => ({ body: await listAiProviders(services, origin, query) }),
  }),
  defineRoute(providers.create, {
    access: permission('ai-provider-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await createAiProvider(services, origin, body),
    }),
  }),
  defineRoute(providers.read, {
    access: permission('ai-provider-read'),
    handler: async ({ params, origin, services }) => ({ body: await readAiProvider(services, origin, params.id) }),
  }),
  defineRoute(providers.update, {
    access: permission('ai-provider-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await updateAiProvider(services, origin, params.id, body),
    }),
  }),
  defineRoute(providers.delete, {
    access: permission('ai-provider-delete'),
    handler: ({ params, origin, services }) => deleteAiProvider(services, origin, params.id),
  }),
  defineRoute(providers.test, {
    access: permission('ai-provider-update'),
    handler: async ({ params, origin, services }) => ({ body: await testAiProvider(services, origin, params.id) }),
  }),

  defineRoute(keys.list, {
    access: permission('ai-service-key-list'),
    handler: async ({ query, origin, services }) => ({ body: await listAiServiceKeys(services, origin, query) }),
  }),
  defineRoute(keys.create, {
    access: permission('ai-service-key-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await addAiServiceKey(services, origin, body),
    }),
  }),
  defineRoute(keys.read, {
    access: permission('ai-service-key-read'),
    handler: async ({ params, origin, services }) => ({ body: await readAiServiceKey(services, origin, params.id) }),
  }),
  defineRoute(keys.update, {
    access: permission('ai-service-key-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await relabelAiServiceKey(services, origin, params.id, body),
    }),
  }),
  defineRoute(keys.revoke, {
    access: permission('ai-service-key-delete'),
    handler: ({ params, origin, services }) => revokeAiServiceKey(services, origin, params.id),
  }),

  defineRoute(models.list, {
    access: permission('ai-model-list'),
    handler: async ({ query, origin, services }) => ({ body: await listAiModels(services, origin, query) }),
  }),
  defineRoute(models.create, {
    access: permission('ai-model-create'),
    handler: async ({ body, origin, services }) => ({ status: 201, body: await createAiModel(services, origin, body) }),
  }),
  defineRoute(models.read, {
    access: permission('ai-model-read'),
    handler: async ({ params, origin, services }) => ({ body: await readAiModel(services, origin, params.id) }),
  }),
  defineRoute(models.update, {
    access: permission('ai-model-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await updateAiModel(services, origin, params.id, body),
    }),
  }),
  defineRoute(models.delete, {
    access: permission('ai-model-delete'),
    handler: ({ params, origin, services }) => deleteAiModel(services, origin, params.id),
  }),

  defineRoute(voices.list, {
    access: permission('ai-speech-voice-list'),
    handler: async ({ query, origin, services }) => ({ body: await listAiSpeechVoices(services, origin, query) }),
  }),
  defineRoute(voices.create, {
    access: permission('ai-speech-voice-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await createAiSpeechVoice(services, origin, body),
    }),
  }),
  defineRoute(voices.read, {
    access: permission('ai-speech-voice-read'),
    handler: async ({ params, origin, services }) => ({ body: await readAiSpeechVoice(services, origin, params.id) }),
  }),
  defineRoute(voices.update, {
    access: permission('ai-speech-voice-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await updateAiSpeechVoice(services, origin, params.id, body),
    }),
  }),
  defineRoute(voices.delete, {
    access: permission('ai-speech-voice-delete'),
    handler: ({ params, origin, services }) => deleteAiSpeechVoice(services, origin, params.id),
  }),
  ...aiVoiceRoutes,
];
