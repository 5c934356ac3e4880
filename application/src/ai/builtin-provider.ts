import {
  aiModelDecider,
  aiModelStreamId,
  aiProviderDecider,
  aiProviderStreamId,
  BUILTIN_AI_PROVIDER_NAME,
  ConflictError,
} from '@ai-coaching/domain';
import { deterministicId, handleCommand, type GlobalPosition } from '@ai-coaching/platform';
import { nowIso, type AppServices } from '../app-services.js';

// Fixed ids and command ids: every start (and every runtime racing another) appends the same
// events, which the store answers idempotently, so there is one built-in provider whatever happens.
export const BUILTIN_AI_PROVIDER_ID = deterministicId('seed', 'ai-provider-builtin');
export const BUILTIN_AI_MODEL_ID = deterministicId('seed', 'ai-model-builtin-coach');

/** Another runtime starting at the same moment may have created it between our read and our append. */
const unlessCreated = async <T>(work: () => Promise<T>, code: string): Promise<T | undefined> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConflictError && error.code === code) return undefined;
    throw error;
  }
};

/**
 * Makes sure the built-in offline provider and its model exist (issue 10 item 4), at every start
 * rather than only the first, so an installation older than it gets it too: a newcomer plays a whole
 * session with no key and no network. Answers the position of what it appended, if anything, for a
 * runtime that wants to wait for the read models (it does not wait itself: in the API runtime the
 * projections may not be running yet).
 */
export const ensureBuiltinAiProvider = async (
  services: Pick<AppServices, 'store' | 'clock' | 'wakeProjections'>,
): Promise<GlobalPosition | undefined> => {
  const missing = async (streamId: string) => (await services.store.readStream(streamId, { maxCount: 1 })).length === 0;
  const now = nowIso(services);
  let position: GlobalPosition | undefined;
  if (await missing(aiProviderStreamId(BUILTIN_AI_PROVIDER_ID))) {
    const created = await unlessCreated(
      () =>
        handleCommand(
          services.store,
          aiProviderStreamId(BUILTIN_AI_PROVIDER_ID),
          aiProviderDecider,
          {
            type: 'CreateAiProvider',
            data: {
              providerId: BUILTIN_AI_PROVIDER_ID,
              kind: 'builtin',
              organizationId: null,
              name: BUILTIN_AI_PROVIDER_NAME,
              enabled: true,
              createdBy: null,
            },
            metadata: { now },
          },
          { commandId: 'seed:ai-provider-builtin' },
        ),
      'ai_provider_exists',
    );
    position = created?.append?.position ?? position;
  }
  if (await missing(aiModelStreamId(BUILTIN_AI_MODEL_ID))) {
    const created = await unlessCreated(
      () =>
        handleCommand(
          services.store,
          aiModelStreamId(BUILTIN_AI_MODEL_ID),
          aiModelDecider,
          {
            type: 'CreateAiModel',
            data: {
              aiModelId: BUILTIN_AI_MODEL_ID,
              providerId: BUILTIN_AI_PROVIDER_ID,
              organizationId: null,
              modelId: 'builtin-coach',
              displayName: 'Built-in coach',
              capabilities: ['chat'],
              creditsPerMinute: 0,
            },
            metadata: { now },
          },
          { commandId: 'seed:ai-model-builtin-coach' },
        ),
      'ai_model_exists',
    );
    position = created?.append?.position ?? position;
  }
  if (position !== undefined) services.wakeProjections?.(['ai-catalogue']);
  return position;
};
