import {
  COACHING_DEFAULTS,
  knowledgeItemSchema,
  missionFieldsSchema,
  objectionSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  playlistFieldsSchema,
  programFieldsSchema,
  programItemSchema,
  rubricCriterionSchema,
  scenarioFieldsSchema,
  scenarioVoiceSettingsSchema,
} from '@ai-coaching/contracts';
import { type CoachingFields, type ScenarioVoiceSettings } from '@ai-coaching/domain';
import type { z } from 'zod';

// A content version's fields (`CoachingFields`, the JSON kept per kind) read as the contracts type them. Each field
// is its schema's value when the stored one passes it, else its default (`COACHING_DEFAULTS`; '' or 'en-GB' for the
// required ones): a version saved before a field existed, or a deleted item read as `{}`, still reads whole.

type Shape = z.ZodRawShape;
type Read<S extends Shape> = { -readonly [K in keyof S]: z.output<S[K]> };
type FieldReaders<S extends Shape> = { [K in keyof S]?: (value: unknown) => z.output<S[K]> };

const readerOf =
  <S extends Shape>(schema: z.ZodObject<S>, defaults: Read<S>, readers: FieldReaders<S> = {}) =>
  (fields: CoachingFields | Record<string, unknown> | null | undefined): Read<S> => {
    const read: Partial<Read<S>> = {};
    for (const key of Object.keys(schema.shape) as (keyof S & string)[]) {
      const value = fields?.[key];
      const own = readers[key];
      if (own) {
        read[key] = own(value);
        continue;
      }
      const parsed = (schema.shape[key] as z.ZodType).safeParse(value);
      read[key] = parsed.success ? (parsed.data as Read<S>[typeof key]) : defaults[key];
    }
    return read as Read<S>;
  };

/** These fields of a read version, in this order: what an answer shows of it. */
export const pick = <Fields extends object, Key extends keyof Fields>(
  fields: Fields,
  keys: readonly Key[],
): Pick<Fields, Key> => Object.fromEntries(keys.map((key) => [key, fields[key]])) as Pick<Fields, Key>;

/** A list read item by item: what is not text is left out, so one odd entry does not lose the others. */
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** A list read entry by entry against its schema: an entry that does not pass is left out, the others kept. */
const entries =
  <T>(schema: z.ZodType<T>) =>
  (value: unknown): T[] =>
    Array.isArray(value)
      ? value.flatMap((entry) => {
          const parsed = schema.safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        })
      : [];

/** A persona's fields (`personaFieldsSchema`); its knowledge item by item. */
export const personaOf = readerOf(
  personaFieldsSchema,
  { name: '', language: 'en-GB', ...COACHING_DEFAULTS.persona },
  { knowledge: entries(knowledgeItemSchema), motivations: texts },
);
export type PersonaFields = ReturnType<typeof personaOf>;

/** A mission's fields (`missionFieldsSchema`). */
export const missionOf = readerOf(
  missionFieldsSchema,
  { title: '', ...COACHING_DEFAULTS.mission, success_criteria: [], failure_conditions: [] },
  { success_criteria: texts, failure_conditions: texts, objections: entries(objectionSchema) },
);
export type MissionFields = ReturnType<typeof missionOf>;

/** One criterion of an observer's rubric, each field defaulted as a request may leave it out. */
const criterionOf = readerOf(rubricCriterionSchema, {
  name: '',
  description: '',
  scale: '1_5',
  weight: 1,
  not_relevant_when: null,
});

/** An observer's fields (`observerFieldsSchema`); its rubric criterion by criterion. */
export const observerOf = readerOf(
  observerFieldsSchema,
  { name: '', model_id: '', rubric: [], ...COACHING_DEFAULTS.observer },
  {
    rubric: (value) => (Array.isArray(value) ? value.map((criterion) => criterionOf(criterion as CoachingFields)) : []),
  },
);
export type ObserverFields = ReturnType<typeof observerOf>;

const voiceSettingsOf = readerOf(scenarioVoiceSettingsSchema, { ...COACHING_DEFAULTS.scenario.voice_settings });

/** A scenario's fields (`scenarioFieldsSchema`); its voice settings setting by setting. */
export const scenarioOf = readerOf(
  scenarioFieldsSchema,
  {
    name: '',
    persona_id: '',
    observer_ids: [],
    language: 'en-GB',
    model_id: '',
    ...COACHING_DEFAULTS.scenario,
    voice_settings: { ...COACHING_DEFAULTS.scenario.voice_settings },
  },
  {
    observer_ids: texts,
    voice_settings: (value) => voiceSettingsOf(typeof value === 'object' ? (value as CoachingFields | null) : null),
  },
);
export type ScenarioFields = ReturnType<typeof scenarioOf>;

/** A playlist's fields (`playlistFieldsSchema`); its scenarios id by id. */
export const playlistOf = readerOf(
  playlistFieldsSchema,
  { name: '', ...COACHING_DEFAULTS.playlist, scenario_ids: [] },
  { scenario_ids: texts },
);

/** A program's fields (`programFieldsSchema`); its items entry by entry. */
export const programOf = readerOf(
  programFieldsSchema,
  { name: '', ...COACHING_DEFAULTS.program, items: [], pass_rule: { ...COACHING_DEFAULTS.program.pass_rule } },
  { items: entries(programItemSchema) },
);

/**
 * A scenario's voice settings (`voice_settings`), as a session freezes them: each setting the stored content lacks
 * or holds out of its rules (a scenario saved before they existed) reads as its default.
 */
export const scenarioVoiceSettingsOf = (fields: CoachingFields): ScenarioVoiceSettings => {
  const settings = scenarioOf(fields).voice_settings;
  return {
    speed: settings.speed,
    turnDetection: settings.turn_detection,
    silenceMs: settings.silence_ms,
    recognitionModelId: settings.recognition_model_id,
  };
};
