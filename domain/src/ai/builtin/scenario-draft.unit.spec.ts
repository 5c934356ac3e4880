import { describe, expect, it } from 'vitest';
import { toDial, type RoleplayBrief } from '../practice/brief.js';
import { judgeConversation } from '../practice/judge.js';
import { behaviourOf } from '../practice/judge.js';
import { playConversation } from '../practice/testing/price-brief.js';
import {
  builtinScenarioDraft,
  scenarioFamilyOf,
  type ScenarioDraft,
  type ScenarioDraftBrief,
} from './scenario-draft.js';
import { SCENARIO_FAMILIES } from './scenario-families.js';

const price: ScenarioDraftBrief = {
  skill: 'handling price objections',
  audience: 'new account managers',
  industry: 'software',
  difficulty: 3,
  language: 'en-GB',
  index: 0,
};
const complaint: ScenarioDraftBrief = {
  skill: 'traiter les réclamations clients',
  audience: 'les réceptionnistes',
  industry: 'hôtellerie',
  difficulty: 2,
  language: 'fr-FR',
  index: 0,
};
const interview: ScenarioDraftBrief = {
  skill: 'job interviews',
  audience: 'store managers',
  industry: 'retail',
  difficulty: 4,
  language: 'en-GB',
  index: 0,
};
const entretien: ScenarioDraftBrief = { ...interview, skill: 'mener un entretien d’embauche', language: 'fr-FR' };

/** What the built-in engine plays from, as practiceBriefOf (application) builds it from the draft's fields. */
const playedBrief = (draft: ScenarioDraft, language: RoleplayBrief['language']): RoleplayBrief => ({
  language,
  persona: {
    name: draft.persona.name,
    role: `${draft.persona.job_title}, ${draft.persona.company}`,
    knowledge: draft.persona.knowledge as RoleplayBrief['persona']['knowledge'],
    motivations: draft.persona.motivations,
    patience: toDial(draft.persona.patience),
    openness: toDial(draft.persona.openness),
    mood: draft.persona.mood as RoleplayBrief['persona']['mood'],
  },
  mission: {
    objections: draft.mission.objections.map((objection) => ({
      text: objection.text,
      resolvedBy: objection.resolved_by as RoleplayBrief['mission']['objections'][number]['resolvedBy'],
    })),
    success: draft.mission.success_behaviours as RoleplayBrief['mission']['success'],
    failure: draft.mission.failure_behaviours as RoleplayBrief['mission']['failure'],
    difficulty: toDial(draft.mission.difficulty ?? draft.persona.difficulty),
  },
  turnLimit: draft.mission.turn_limit ?? 100,
});

const allText = (draft: ScenarioDraft) => JSON.stringify(draft);

/** A learner who plays in good faith without knowing the rules: questions, empathy, a summary, value, trades, a close. */
const SENSIBLE: Record<'en-GB' | 'fr-FR', string[]> = {
  'en-GB': [
    'Thank you for your time. How are things going for you at the moment?',
    'What matters most to you in all this?',
    'I understand, that sounds frustrating.',
    'So if I understand correctly, you need something that works, and soon.',
    'What would an ideal outcome look like for you?',
    'That means you would save time every week: customers like you cut delays by 30%.',
    'If you agree to a short pilot, we can include the training at no extra cost.',
    'I hear you, that makes sense.',
    'Could you tell me more about what worries you?',
    'In return for a two-year commitment, we can offer sixty-day payment terms.',
    'It would help you reduce the delays, which means fewer complaints.',
    'Shall we book a meeting next Tuesday at 10 to agree the plan?',
    'Shall we book a meeting next Wednesday at 11 to agree the plan?',
  ],
  'fr-FR': [
    'Merci de me recevoir. Comment les choses se passent-elles pour vous en ce moment ?',
    'Dites-moi ce qui compte le plus pour vous dans tout cela.',
    'Je comprends, c’est frustrant.',
    'Si je comprends bien, il vous faut quelque chose qui fonctionne, et vite.',
    'Comment verriez-vous une issue idéale ?',
    'Cela vous ferait gagner du temps chaque semaine : des clients comme vous ont réduit leurs délais de 30 %.',
    'Si vous acceptez un court pilote, nous pouvons inclure la formation sans frais supplémentaires.',
    'Je vous entends, c’est compréhensible.',
    'Racontez-moi ce qui vous inquiète.',
    'En échange d’un engagement de deux ans, nous pouvons proposer un paiement à soixante jours.',
    'Cela vous aiderait à réduire les retards, ce qui veut dire moins de réclamations.',
    'Pouvons-nous fixer un rendez-vous mardi prochain à 10 h pour convenir du plan ?',
    'Pouvons-nous fixer un rendez-vous mercredi prochain à 11 h pour convenir du plan ?',
  ],
};

describe('builtinScenarioDraft', () => {
  it('should draft the same scenario for the same brief and number', () => {
    expect(builtinScenarioDraft(price)).toEqual(builtinScenarioDraft({ ...price }));
  });

  it.each([
    ['price objection', price, 'price_objection'],
    ['réclamation', complaint, 'complaint'],
    ['job interview', interview, 'job_interview'],
    ['entretien d’embauche', entretien, 'job_interview'],
    ['cold call', { ...price, skill: 'cold calling' }, 'cold_call'],
    ['feedback', { ...price, skill: 'donner un feedback constructif' }, 'constructive_feedback'],
    ['conversation difficile', { ...price, skill: 'les conversations difficiles' }, 'difficult_conversation'],
    ['négociation', { ...price, skill: 'négociation commerciale' }, 'negotiation'],
    ['customer service', { ...price, skill: 'customer service on the phone' }, 'customer_service'],
    ['discovery', { ...price, skill: 'discovery calls' }, 'discovery_call'],
    ['anything else', { ...price, skill: 'time management' }, 'discovery_call'],
    ['difficult negotiations', { ...price, skill: 'difficult negotiations' }, 'negotiation'],
    ['dealing with…', { ...price, skill: 'dealing with difficult colleagues' }, 'difficult_conversation'],
    ['angry customers', { ...price, skill: 'calming angry customers' }, 'complaint'],
    ['prospection', { ...price, skill: 'prospection téléphonique' }, 'cold_call'],
  ])('should draft from the family the skill names: %s', (_, brief, family) => {
    expect(scenarioFamilyOf(brief.skill).id).toBe(family);
  });

  it('should draft a price objection in the brief’s industry, for its audience', () => {
    const draft = builtinScenarioDraft(price);
    expect(draft.mission.title).toMatch(/^Price objection: /);
    expect(draft.persona.job_title).toBe('Head of Procurement');
    expect(draft.persona.background).toContain('software');
    expect(draft.scenario.description).toContain('new account managers');
    expect(draft.mission.failure_behaviours).toContain('unconditional_concession');
    expect(draft.mission.objections).toHaveLength(2);
  });

  it('should draft a complaint in French, in the hotel trade, for receptionists', () => {
    const draft = builtinScenarioDraft(complaint);
    expect(draft.mission.title).toMatch(/^Réclamation client\u00a0: /);
    expect(draft.persona.job_title).toBe('Responsable des voyages d’affaires');
    expect(draft.persona.background).toContain('hôtellerie');
    expect(draft.scenario.description).toContain('réceptionnistes');
    expect(draft.mission.success_behaviours).toContain('showed_empathy');
    expect(draft.mission.failure_behaviours).not.toContain('unconditional_concession');
  });

  it('should draft a job interview in retail, harder at difficulty 4', () => {
    const draft = builtinScenarioDraft(interview);
    const easy = builtinScenarioDraft({ ...interview, difficulty: 1 });
    expect(draft.mission.title).toMatch(/^Job interview: /);
    expect(draft.persona.job_title).toBe('Sales Associate');
    expect(draft.persona.background).toContain('retail');
    expect(draft.scenario.description).toContain('store managers');
    expect(draft.mission.objections.length).toBeGreaterThan(easy.mission.objections.length);
    expect(draft.persona.patience).toBeLessThan(easy.persona.patience);
    expect(draft.persona.openness).toBeLessThan(easy.persona.openness);
    expect(draft.mission.turn_limit!).toBeGreaterThan(easy.mission.turn_limit!);
    expect(draft.mission.failure_behaviours).toContain('patience_exhausted');
    expect(draft.mission.failure_behaviours).not.toContain('unconditional_concession');
    const entretienDraft = builtinScenarioDraft(entretien);
    expect(['Conseiller de vente', 'Conseillère de vente']).toContain(entretienDraft.persona.job_title);
  });

  it('should give every item a distinct name, and every draft of a run its own names', () => {
    for (const brief of [price, complaint, interview, entretien]) {
      // A run drafts at most ten.
      const drafts = Array.from({ length: 10 }, (_, index) => builtinScenarioDraft({ ...brief, index }));
      for (const draft of drafts) {
        const names = [draft.persona.name, draft.mission.title, draft.observer.name, draft.scenario.name];
        expect(new Set(names).size).toBe(4);
        expect(draft.persona.job_title).not.toMatch(/team member|customer|prospect/i);
      }
      for (const names of [
        drafts.map((draft) => draft.persona.name),
        drafts.map((draft) => draft.observer.name),
        drafts.map((draft) => draft.scenario.name),
      ]) {
        expect(new Set(names).size).toBe(drafts.length);
      }
    }
  });

  it('should carry the structured fields the practice engine plays from', () => {
    for (const family of SCENARIO_FAMILIES) {
      for (const language of ['en-GB', 'fr-FR'] as const) {
        const draft = builtinScenarioDraft({ ...price, skill: family.words[0]!, language, difficulty: 5 });
        expect(draft.persona.knowledge.length).toBeGreaterThanOrEqual(3);
        expect(draft.persona.knowledge.length).toBeLessThanOrEqual(5);
        for (const item of draft.persona.knowledge) expect(item.keywords.length).toBeGreaterThanOrEqual(4);
        expect(new Set(draft.persona.knowledge.map((item) => item.gate))).toEqual(
          new Set(['any', 'open_question', 'trust']),
        );
        expect(draft.persona.motivations.length).toBeGreaterThan(0);
        expect(draft.mission.objections.length).toBe(4);
        expect(draft.mission.difficulty).toBe(5);
        expect(draft.mission.failure_behaviours.includes('unconditional_concession')).toBe(
          family.id === 'price_objection' || family.id === 'negotiation',
        );
      }
    }
  });

  it('should name every rubric criterion after a behaviour the built-in observer judges', () => {
    for (const family of SCENARIO_FAMILIES) {
      for (const text of [family.en, family.fr]) {
        const behaviours = text.rubric.map((criterion) => behaviourOf(criterion));
        expect(behaviours, `${family.id}: ${text.rubric.map((c) => c.name).join(', ')}`).not.toContain('own_words');
        expect(new Set(behaviours).size).toBe(behaviours.length);
        expect(behaviours.at(-1)).toBe('closing');
      }
    }
  });

  it('should write French natively: agreement, elision and no-break spaces', () => {
    for (const brief of [complaint, entretien, { ...complaint, skill: 'négociation' }]) {
      for (const index of [0, 1, 2, 3]) {
        const text = allText(builtinScenarioDraft({ ...brief, index }));
        expect(text).not.toMatch(/ [?!:;%]/);
        // "un de nouveaux managers" is not French ("l’un de vos clients" is); names elide ("qu’Hugo", "d’Alpes").
        expect(text).not.toMatch(/(?<![’\p{L}])une? de |\bque [AEIOUH]|\bde [AEIOUH]/u);
        expect(text).not.toMatch(/Vous faites partie des/);
        expect(text).toMatch(/\u00a0:/);
      }
    }
    const her = builtinScenarioDraft({ ...complaint, index: 0 });
    const persona = her.persona.name;
    // The persona's pronoun agrees with the name the draft gave it.
    const feminine = ['Claire', 'Sophie', 'Léa', 'Camille'].includes(persona.split(' ')[0]!);
    expect(her.mission.briefing).toContain(feminine ? 'Elle est en colère' : 'Il est en colère');
  });

  it('should state the goal in the briefing, not the rules', () => {
    for (const brief of [price, complaint, interview]) {
      const { briefing } = builtinScenarioDraft(brief).mission;
      expect(briefing).toMatch(/Your goal:|Votre objectif\u00a0:/);
      expect(briefing).not.toMatch(/To succeed|Pour réussir|open question|question ouverte/i);
    }
  });

  it('should be won on the built-in engine by a sensible conversation, and judged well', () => {
    const draft = builtinScenarioDraft(price);
    const brief = playedBrief(draft, 'en-GB');
    const transcript = playConversation(brief, [
      'Thanks for making time today. How has the last year gone for your team?',
      'What is behind the low usage in the rest of the team?',
      'I hear you, an increase is hard to accept when half the team is not using it.',
      'If you commit to a two-year term, we can hold the price and include a training day for your team.',
      'Customers like you cut their reporting time by 30% within three months; I can send you the case study.',
      'Shall we book a call with your finance director next Tuesday at 10 to go through the figures?',
    ]);
    expect(transcript.at(-1)!.text).toContain('[[WIN]]');
    const judgement = judgeConversation(brief, transcript, draft.observer.rubric);
    expect(judgement.outcome).toBe('win');
    expect(judgement.overall!).toBeGreaterThanOrEqual(70);
  });

  it.each(
    SCENARIO_FAMILIES.flatMap((family) =>
      (['en-GB', 'fr-FR'] as const).flatMap((language) =>
        [1, 2, 3].map((difficulty) => [family.id, language, difficulty, family.words[0]!] as const),
      ),
    ),
  )('should let a sensible conversation win every family: %s, %s, difficulty %i', (_, language, difficulty, skill) => {
    const draft = builtinScenarioDraft({ ...price, skill, language, difficulty });
    const transcript = playConversation(playedBrief(draft, language), SENSIBLE[language]);
    expect(transcript.at(-1)!.text).toContain('[[WIN]]');
  });

  it('should be lost on the built-in engine by a bare discount', () => {
    const brief = playedBrief(builtinScenarioDraft(price), 'en-GB');
    const transcript = playConversation(brief, [
      'Hi. The price goes up 7% next month.',
      'Fine, I can give you a 5% discount.',
    ]);
    expect(transcript.at(-1)!.text).toContain('[[LOSE]]');
  });

  it('should keep names within 120 characters for the longest brief', () => {
    const draft = builtinScenarioDraft({ ...price, skill: 'x'.repeat(120), audience: 'a'.repeat(120) });
    for (const name of [draft.mission.title, draft.observer.name, draft.scenario.name, draft.persona.name]) {
      expect(name.length).toBeLessThanOrEqual(120);
    }
  });
});
