import type { ApiClient } from '@ai-coaching/api/testing';
import { aiModelOperations, aiProviderOperations, aiServiceKeyOperations } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import type { FakeOpenAiServer } from './openai-server.js';

/**
 * A chat model of the platform played by the fake Chat Completions server: an `openai_compatible` provider at the
 * fake's address with its key, and the model, made through the API by a super-admin. The server must allow private
 * addresses (`AI_ALLOW_PRIVATE_NETWORK`): the fake listens on 127.0.0.1.
 */
export const connectFakeChatModel = async (
  superAdmin: ApiClient,
  fake: FakeOpenAiServer,
  options: { apiKey: string; modelId: string; creditsPerMinute?: number },
): Promise<{ providerId: string; modelId: string }> => {
  const suffix = newId().slice(-8);
  const provider = await superAdmin.call(aiProviderOperations.create, {
    body: { name: `Fake ${suffix}`, kind: 'openai_compatible', base_url: fake.baseUrl, enabled: true },
  });
  await superAdmin.call(aiServiceKeyOperations.create, {
    body: { provider_id: provider.body.id!, label: 'Production', value: options.apiKey },
  });
  const model = await superAdmin.call(aiModelOperations.create, {
    body: {
      provider_id: provider.body.id!,
      model_id: options.modelId,
      display_name: `${options.modelId} ${suffix}`,
      capabilities: ['chat'],
      credits_per_minute: options.creditsPerMinute ?? 0,
    },
  });
  return { providerId: provider.body.id!, modelId: model.body.id! };
};
