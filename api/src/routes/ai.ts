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
import { createHandler, deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';
import { aiVoiceRoutes } from './ai-voices.js';

export const aiRoutes = [
  defineRoute(providers.list, { access: permission('ai-provider-list'), handler: listHandler(listAiProviders) }),
  defineRoute(providers.create, { access: permission('ai-provider-create'), handler: createHandler(createAiProvider) }),
  defineRoute(providers.read, { access: permission('ai-provider-read'), handler: readHandler(readAiProvider) }),
  defineRoute(providers.update, { access: permission('ai-provider-update'), handler: updateHandler(updateAiProvider) }),
  defineRoute(providers.delete, { access: permission('ai-provider-delete'), handler: deleteHandler(deleteAiProvider) }),
  defineRoute(providers.test, { access: permission('ai-provider-update'), handler: readHandler(testAiProvider) }),

  defineRoute(keys.list, { access: permission('ai-service-key-list'), handler: listHandler(listAiServiceKeys) }),
  defineRoute(keys.create, { access: permission('ai-service-key-create'), handler: createHandler(addAiServiceKey) }),
  defineRoute(keys.read, { access: permission('ai-service-key-read'), handler: readHandler(readAiServiceKey) }),
  defineRoute(keys.update, {
    access: permission('ai-service-key-update'),
    handler: updateHandler(relabelAiServiceKey),
  }),
  defineRoute(keys.revoke, { access: permission('ai-service-key-delete'), handler: deleteHandler(revokeAiServiceKey) }),

  defineRoute(models.list, { access: permission('ai-model-list'), handler: listHandler(listAiModels) }),
  defineRoute(models.create, { access: permission('ai-model-create'), handler: createHandler(createAiModel) }),
  defineRoute(models.read, { access: permission('ai-model-read'), handler: readHandler(readAiModel) }),
  defineRoute(models.update, { access: permission('ai-model-update'), handler: updateHandler(updateAiModel) }),
  defineRoute(models.delete, { access: permission('ai-model-delete'), handler: deleteHandler(deleteAiModel) }),

  defineRoute(voices.list, { access: permission('ai-speech-voice-list'), handler: listHandler(listAiSpeechVoices) }),
  defineRoute(voices.create, {
    access: permission('ai-speech-voice-create'),
    handler: createHandler(createAiSpeechVoice),
  }),
  defineRoute(voices.read, { access: permission('ai-speech-voice-read'), handler: readHandler(readAiSpeechVoice) }),
  defineRoute(voices.update, {
    access: permission('ai-speech-voice-update'),
    handler: updateHandler(updateAiSpeechVoice),
  }),
  defineRoute(voices.delete, {
    access: permission('ai-speech-voice-delete'),
    handler: deleteHandler(deleteAiSpeechVoice),
  }),
  ...aiVoiceRoutes,
];
