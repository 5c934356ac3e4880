import {
  missionFieldsSchema,
  observerFieldsSchema,
  personaFieldsSchema,
  playlistFieldsSchema,
  scenarioFieldsSchema,
} from '@ai-coaching/contracts';
import {
  builtinRoleplayTurn,
  coachingReferences,
  COACHING_KINDS,
  type CoachingKind,
  type RoleplayBrief,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BUILTIN_AI_MODEL_ID } from '../../ai/builtin-provider.js';
import {
  starterLibraryItems,
  starterObserverTranslations,
  STARTER_LANGUAGES,
  type StarterLibraryItem,
} from './starter-library.js';

const SCHEMAS: Record<CoachingKind, z.ZodType> = {
  persona: personaFieldsSchema,
  mission: missionFieldsSchema,
  observer: observerFieldsSchema,
  scenario: scenarioFieldsSchema,
  playlist: playlistFieldsSchema,
};

const items = starterLibraryItems();
const byId = new Map(items.map((item) => [item.itemId, item]));

/** Words as the built-in provider compares them: no case, no accents. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];
const contains = (text: string, phrase: string) =>
  ` ${words(text).join(' ')} `.includes(` ${words(phrase).join(' ')} `);

/** The facts the built-in persona needs from a seeded mission, the way a session gives them. */
const briefOf = (mission: StarterLibraryItem, persona: StarterLibraryItem): RoleplayBrief => ({
  language: mission.language,
  persona: { name: String(persona.fields['name']), background: [] },
  mission: {
    objections: [],
    successPhrases: mission.fields['success_criteria'] as string[],
    failurePhrases: mission.fields['failure_conditions'] as string[],
  },
  turnLimit: mission.fields['turn_limit'] as number,
});

const play = (brief: RoleplayBrief, learnerLines: readonly string[]) => {
  const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  const outcomes = [];
  for (const text of learnerLines) {
    transcript.push({ speaker: 'learner', text });
    const turn = builtinRoleplayTurn(brief, transcript);
    transcript.push({ speaker: 'persona', text: turn.text });
    outcomes.push(turn.outcome);
  }
  return outcomes;
};

// What a learner who follows the briefing might write, turn by turn: the seeded missions must be won this way
// with the built-in provider, and lost by the kind of line their failure conditions describe.
const GOOD_LEARNERS: Record<string, { win: string[]; lose: string }> = {
  'price:en-GB': {
    win: [
      'Thanks for seeing me, Margaret. Before we talk about price, what matters most to you in this renewal?',
      'Last year the scheduling module saved your teams about 1,200 overtime hours. That return on investment is well above the £48,000 you pay.',
      'I cannot lower the price, but in exchange for a two-year term I can freeze it and add a free training day.',
    ],
    lose: 'Look, £48,000 is our price: take it or leave it.',
  },
  'price:fr-FR': {
    win: [
      'Merci de me recevoir. Avant de parler prix, qu’est-ce qui compte le plus pour vous dans ce renouvellement ?',
      'L’an dernier, le module de planification vous a fait économiser 1 400 heures supplémentaires : le retour sur investissement dépasse largement les 56 000 €.',
      'Je ne peux pas baisser le prix, mais en échange d’un engagement de deux ans, je le bloque et je vous offre une journée de formation.',
    ],
    lose: 'Écoutez, c’est notre tarif, c’est à prendre ou à laisser.',
  },
  'complaint:en-GB': {
    win: [
      'Mr Okafor, I understand how frustrating this week has been, and nobody calling you back is not acceptable.',
      'I am truly sorry. I will send an engineer to the café tomorrow morning, and lend you a replacement machine until yours is fixed for good.',
    ],
    lose: 'Please calm down, sir, I am doing what I can.',
  },
  'complaint:fr-FR': {
    win: [
      'Monsieur Moreau, je comprends votre colère : deux pannes en une semaine et aucun rappel, ce n’est pas acceptable.',
      'Je vous présente toutes nos excuses. Un technicien passera au café demain matin, et nous vous prêtons une machine de remplacement.',
    ],
    lose: 'Calmez-vous, monsieur, je fais ce que je peux.',
  },
  'feedback:en-GB': {
    win: [
      'Thanks for making the time, Priya. I want to talk about the monthly reports, and I want this to be useful for you.',
      'For example, the March report reached the client two days after their board meeting. The impact was that the account manager had to apologise.',
      'What support would help you get back on track?',
    ],
    lose: 'Honestly, it looks lazy to me.',
  },
  'feedback:fr-FR': {
    win: [
      'Merci d’avoir pris ce temps, Thomas. Je voudrais parler des rapports mensuels, et que cet échange vous soit utile.',
      'Par exemple, le rapport de mars est arrivé deux jours après le comité de direction du client. L’impact, c’est que le responsable de compte a dû s’excuser.',
      'De quel soutien auriez-vous besoin pour repartir sur de bonnes bases ?',
    ],
    lose: 'Franchement, c’est un dernier avertissement.',
  },
};

describe('The starter library', () => {
  it('holds 3 personas, 3 missions, 2 observers, 3 scenarios and 1 playlist in each of its languages', () => {
    expect(STARTER_LANGUAGES).toEqual(['en-GB', 'fr-FR']);
    for (const language of STARTER_LANGUAGES) {
      const counts = Object.fromEntries(
        COACHING_KINDS.map((kind) => [
          kind,
          items.filter((item) => item.kind === kind && item.language === language).length,
        ]),
      );
      expect(counts).toEqual({ persona: 3, mission: 3, observer: 2, scenario: 3, playlist: 1 });
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

  it('makes every mission winnable with the built-in provider by following its briefing, and losable', () => {
    const scenarios = items.filter((item) => item.kind === 'scenario');
    for (const scenario of scenarios) {
      const mission = byId.get(String(scenario.fields['mission_id']))!;
      const persona = byId.get(String(scenario.fields['persona_id']))!;
      const success = mission.fields['success_criteria'] as string[];
      const failure = mission.fields['failure_conditions'] as string[];
      expect(success.length).toBeGreaterThan(0);
      // A learner saying what wins must not lose by the same words.
      for (const phrase of success) {
        expect(failure.some((lost) => contains(phrase, lost))).toBe(false);
        expect(contains(String(mission.fields['briefing']), phrase), `${mission.key}: briefing names ${phrase}`).toBe(
          true,
        );
      }

      const learner = GOOD_LEARNERS[`${scenario.key}:${scenario.language}`]!;
      const brief = briefOf(mission, persona);
      const outcomes = play(brief, learner.win);
      expect(outcomes.slice(0, -1), `${scenario.key} ${scenario.language}`).toEqual(
        learner.win.slice(0, -1).map(() => undefined),
      );
      expect(outcomes.at(-1), `${scenario.key} ${scenario.language}`).toBe('win');
      expect(play(brief, [learner.win[0]!, learner.lose]).at(-1)).toBe('loose');
    }
  });
});
