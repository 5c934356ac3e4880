import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '../call.js';
import type { RoleplayBrief } from './brief.js';
import { replayConversation, type Part } from './conversation.js';
import { readTurn } from './intents.js';
import { builtinRoleplayTurn } from './persona.js';
import {
  playConversation,
  priceBrief,
  prixBrief,
  STRONG_EN,
  STRONG_FR,
  WEAK_EN,
  WEAK_FR,
} from './testing/price-brief.js';

// The practice engine's rules (docs/ai-builtin-provider.md, "The rules"), as given / when / then.

const given = (brief: RoleplayBrief, learner: readonly string[]) => ({
  when: () =>
    replayConversation(
      brief,
      learner.map((text): TranscriptTurn => ({ speaker: 'learner', text })),
    ),
});
const kinds = (parts: readonly Part[]) => parts.map((part) => part.kind);
const withMission = (mission: Partial<RoleplayBrief['mission']>): RoleplayBrief => ({
  ...priceBrief,
  mission: { ...priceBrief.mission, ...mission },
});

describe('reading a turn', () => {
  it.each([
    ['What matters most to you this year?', 'open_question'],
    ['Do you use the tool every day?', 'closed_question'],
    ['I understand how frustrating this must be.', 'empathy'],
    ['So if I understand, the main issue is the training.', 'summary'],
    ['It saves your team five hours a week.', 'value'],
    ['If you sign for two years, we can hold the price.', 'trade'],
    ['I can give you a 10% discount.', 'concession'],
    ['Shall we meet on Tuesday at ten?', 'next_step'],
    ['Let us take it or leave it: you have to decide today.', 'pressure'],
    ['That is a ridiculous question.', 'rudeness'],
    ['Quelles sont vos priorités cette année ?', 'open_question'],
    ['Est-ce que vous utilisez l’outil tous les jours ?', 'closed_question'],
    ['Je comprends à quel point c’est frustrant.', 'empathy'],
    ['Si je résume, le problème principal, c’est la formation.', 'summary'],
    ['Cela fait gagner cinq heures par semaine à votre équipe.', 'value'],
    ['Si vous signez pour deux ans, nous pouvons maintenir le prix.', 'trade'],
    ['Je peux vous faire une remise de 10 %.', 'concession'],
    ['On se cale un point mardi à 10 h ?', 'next_step'],
    ['C’est à prendre ou à laisser, vous devez décider aujourd’hui.', 'pressure'],
    ['C’est une question ridicule.', 'rudeness'],
  ] as const)('“%s” shows %s', (text, intent) => {
    const language = /[’éèàç]|Quelles|Est-ce|Je |Si |Cela|On |C’/.test(text) ? 'fr-FR' : 'en-GB';
    expect(readTurn(text, language).has(intent)).toBe(true);
  });

  it('does not count a cue its negation turns around', () => {
    expect(readTurn("I don't understand why you are upset.", 'en-GB').has('empathy')).toBe(false);
    expect(readTurn("I can't lower the price.", 'en-GB').has('concession')).toBe(false);
    expect(readTurn('Je ne peux pas vous faire de remise.', 'fr-FR').has('concession')).toBe(false);
    expect(readTurn('Je ne comprends pas pourquoi vous êtes fâché.', 'fr-FR').has('empathy')).toBe(false);
  });

  it('tells a concrete next step from a vague one', () => {
    expect(readTurn('Let us schedule a call on Friday.', 'en-GB').has('next_step')).toBe(true);
    expect(readTurn('Shall we keep in touch?', 'en-GB').has('vague_next_step')).toBe(true);
  });
});

describe('knowledge', () => {
  it('given an item told on an open question, when asked openly, then the persona tells it and trusts more', () => {
    const state = given(priceBrief, ['How has the last year gone for your team?']).when();
    expect(state.moves[0]!.revealed.map((item) => item.topic)).toEqual(['the last year']);
    expect(state.trust).toBe(priceBrief.persona.openness - 1 + 1);
  });

  it('given the same item, when asked a closed question, then a guarded answer invites a better one', () => {
    const state = given(priceBrief, ['Has the last year gone well with the tool?']).when();
    expect(state.revealed.size).toBe(0);
    expect(state.moves[0]!.parts).toContainEqual(expect.objectContaining({ kind: 'guarded', needs: 'open_question' }));
  });

  it('given an item that needs trust, when asked before trust is earned, then it stays untold until it is', () => {
    const early = given(priceBrief, ['What is your budget for this?']).when();
    expect(early.moves[0]!.parts).toContainEqual(expect.objectContaining({ kind: 'guarded', needs: 'trust' }));
    const later = given(priceBrief, [
      'I understand this renewal comes at a difficult time.',
      'How has the last year gone for your team?',
      'So if I understand, the tool works but Lyon barely uses it.',
      'What is your budget for this?',
    ]).when();
    expect([...later.revealed].map((item) => item.topic)).toContain('the budget');
  });

  it('given a told item, when asked again, then the persona recaps, then says it was covered and loses patience', () => {
    const state = given(priceBrief, ['Tell me about Lyon.', 'And in Lyon, what happened?', 'Why Lyon, then?']).when();
    expect(state.moves.map((move) => move.parts[0]?.kind)).toEqual(['fact', 'recap', 'covered']);
    expect(state.moves[2]!.patience).toBeLessThan(state.moves[1]!.patience);
  });

  it('given a persona with nothing to tell, when asked openly, then it stays guarded rather than saying "nothing more"', () => {
    const silent = { ...priceBrief, persona: { ...priceBrief.persona, knowledge: [] } };
    const state = given(silent, ['What would make this offer work for you?']).when();
    expect(kinds(state.moves[0]!.parts)).toContain('guarded');
    expect(kinds(state.moves[0]!.parts)).not.toContain('nothing_more');
  });
});

describe('objections', () => {
  it('given explored needs, then the first objection comes up, and is resolved only by all its moves', () => {
    const state = given(priceBrief, [
      'How has the last year gone for your team?',
      'What is behind that in Lyon?',
      'I hear you, an increase is hard to accept.',
      'If you commit to two years, we can hold the price.',
    ]).when();
    expect(kinds(state.moves[1]!.parts)).toContain('raise');
    expect(kinds(state.moves[2]!.parts)).toContain('probe');
    expect(kinds(state.moves[3]!.parts)).toContain('resolved');
    expect(state.objections[0]!.status).toBe('resolved');
  });

  it('given a trade-resolved objection, when the learner concedes without condition, then the mission is lost', () => {
    const state = given(priceBrief, [
      'How is the tool used today?',
      'What happens in Lyon?',
      'OK, I can give you a discount.',
    ]).when();
    expect(state.closing).toBe('lose_concession');
  });

  it('given a mission without the concession failure, when the learner concedes, then the objection is conceded, not resolved', () => {
    const brief = withMission({ failure: ['rudeness'] });
    const state = given(brief, [
      'How is the tool used today?',
      'What happens in Lyon?',
      'OK, I can give you a discount.',
    ]).when();
    expect(state.closing).toBeUndefined();
    expect(state.objections[0]!.status).toBe('conceded');
    expect(kinds(state.moves[2]!.parts)).toContain('conceded');
  });

  it('given a proposal while an objection is open, then the persona blocks it', () => {
    const state = given(priceBrief, [
      'How has the last year gone for your team?',
      'What is behind that in Lyon?',
      'Shall we book a call on Tuesday at ten?',
    ]).when();
    expect(kinds(state.moves[2]!.parts)).toContain('blocked');
    expect(state.nextStepAgreed).toBe(false);
  });
});

describe('difficulty', () => {
  it('raises as many objections as its level, at most the mission’s', () => {
    expect(given(withMission({ difficulty: 1 }), []).when().inPlay).toBe(1);
    expect(given(withMission({ difficulty: 5 }), []).when().inPlay).toBe(2);
  });

  it('asks more trust of a guarded fact and wears patience out sooner', () => {
    const neutral = (brief: RoleplayBrief): RoleplayBrief => ({
      ...brief,
      persona: { ...brief.persona, mood: 'neutral' },
    });
    const easy = given(neutral(withMission({ difficulty: 1 })), ['What is your budget?']).when();
    const hard = given(neutral(withMission({ difficulty: 5 })), ['What is your budget?']).when();
    expect(easy.revealed.size).toBe(1);
    expect(hard.revealed.size).toBe(0);
    expect(given(withMission({ difficulty: 5 }), []).when().patience).toBeLessThan(
      given(withMission({ difficulty: 1 }), []).when().patience,
    );
  });
});

describe('patience and manners', () => {
  it('given turns that move nothing on, then patience runs out and the persona ends the conversation', () => {
    const state = given(
      withMission({ failure: [] }),
      Array.from({ length: 12 }, () => 'OK.'),
    ).when();
    expect(state.closing).toBe('end_patience');
    expect(state.moves.some((move) => kinds(move.parts).includes('impatient'))).toBe(true);
  });

  it('given patience_exhausted as a failure, then running out of patience loses', () => {
    const state = given(
      withMission({ failure: ['patience_exhausted'] }),
      Array.from({ length: 12 }, () => 'OK.'),
    ).when();
    expect(state.closing).toBe('lose_patience');
  });

  it('loses on the first rude remark, and on the second push when pressure is a failure', () => {
    expect(given(priceBrief, ['That is a stupid thing to say.']).when().closing).toBe('lose_rudeness');
    const pushed = given(priceBrief, ['You have to decide today.', 'It is your last chance, sign now.']).when();
    expect(pushed.moves[0]!.parts.map((part) => part.kind)).toContain('pressure');
    expect(pushed.closing).toBe('lose_pressure');
  });
});

describe('the persona’s lines', () => {
  it('plays a strong conversation to a win and a weak one to a loss, in both languages alike', () => {
    const outcome = (brief: RoleplayBrief, lines: readonly string[]) =>
      builtinRoleplayTurn(brief, playConversation(brief, lines).slice(0, -1)).outcome;
    expect(outcome(priceBrief, STRONG_EN)).toBe('win');
    expect(outcome(prixBrief, STRONG_FR)).toBe('win');
    expect(outcome(priceBrief, WEAK_EN)).toBe('loose');
    expect(outcome(prixBrief, WEAK_FR)).toBe('loose');
  });

  it('never says a sentence twice in a session, even to the same words again and again', () => {
    const transcript = playConversation(withMission({ failure: [] }), [
      ...Array.from({ length: 6 }, () => 'Do you like it?'),
      ...Array.from({ length: 4 }, () => 'OK.'),
    ]);
    const sentences = transcript
      .filter((turn) => turn.speaker === 'persona')
      .flatMap((turn) => turn.text.split(/(?<=[.!?])\s+/));
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('greets first, and ends with the marker of the mission’s outcome', () => {
    expect(builtinRoleplayTurn(priceBrief, []).text).toBe(
      "Hello, I'm Claire Martin. Thanks for coming to see me — what can I do for you?",
    );
    const lost = playConversation(priceBrief, ['That is a stupid thing to say.']);
    expect(lost.at(-1)!.text).toMatch(/ \[\[LOSE\]\]$/);
  });
});
