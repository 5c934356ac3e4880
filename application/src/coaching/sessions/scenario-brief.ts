import { userAccount } from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';
import { walletOf } from '../../credits/wallets.js';
import { signedInUser } from '../../tenancy/scope.js';
import { missionOf, observerOf, personaOf, scenarioOf } from '../content/content-fields.js';
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
  const fields = scenarioOf(scenario.fields);
  const personaFields = personaOf(persona.fields);
  const missionFields = mission && missionOf(mission.fields);
  return {
    scenario_id: scenario.id,
    version: scenario.version,
    name: fields.name,
    description: fields.description,
    image_id: fields.image_id,
    language: fields.language,
    mode: fields.mode,
    persona: {
      id: persona.id,
      name: personaFields.name,
      avatar_image_id: personaFields.avatar_image_id,
      job_title: personaFields.job_title,
      company: personaFields.company,
      greeting: greetingOf(persona.fields),
    },
    mission: mission &&
      missionFields && {
        id: mission.id,
        title: missionFields.title,
        image_id: missionFields.image_id,
        briefing: missionFields.briefing,
        goal: missionFields.goal,
        success_criteria: missionFields.success_criteria,
        failure_conditions: missionFields.failure_conditions,
        turn_limit: missionFields.turn_limit,
      },
    observers: observers.map((observer) => {
      const observerFields = observerOf(observer.fields);
      return {
        id: observer.id,
        name: observerFields.name,
        description: observerFields.description,
        avatar_image_id: observerFields.avatar_image_id,
      };
    }),
    time_limit_seconds: timeLimitSeconds,
    credits_per_minute: model.creditsPerMinute,
    price_credits: price,
    available_credits: wallet.credit_wallet,
  };
};
