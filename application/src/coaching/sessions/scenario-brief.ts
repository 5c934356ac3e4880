import { userAccount } from '@ai-coaching/domain';
import { BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import type { AppServices, Origin } from '../../app-services.js';
import { walletOf } from '../../credits/wallets.js';
import { signedInUser } from '../../tenancy/scope.js';
import { missionOf, observerOf, personaOf, pick, scenarioOf } from '../content/content-fields.js';
import { greetingOf } from './persona-brief.js';
import { playableScenario } from './played-content.js';

/**
 * What the scenario's information page shows before a learner starts: the published scenario, persona, mission and
 * observers, and what starting costs against the learner's own wallet. One answer, because a learner may read the
 * scenario but not the AI model that sets its price.
 */
export const briefCoachingScenario = async (services: AppServices, origin: Origin, scenarioId: string) => {
  const caller = signedInUser(origin.caller);
  const { scenario, persona, mission, observers, model, timeLimitSeconds, price } = await playableScenario(
    services,
    caller,
    scenarioId,
  );
  const wallet = await walletOf(services, userAccount(caller.userId));
  const missionFields = mission && missionOf(mission.fields);
  return {
    scenario_id: scenario.id,
    version: scenario.version,
    ...pick(scenarioOf(scenario.fields), ['name', 'description', 'image_id', 'language', 'mode']),
    persona: {
      id: persona.id,
      ...pick(personaOf(persona.fields), ['name', 'avatar_image_id', 'job_title', 'company']),
      greeting: greetingOf(persona.fields),
    },
    mission: mission &&
      missionFields && {
        id: mission.id,
        ...pick(missionFields, [
          'title',
          'image_id',
          'briefing',
          'goal',
          'success_criteria',
          'failure_conditions',
          'turn_limit',
        ]),
      },
    observers: observers.map((observer) => ({
      id: observer.id,
      ...pick(observerOf(observer.fields), ['name', 'description', 'avatar_image_id']),
    })),
    time_limit_seconds: timeLimitSeconds,
    credits_per_minute: model.creditsPerMinute,
    price_credits: price,
    available_credits: wallet.credit_wallet,
    scripted: model.providerId === BUILTIN_AI_PROVIDER_ID,
  };
};
