import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import type { APIRequestContext } from '@playwright/test';
import type { Arranger } from './arrange.js';

/** One criterion scored 1 to 5: enough rubric for a test's observer. */
/**
 * What a good learner types to win the starter library's price renewal in English: a strong conversation of the
 * starter corpus (application/src/coaching/content/starter-corpus.ts), which the built-in practice engine plays to a
 * win in every language.
 */
export const WINNING_PRICE_LINES = STARTER_CORPUS.price['en-GB'].strong[0]!;

/** What a careless learner types in the same renewal: a weak conversation, which loses or ends scoring 35 or less. */
export const LOSING_PRICE_LINES = STARTER_CORPUS.price['en-GB'].weak[0]!;

export const ONE_CRITERION = [{ name: 'Listens', description: '', scale: '1_5', weight: 1, not_relevant_when: null }];

/**
 * Coaching content made through the API for a test, each item published as it is made (sessions play published
 * versions only), by the super-admin or by the token given (an editor of the test's organization).
 */
export const coachingAuthor = (arrange: Arranger, token: string = arrange.token) => {
  const published = async (plural: string, body: Record<string, unknown>): Promise<string> => {
    const { id } = await arrange.call('POST', `/v1/coaching/${plural}`, body, token);
    await arrange.call('POST', `/v1/coaching/${plural}/${id}/publish`, undefined, token);
    return id;
  };
  return {
    persona: (body: Record<string, unknown>) => published('personas', { language: 'en-GB', ...body }),
    mission: (body: Record<string, unknown>) => published('missions', body),
    observer: (name: string, modelId: string) =>
      published('observers', { name, model_id: modelId, rubric: ONE_CRITERION }),
    scenario: (body: Record<string, unknown>) => published('scenarios', { language: 'en-GB', ...body }),
  };
};

/** A chat model on the built-in provider at this price per started minute, made by the super-admin. */
export const builtinChatModel = async (
  api: APIRequestContext,
  arrange: Arranger,
  { displayName, creditsPerMinute }: { displayName: string; creditsPerMinute: number },
): Promise<string> => {
  const providers = (await (
    await api.get('/v1/ai_providers?page_size=48', { headers: { authorization: `Bearer ${arrange.token}` } })
  ).json()) as { items: { id: string; kind: string }[] };
  const model = await arrange.call('POST', '/v1/ai_models', {
    provider_id: providers.items.find((provider) => provider.kind === 'builtin')!.id,
    model_id: 'builtin-coach',
    display_name: displayName,
    capabilities: ['chat'],
    credits_per_minute: creditsPerMinute,
  });
  return model.id;
};

/** The id of the free chat model on the built-in provider (the seeded one), as the holder of `token` lists it. */
export const freeBuiltinChatModelId = async (api: APIRequestContext, token: string): Promise<string> => {
  const models = (await (
    await api.get('/v1/ai_models?capability=chat&page_size=48', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { items: { id: string; model_id: string; credits_per_minute: number }[] };
  return models.items.find((model) => model.model_id === 'builtin-coach' && model.credits_per_minute === 0)!.id;
};
