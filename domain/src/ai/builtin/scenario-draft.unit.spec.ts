import { describe, expect, it } from 'vitest';
import { containsPhrase } from '../conversation-metrics/text.js';
import { builtinScenarioDraft, type ScenarioDraftBrief } from './scenario-draft.js';

const brief: ScenarioDraftBrief = {
  skill: 'handling price objections',
  audience: 'new account managers',
  industry: 'logistics',
  difficulty: 3,
  language: 'en-GB',
  index: 0,
};

describe('builtinScenarioDraft', () => {
  it('should draft the same scenario for the same brief and number', () => {
    expect(builtinScenarioDraft(brief)).toEqual(builtinScenarioDraft({ ...brief }));
  });

  it('should vary the situation, the persona and the company from one draft of a run to the next', () => {
    const drafts = [0, 1, 2].map((index) => builtinScenarioDraft({ ...brief, index }));
    expect(new Set(drafts.map((draft) => draft.mission.success_criteria.join('|'))).size).toBe(3);
    expect(new Set(drafts.map((draft) => draft.persona.name)).size).toBe(3);
    expect(new Set(drafts.map((draft) => draft.persona.company)).size).toBe(3);
    expect(new Set(drafts.map((draft) => draft.scenario.name)).size).toBe(3);
  });

  it('should write the brief’s skill, audience and industry into the draft', () => {
    const draft = builtinScenarioDraft(brief);
    expect(draft.mission.goal).toContain('handling price objections');
    expect(draft.mission.briefing).toContain('new account managers');
    expect(draft.persona.background).toContain('logistics');
    expect(draft.observer.rubric.map((criterion) => criterion.name)).toContain('Handling price objections');
  });

  it('should make a harder persona with more objections and more turns as the difficulty rises', () => {
    const easy = builtinScenarioDraft({ ...brief, difficulty: 1 });
    const hard = builtinScenarioDraft({ ...brief, difficulty: 5 });
    expect([easy.persona.difficulty, easy.persona.mood]).toEqual([1, 'friendly']);
    expect([hard.persona.difficulty, hard.persona.mood]).toEqual([5, 'irritated']);
    expect(hard.mission.turn_limit!).toBeGreaterThan(easy.mission.turn_limit!);
    expect(hard.persona.instructions.length).toBeGreaterThan(easy.persona.instructions.length);
  });

  it.each(['en-GB', 'en-US', 'fr-FR'] as const)(
    'should name every success phrase in the %s briefing, so the built-in persona can be won',
    (language) => {
      for (const index of [0, 1, 2, 3]) {
        const draft = builtinScenarioDraft({ ...brief, language, index });
        for (const phrase of draft.mission.success_criteria) {
          expect(containsPhrase(draft.mission.briefing, phrase), `${phrase} in ${draft.mission.briefing}`).toBe(true);
        }
        expect(draft.observer.rubric.length).toBeGreaterThan(0);
      }
    },
  );

  it('should write French drafts in French', () => {
    const draft = builtinScenarioDraft({ ...brief, language: 'fr-FR', skill: 'la négociation' });
    expect(draft.mission.goal).toMatch(/^S’entraîner à la négociation/);
    expect(draft.observer.rubric[0]!.name).toBe('Écoute');
    expect(draft.scenario.description).toContain('secteur logistics');
  });

  it('should keep titles within 120 characters whatever the skill’s length', () => {
    const draft = builtinScenarioDraft({ ...brief, skill: 'x'.repeat(120) });
    expect(draft.scenario.name.length).toBeLessThanOrEqual(120);
    expect(draft.mission.title.length).toBeLessThanOrEqual(120);
    expect(draft.observer.name.length).toBeLessThanOrEqual(120);
  });
});
