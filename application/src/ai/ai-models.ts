import {
  aiModelDecider,
  aiModelStreamId,
  ConflictError,
  NotFoundError,
  type AiModelCommand,
} from '@ai-coaching/domain';
import type { AiModel, aiModelOperations, Page, ParsedRequest } from '@ai-coaching/contracts';
import { findAiModel, listAiModels as queryAiModels, type AiModelView } from '@ai-coaching/projections';
import { BUILTIN_AI_PROVIDER_ID } from './builtin-provider.js';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { signedInUser } from '../tenancy/scope.js';
import { catalogueScope, manageableItem, manageableProvider, visibleItem } from './ai-scope.js';
import { namesOf, referrersOf } from './ai-usage-references.js';

type Operations = typeof aiModelOperations;

export const modelNotFound = () => new NotFoundError('ai_model_not_found', 'This AI model does not exist.');

export const toAiModel = (model: AiModelView): AiModel => ({
  id: model.aiModelId,
  provider_id: model.providerId,
  organization_id: model.organizationId,
  model_id: model.modelId,
  display_name: model.displayName,
  capabilities: model.capabilities,
  credits_per_minute: model.creditsPerMinute,
  temperature: model.temperature,
  max_output_tokens: model.maxOutputTokens,
  scripted: model.providerId === BUILTIN_AI_PROVIDER_ID,
  created_at: model.createdAt,
  updated_at: model.updatedAt,
});

const currentModel = async (services: AppServices, aiModelId: string): Promise<AiModel> => {
  const model = await findAiModel(services.db, aiModelId);
  if (!model) throw modelNotFound();
  return toAiModel(model);
};

const run = (services: AppServices, origin: Origin, command: AiModelCommand) =>
  runCommand(services, origin, { streamId: aiModelStreamId(command.data.aiModelId), decider: aiModelDecider, command });

export const listAiModels = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<AiModel>> => {
  const page = await queryAiModels(services.db, {
    ...query,
    ...catalogueScope(signedInUser(origin.caller)),
    ...(query.provider_id !== undefined ? { providerId: query.provider_id } : {}),
  });
  return { ...page, items: page.items.map(toAiModel) };
};

export const readAiModel = async (services: AppServices, origin: Origin, aiModelId: string) =>
  toAiModel(visibleItem(signedInUser(origin.caller), await findAiModel(services.db, aiModelId), modelNotFound));

export const createAiModel = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<AiModel> => {
  const provider = await manageableProvider(services, signedInUser(origin.caller), body.provider_id);
  const aiModelId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateAiModel',
    data: {
      aiModelId,
      providerId: provider.providerId,
      organizationId: provider.organizationId,
      modelId: body.model_id,
      displayName: body.display_name,
      capabilities: body.capabilities,
      creditsPerMinute: body.credits_per_minute,
      temperature: body.temperature ?? null,
      maxOutputTokens: body.max_output_tokens ?? null,
    },
    metadata: { now: nowIso(services) },
  });
  return currentModel(services, aiModelId);
};

export const updateAiModel = async (
  services: AppServices,
  origin: Origin,
  aiModelId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<AiModel> => {
  const model = manageableItem(signedInUser(origin.caller), await findAiModel(services.db, aiModelId), modelNotFound);
  await run(services, origin, {
    type: 'UpdateAiModel',
    data: {
      aiModelId: model.aiModelId,
      modelId: body.model_id ?? model.modelId,
      displayName: body.display_name ?? model.displayName,
      capabilities: body.capabilities ?? model.capabilities,
      creditsPerMinute: body.credits_per_minute ?? model.creditsPerMinute,
      temperature: body.temperature === undefined ? model.temperature : body.temperature,
      maxOutputTokens: body.max_output_tokens === undefined ? model.maxOutputTokens : body.max_output_tokens,
    },
    metadata: { now: nowIso(services) },
  });
  return currentModel(services, model.aiModelId);
};

export const deleteAiModel = async (services: AppServices, origin: Origin, aiModelId: string): Promise<void> => {
  const model = manageableItem(signedInUser(origin.caller), await findAiModel(services.db, aiModelId), modelNotFound);
  const referrers = await referrersOf(services, { model: model.aiModelId });
  if (referrers.length > 0) {
    throw new ConflictError(
      'ai_model_in_use',
      `This model is still used by ${namesOf(referrers)}; delete or change them first.`,
      { used_by: referrers },
    );
  }
  await run(services, origin, {
    type: 'DeleteAiModel',
    data: { aiModelId: model.aiModelId },
    metadata: { now: nowIso(services) },
  });
};
