import {
  aiSpeechVoiceDecider,
  aiSpeechVoiceStreamId,
  ConflictError,
  NotFoundError,
  type AiSpeechVoiceCommand,
} from '@ai-coaching/domain';
import type { AiSpeechVoice, aiSpeechVoiceOperations, Page, ParsedRequest } from '@ai-coaching/contracts';
import { deleteVoicePreviews } from '@ai-coaching/platform';
import {
  findAiSpeechVoice,
  listAiSpeechVoices as queryAiSpeechVoices,
  type AiSpeechVoiceView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { signedInUser } from '../tenancy/scope.js';
import { catalogueScope, manageableItem, manageableProvider, visibleItem } from './ai-scope.js';
import { namesOf, referrersOf } from './ai-usage-references.js';

type Operations = typeof aiSpeechVoiceOperations;

const voiceNotFound = () => new NotFoundError('ai_voice_not_found', 'This speech voice does not exist.');

const toAiSpeechVoice = (voice: AiSpeechVoiceView): AiSpeechVoice => ({
  id: voice.aiSpeechVoiceId,
  provider_id: voice.providerId,
  organization_id: voice.organizationId,
  voice_id: voice.voiceId,
  display_name: voice.displayName,
  languages: voice.languages,
  gender: voice.gender,
  created_at: voice.createdAt,
  updated_at: voice.updatedAt,
});

const currentVoice = async (services: AppServices, aiSpeechVoiceId: string): Promise<AiSpeechVoice> => {
  const voice = await findAiSpeechVoice(services.db, aiSpeechVoiceId);
  if (!voice) throw voiceNotFound();
  return toAiSpeechVoice(voice);
};

const run = (services: AppServices, origin: Origin, command: AiSpeechVoiceCommand) =>
  runCommand(services, origin, {
    streamId: aiSpeechVoiceStreamId(command.data.aiSpeechVoiceId),
    decider: aiSpeechVoiceDecider,
    command,
  });

export const listAiSpeechVoices = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<AiSpeechVoice>> => {
  const page = await queryAiSpeechVoices(services.db, {
    ...query,
    ...catalogueScope(signedInUser(origin.caller)),
    ...(query.provider_id !== undefined ? { providerId: query.provider_id } : {}),
  });
  return { ...page, items: page.items.map(toAiSpeechVoice) };
};

export const readAiSpeechVoice = async (services: AppServices, origin: Origin, aiSpeechVoiceId: string) =>
  toAiSpeechVoice(
    visibleItem(signedInUser(origin.caller), await findAiSpeechVoice(services.db, aiSpeechVoiceId), voiceNotFound),
  );

export const createAiSpeechVoice = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<AiSpeechVoice> => {
  const provider = await manageableProvider(services, signedInUser(origin.caller), body.provider_id);
  const aiSpeechVoiceId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateAiSpeechVoice',
    data: {
      aiSpeechVoiceId,
      providerId: provider.providerId,
      providerKind: provider.kind,
      organizationId: provider.organizationId,
      voiceId: body.voice_id,
      displayName: body.display_name,
      languages: body.languages,
      gender: body.gender ?? null,
    },
    metadata: { now: nowIso(services) },
  });
  return currentVoice(services, aiSpeechVoiceId);
};

export const updateAiSpeechVoice = async (
  services: AppServices,
  origin: Origin,
  aiSpeechVoiceId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<AiSpeechVoice> => {
  const voice = manageableItem(
    signedInUser(origin.caller),
    await findAiSpeechVoice(services.db, aiSpeechVoiceId),
    voiceNotFound,
  );
  await run(services, origin, {
    type: 'UpdateAiSpeechVoice',
    data: {
      aiSpeechVoiceId: voice.aiSpeechVoiceId,
      voiceId: body.voice_id ?? voice.voiceId,
      displayName: body.display_name ?? voice.displayName,
      languages: body.languages ?? voice.languages,
      gender: body.gender === undefined ? voice.gender : body.gender,
    },
    metadata: { now: nowIso(services) },
  });
  return currentVoice(services, voice.aiSpeechVoiceId);
};

export const deleteAiSpeechVoice = async (
  services: AppServices,
  origin: Origin,
  aiSpeechVoiceId: string,
): Promise<void> => {
  const voice = manageableItem(
    signedInUser(origin.caller),
    await findAiSpeechVoice(services.db, aiSpeechVoiceId),
    voiceNotFound,
  );
  const referrers = await referrersOf(services, { voice: voice.aiSpeechVoiceId });
  if (referrers.length > 0) {
    throw new ConflictError(
      'ai_voice_in_use',
      `This voice is still used by ${namesOf(referrers)}; delete or change them first.`,
      { used_by: referrers },
    );
  }
  await run(services, origin, {
    type: 'DeleteAiSpeechVoice',
    data: { aiSpeechVoiceId: voice.aiSpeechVoiceId },
    metadata: { now: nowIso(services) },
  });
  // Its preview sample is a cache of the voice: it goes with it.
  await deleteVoicePreviews(services.db, voice.aiSpeechVoiceId);
};
