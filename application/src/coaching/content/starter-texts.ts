import type {
  missionFieldsSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  scenarioFieldsSchema,
} from '@ai-coaching/contracts';
import type { z } from 'zod';

// The shape of the starter library's texts (starter-library-content.ts), one object per language.

export const STARTER_LANGUAGES = ['en-GB', 'fr-FR'] as const;
export type StarterLanguage = (typeof STARTER_LANGUAGES)[number];

export type StarterPersonaKey = 'buyer' | 'customer' | 'team-member' | 'prospect' | 'candidate' | 'subscriber';
export type StarterMissionKey = 'price' | 'complaint' | 'feedback' | 'discovery' | 'interview' | 'service';
export type StarterObserverKey = 'negotiation' | 'conversation';
export type StarterScenarioKey = 'price' | 'complaint' | 'feedback' | 'discovery' | 'interview' | 'service';

type PersonaTexts = Omit<z.input<typeof personaFieldsSchema>, 'language' | 'avatar_image_id' | 'voice_id'>;
type MissionTexts = Omit<z.input<typeof missionFieldsSchema>, 'image_id'>;
type ObserverTexts = Omit<z.input<typeof observerFieldsSchema>, 'avatar_image_id' | 'model_id'>;
type NamedTexts = Pick<z.input<typeof scenarioFieldsSchema>, 'name' | 'description'>;

export type StarterTexts = {
  personas: Record<StarterPersonaKey, PersonaTexts>;
  missions: Record<StarterMissionKey, MissionTexts>;
  observers: Record<StarterObserverKey, ObserverTexts>;
  scenarios: Record<StarterScenarioKey, NamedTexts>;
  playlist: NamedTexts;
};
