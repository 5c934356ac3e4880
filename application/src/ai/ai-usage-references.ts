import { aiProviderDependents, coachingItemsReferring } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';

/** Something that still uses a provider or a model, named so a person can find it. */
export type AiReferrer = { kind: string; id: string; name: string };

/**
 * The delete-consistency port: who still uses a provider, a model or a voice. Each family that refers to
 * the AI catalogue registers one in `AI_USAGE_REFERENCES` (scenarios will, when they exist); a
 * delete is refused while any of them answers someone.
 */
export type AiUsageReferences = {
  ofProvider?(services: Pick<AppServices, 'db'>, providerId: string): Promise<AiReferrer[]>;
  ofModel?(services: Pick<AppServices, 'db'>, aiModelId: string): Promise<AiReferrer[]>;
  ofVoice?(services: Pick<AppServices, 'db'>, aiSpeechVoiceId: string): Promise<AiReferrer[]>;
};

/** A provider's own models and voices: they go before it does. */
const catalogueReferences: AiUsageReferences = {
  ofProvider: (services, providerId) => aiProviderDependents(services.db, providerId),
};

/** Observers and scenarios name the model that runs them, and personas and scenarios a voice. */
const coachingReferrers = async (
  services: Pick<AppServices, 'db'>,
  kind: 'ai_model' | 'ai_voice',
  id: string,
): Promise<AiReferrer[]> =>
  (await coachingItemsReferring(services.db, kind, id)).map((item) => ({
    kind: item.kind,
    id: item.id,
    name: item.title,
  }));

const coachingReferences: AiUsageReferences = {
  ofModel: (services, aiModelId) => coachingReferrers(services, 'ai_model', aiModelId),
  ofVoice: (services, aiSpeechVoiceId) => coachingReferrers(services, 'ai_voice', aiSpeechVoiceId),
};

export const AI_USAGE_REFERENCES: readonly AiUsageReferences[] = [catalogueReferences, coachingReferences];

export const referrersOf = async (
  services: Pick<AppServices, 'db'>,
  target: { provider: string } | { model: string } | { voice: string },
  references: readonly AiUsageReferences[] = AI_USAGE_REFERENCES,
): Promise<AiReferrer[]> => {
  const found = await Promise.all(
    references.map((reference) =>
      'provider' in target
        ? (reference.ofProvider?.(services, target.provider) ?? [])
        : 'model' in target
          ? (reference.ofModel?.(services, target.model) ?? [])
          : (reference.ofVoice?.(services, target.voice) ?? []),
    ),
  );
  return found.flat();
};

/** How the referrers read in a message: `model "GPT-4o", voice "Denise"`, the first ten of them. */
export const namesOf = (referrers: readonly AiReferrer[]): string => {
  const shown = referrers
    .slice(0, 10)
    .map((referrer) => `${referrer.kind.replace(/^ai_/, '').replace(/_/g, ' ')} "${referrer.name}"`);
  return referrers.length > 10 ? `${shown.join(', ')} and ${referrers.length - 10} more` : shown.join(', ');
};
