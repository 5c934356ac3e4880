import {
  ConflictError,
  effectiveTimeLimitSeconds,
  NotFoundError,
  sessionPriceCredits,
  type CoachingFields,
  type CoachingSessionContentVersion,
} from '@ai-coaching/domain';
import { findAiModel, findCoachingItem, findCoachingItemVersion } from '@ai-coaching/projections';
import type { AppServices } from '../../app-services.js';
import type { UserCaller } from '../../tenancy/scope.js';
import { visibleCoachingItem } from '../content/coaching-content.js';
import { missionOf, personaOf, pick, scenarioOf } from '../content/content-fields.js';

// What a session plays: the published versions of its scenario and of the persona, mission and observers it names,
// the model, the time limit and the price (docs/coaching-sessions.md, "What each ending charges").

/**
 * The time limit of a scenario that sets none, nor does its mission: the reservation needs a bound, and half an
 * hour is longer than any role-play the library holds.
 */
export const DEFAULT_SESSION_TIME_LIMIT_SECONDS = 1800;

const unplayable = () =>
  new ConflictError(
    'coaching_scenario_unplayable',
    'This scenario cannot be played: its persona, mission or model is no longer available. Ask its author to publish it again.',
  );

type PublishedItem = { id: string; version: number; fields: CoachingFields };

/** The version of an item a new session plays: its latest published one, unless archived or deleted since. */
const publishedVersionOf = async (services: Pick<AppServices, 'db'>, itemId: string): Promise<PublishedItem> => {
  const item = await findCoachingItem(services.db, itemId);
  if (!item || item.publishedVersion === null || item.publishedFields === null || item.status === 'archived') {
    throw unplayable();
  }
  return { id: itemId, version: item.publishedVersion, fields: item.publishedFields };
};

/** The version a session keeps of an item it plays. */
export const frozen = (item: PublishedItem): CoachingSessionContentVersion => ({ id: item.id, version: item.version });

/** The fields of a version a session plays. */
export const playedFieldsOf = async (
  services: Pick<AppServices, 'db'>,
  version: CoachingSessionContentVersion,
): Promise<CoachingFields> => {
  const found = await findCoachingItemVersion(services.db, version.id, version.version);
  // Published versions are kept as long as their item; a deleted item's session still plays from its name alone.
  return found?.fields ?? {};
};

/**
 * What a new session of this scenario plays: the published versions, the model, the time limit and the price. A
 * share link's guests play it whoever they are: its sharer could see it when making the link.
 */
export const publishedScenario = async (services: Pick<AppServices, 'db'>, scenarioId: string) => {
  const scenario = await publishedVersionOf(services, scenarioId);
  const fields = scenarioOf(scenario.fields);
  const persona = await publishedVersionOf(services, fields.persona_id);
  const mission = fields.mission_id ? await publishedVersionOf(services, fields.mission_id) : null;
  const observers = await Promise.all(fields.observer_ids.map((id) => publishedVersionOf(services, id)));
  const model = await findAiModel(services.db, fields.model_id);
  if (!model || !model.capabilities.includes('chat')) throw unplayable();
  const timeLimitSeconds =
    effectiveTimeLimitSeconds(fields.time_limit_seconds, mission && missionOf(mission.fields).time_limit_seconds) ??
    DEFAULT_SESSION_TIME_LIMIT_SECONDS;
  const price = sessionPriceCredits(model.creditsPerMinute, timeLimitSeconds);
  return { scenario, persona, mission, observers, model, timeLimitSeconds, price };
};

export type PlayableScenario = Awaited<ReturnType<typeof publishedScenario>>;

/** What a new session of this scenario would play, for a caller who may see it. */
export const playableScenario = async (services: AppServices, caller: UserCaller, scenarioId: string) => {
  const scenarioItem = await visibleCoachingItem(services, caller, 'scenario', scenarioId);
  // Drafts are not played, even by their editors: a session refers to a published version.
  if (scenarioItem.publishedVersion === null || scenarioItem.status === 'archived') {
    throw new NotFoundError('coaching_item_not_found', 'This item does not exist.');
  }
  return publishedScenario(services, scenarioItem.itemId);
};

/** What a learner weighs before starting a scenario, as the practice home's cards show it. */
export const practiceCardOf = (playable: PlayableScenario) => {
  const { scenario, persona, timeLimitSeconds, price } = playable;
  const fields = scenarioOf(scenario.fields);
  return {
    id: scenario.id,
    ...pick(fields, ['name', 'description', 'image_id', 'mode', 'language']),
    difficulty: personaOf(persona.fields).difficulty,
    time_limit_seconds: timeLimitSeconds,
    price_credits: price,
  };
};
