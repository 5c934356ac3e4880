import {
  missionFieldsSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  playlistFieldsSchema,
  programFieldsSchema,
  scenarioFieldsSchema,
} from '@ai-coaching/contracts';
import {
  behaviourOf,
  builtinRoleplayTurn,
  coachingReferences,
  COACHING_KINDS,
  readTurn,
  type CoachingKind,
  type RoleplayBrief,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BUILTIN_AI_MODEL_ID } from '../../ai/builtin-provider.js';
import { greetingOf, practiceBriefOf } from '../sessions/persona-brief.js';
import { missionOf, personaOf } from './content-fields.js';
import {
  starterLibraryItems,
  starterObserverTranslations,
  STARTER_LANGUAGES,
  type StarterLanguage,
  type StarterLibraryItem,
} from './starter-library.js';

const SCHEMAS: Record<CoachingKind, z.ZodType> = {
  persona: personaFieldsSchema,
  mission: missionFieldsSchema,
  observer: observerFieldsSchema,
  scenario: scenarioFieldsSchema,
  playlist: playlistFieldsSchema,
  program: programFieldsSchema,
};

const items = starterLibraryItems();
const byId = new Map(items.map((item) => [item.itemId, item]));

/** Words as the practice engine compares them: no case, no accents. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The brief a session gives the built-in provider for a seeded scenario (persona-brief.ts). */
const briefOf = (scenario: StarterLibraryItem): RoleplayBrief => {
  const persona = byId.get(String(scenario.fields['persona_id']))!;
  const mission = missionOf(byId.get(String(scenario.fields['mission_id']))!.fields);
  return practiceBriefOf(personaOf(persona.fields), mission, {
    language: scenario.language,
    greeting: greetingOf(persona.fields),
    turnLimit: mission.turn_limit,
  });
};

const play = (brief: RoleplayBrief, learnerLines: readonly string[]) => {
  const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  for (const text of learnerLines) {
    transcript.push({ speaker: 'learner', text });
    transcript.push({ speaker: 'persona', text: builtinRoleplayTurn(brief, transcript).text });
  }
  return transcript;
};

/** Small talk that neither explores nor argues: the persona brings its first objection up by itself. */
const SMALL_TALK: Record<StarterLanguage, string[]> = {
  'en-GB': ['Good morning.', 'Thanks for your time today.', 'Nice weather this week.'],
  'fr-FR': ['Bonjour.', 'Merci pour votre temps aujourd’hui.', 'Il fait beau cette semaine.'],
};

describe('The starter library', () => {
  it('holds 6 personas, 6 missions, 2 observers, 6 scenarios and 1 playlist in each of its languages', () => {
    expect(STARTER_LANGUAGES).toEqual(['en-GB', 'fr-FR']);
    for (const language of STARTER_LANGUAGES) {
      const counts = Object.fromEntries(
        COACHING_KINDS.map((kind) => [
          kind,
          items.filter((item) => item.kind === kind && item.language === language).length,
        ]),
      );
      expect(counts).toEqual({ persona: 6, mission: 6, observer: 2, scenario: 6, playlist: 1, program: 0 });
    }
    expect(byId.size).toBe(items.length);
  });

  it('keeps its ids and fields the same from one start to the next', () => {
    expect(starterLibraryItems()).toEqual(items);
  });

  it('writes every item with fields its kind’s contract accepts, unchanged by parsing', () => {
    for (const item of items) {
      const parsed = SCHEMAS[item.kind].safeParse(item.fields);
      expect(parsed.error, `${item.kind} ${item.key} ${item.language}`).toBeUndefined();
      expect(parsed.data).toEqual(item.fields);
    }
  });

  it('refers only to its own published items of the same language, and to the built-in model', () => {
    for (const item of items) {
      for (const reference of coachingReferences(item.kind, item.fields)) {
        if (reference.kind === 'ai_model') {
          expect(reference.id).toBe(BUILTIN_AI_MODEL_ID);
          continue;
        }
        expect(reference.kind).not.toBe('ai_voice');
        const target = byId.get(reference.id);
        expect(target, `${item.kind} ${item.key} → ${reference.kind}`).toMatchObject({
          kind: reference.kind,
          language: item.language,
        });
        // Created before what uses it, so a scenario is never published ahead of its persona.
        expect(items.indexOf(target!)).toBeLessThan(items.indexOf(item));
      }
    }
    for (const item of items.filter((candidate) => candidate.kind === 'scenario' || candidate.kind === 'persona')) {
      expect(item.fields['language']).toBe(item.language);
    }
    for (const scenario of items.filter((item) => item.kind === 'scenario')) {
      expect(scenario.fields).toMatchObject({ mode: 'text', model_id: BUILTIN_AI_MODEL_ID, voice_id: null });
    }
  });

  it('gives observers three or four criteria and leaves every image to the client’s defaults', () => {
    for (const item of items) {
      if (item.kind === 'observer') expect((item.fields['rubric'] as unknown[]).length).toBeGreaterThanOrEqual(3);
      if (item.kind === 'observer') expect((item.fields['rubric'] as unknown[]).length).toBeLessThanOrEqual(4);
      for (const field of ['avatar_image_id', 'image_id']) {
        if (field in item.fields) expect(item.fields[field]).toBeNull();
      }
    }
  });

  it('writes each observer’s rubric in every language criterion for criterion, so the dashboard counts it as one', () => {
    const translations = starterObserverTranslations();
    const observers = items.filter((item) => item.kind === 'observer');
    expect(Object.keys(translations).sort()).toEqual(observers.map((item) => item.itemId).sort());
    for (const observer of observers) {
      const first = byId.get(translations[observer.itemId]!)!;
      expect(first).toMatchObject({ kind: 'observer', key: observer.key, language: STARTER_LANGUAGES[0] });
      const shape = (item: typeof observer) =>
        (item.fields['rubric'] as { scale: string; weight: number }[]).map(({ scale, weight }) => ({ scale, weight }));
      expect(shape(observer), `${observer.key} ${observer.language}`).toEqual(shape(first));
    }
  });

  it('writes French with French typography', () => {
    const french = JSON.stringify(items.filter((item) => item.language === 'fr-FR').map((item) => item.fields));
    expect(french).not.toMatch(/ [?!:;%€»]|« |'/);
    expect(french).toContain('\u00a0:');
  });

  it('gives every persona what the practice engine plays from: knowledge to tell, motivations and dials', () => {
    for (const item of items.filter((candidate) => candidate.kind === 'persona')) {
      const persona = personaOf(item.fields);
      const label = `${item.key} ${item.language}`;
      expect(persona.knowledge.length, label).toBeGreaterThanOrEqual(3);
      expect(persona.knowledge.length, label).toBeLessThanOrEqual(6);
      // A first question on any topic gets an answer, and something is kept for a learner who earns trust.
      expect(
        persona.knowledge.some((knowledge) => knowledge.gate === 'any'),
        label,
      ).toBe(true);
      expect(
        persona.knowledge.some((knowledge) => knowledge.gate !== 'any'),
        label,
      ).toBe(true);
      // The engine matches a question to the item sharing most word stems (first five letters) with it: each item
      // has words of its own, so a question about it can find it.
      const stemsOf = (knowledge: (typeof persona.knowledge)[number]) =>
        new Set(words([knowledge.topic, ...knowledge.keywords].join(' ')).map((word) => word.slice(0, 5)));
      for (const knowledge of persona.knowledge) {
        expect(knowledge.keywords.length, `${label}: ${knowledge.topic}`).toBeGreaterThanOrEqual(5);
        expect(knowledge.says.length, `${label}: ${knowledge.topic}`).toBeGreaterThan(20);
        const others = persona.knowledge.filter((other) => other !== knowledge).flatMap((other) => [...stemsOf(other)]);
        const own = [...stemsOf(knowledge)].filter((stem) => stem.length > 2 && !others.includes(stem));
        expect(own.length, `${label}: ${knowledge.topic}`).toBeGreaterThanOrEqual(4);
      }
      expect(persona.motivations.length, label).toBeGreaterThanOrEqual(2);
      expect(
        [persona.patience, persona.openness].every((dial) => dial >= 1 && dial <= 5),
        label,
      ).toBe(true);
    }
  });

  it('gives every mission objections it raises, behaviours that fit its situation and a briefing with no rules in it', () => {
    for (const scenario of items.filter((item) => item.kind === 'scenario')) {
      const mission = missionOf(byId.get(String(scenario.fields['mission_id']))!.fields);
      const brief = briefOf(scenario);
      const label = `${scenario.key} ${scenario.language}`;
      expect(mission.objections.length, label).toBeGreaterThanOrEqual(1);
      expect(mission.objections.length, label).toBeLessThanOrEqual(3);
      // Only the first `difficulty` objections are raised: none is written to stay unsaid.
      expect(mission.objections.length, label).toBeLessThanOrEqual(brief.mission.difficulty);
      expect(mission.success_behaviours.length, label).toBeGreaterThan(0);
      expect(mission.failure_behaviours, label).toContain('rudeness');
      // Giving ground for nothing loses only where there is something to trade: a remedy is no failure.
      if (mission.failure_behaviours.includes('unconditional_concession')) {
        expect(
          mission.objections.some((objection) => objection.resolved_by.includes('trade')),
          label,
        ).toBe(true);
      }
      expect(mission.success_criteria.length, label).toBeGreaterThan(0);
      expect(mission.failure_conditions.length, label).toBeGreaterThan(0);

      // The first objection comes up on its own, even when the learner only makes small talk.
      const transcript = play(brief, SMALL_TALK[scenario.language]);
      const personaSaid = transcript.filter((turn) => turn.speaker === 'persona').map((turn) => turn.text);
      expect(personaSaid.join(' '), label).toContain(mission.objections[0]!.text);

      // The briefing tells the goal, not the words that win: no quoted phrases, no cue a learner could parrot.
      expect(mission.briefing, label).not.toMatch(/["“”«»]/);
      const cues = readTurn(mission.briefing, scenario.language).detections.filter((detection) =>
        ['empathy', 'summary', 'trade', 'closing'].includes(detection.intent),
      );
      expect(cues, label).toEqual([]);
    }
  });

  it('reads every observer criterion as a behaviour the built-in observer scores, one behaviour per criterion', () => {
    for (const observer of items.filter((item) => item.kind === 'observer')) {
      const rubric = observer.fields['rubric'] as { name: string; description: string }[];
      const behaviours = rubric.map((criterion) => behaviourOf(criterion));
      expect(behaviours, `${observer.key} ${observer.language}`).not.toContain('own_words');
      expect(new Set(behaviours).size, `${observer.key} ${observer.language}`).toBe(rubric.length);
      expect(new Set(rubric.map((criterion) => criterion.name)).size).toBe(rubric.length);
    }
  });
});
