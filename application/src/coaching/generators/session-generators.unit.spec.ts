import {
  COACHING_DEFAULTS,
  missionFieldsSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  scenarioFieldsSchema,
} from '@ai-coaching/contracts';
import { builtinScenarioDraft, SESSION_LANGUAGES } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { scenarioDraftAnswerSchema } from './session-generators.js';

// The built-in provider's drafts must pass the same checks as hand-made content, or an offline run would report
// every draft failed: every language, difficulty and skill family, with the longest brief allowed.
const SKILLS = [
  'handling price objections',
  'discovery calls',
  'cold calling',
  'traiter les réclamations',
  'feedback constructif',
  'difficult conversations',
  'job interviews',
  'customer service',
  'négociation',
];

describe('the built-in drafts', () => {
  const briefs = SESSION_LANGUAGES.flatMap((language) =>
    [1, 2, 3, 4, 5].flatMap((difficulty) =>
      [...SKILLS.keys(), SKILLS.length].map((index) => ({
        skill: SKILLS[index] ?? 's'.repeat(120),
        audience: index === SKILLS.length ? 'a'.repeat(120) : 'sales people',
        industry: index === SKILLS.length ? 'i'.repeat(120) : 'insurance',
        difficulty,
        language,
        index,
      })),
    ),
  );

  it.each(briefs.map((brief) => [`${brief.language} difficulty ${brief.difficulty} #${brief.index}`, brief] as const))(
    'are valid content: %s',
    (_, brief) => {
      const draft = scenarioDraftAnswerSchema.parse(builtinScenarioDraft(brief));
      const { language } = brief;
      expect(
        personaFieldsSchema.safeParse({ ...draft.persona, language, avatar_image_id: null, voice_id: null }).error,
      ).toBeUndefined();
      expect(
        missionFieldsSchema.safeParse({ ...draft.mission, image_id: null, time_limit_seconds: null }).error,
      ).toBeUndefined();
      expect(
        observerFieldsSchema.safeParse({ ...draft.observer, avatar_image_id: null, model_id: 'model-1' }).error,
      ).toBeUndefined();
      expect(
        scenarioFieldsSchema.safeParse({
          ...draft.scenario,
          image_id: null,
          persona_id: 'p',
          mission_id: 'm',
          observer_ids: ['o'],
          mode: 'text',
          language,
          model_id: 'model-1',
          voice_id: null,
          time_limit_seconds: null,
          voice_settings: COACHING_DEFAULTS.scenario.voice_settings,
        }).error,
      ).toBeUndefined();
    },
  );
});
