import { describe, expect, it } from 'vitest';
import { classifyQuestion } from './questions.js';

describe('[AI]: questions, open and closed', () => {
  it.each([
    ['What is your budget?', 'open'],
    ['So, why did you change supplier?', 'open'],
    ['how many people use it', 'open'],
    ['What about delivery?', 'open'],
    ['Tell me about your process.', 'open'],
    ['Could you tell me more about your team?', 'open'],
    ['Can you walk me through a typical week?', 'open'],
    ['You said what?', 'open'],
    ['Do you have a budget?', 'closed'],
    ["Don't you think so?", 'closed'],
    ['Is that right', 'closed'],
    ['You have a budget?', 'closed'],
    ['If we lower the price, would you sign?', 'closed'],
    ['Your budget, what is it?', 'open'],
    ['Since when has it been like this?', 'open'],
    ['In what way does it slow you down?', 'open'],
    ['With whom do you decide?', 'open'],
    ['How we do it is simple.', null],
    ['When we met, you were busy.', null],
    ['What a day!', null],
    ['We can start on Monday.', null],
  ] as const)('reads the English %j as %s', (sentence, kind) => {
    expect(classifyQuestion(sentence, 'en-GB')).toBe(kind);
    expect(classifyQuestion(sentence, 'en-US')).toBe(kind);
  });

  it.each([
    ['Qu’est-ce qui vous freine ?', 'open'],
    ['Pourquoi ?', 'open'],
    ['Quel est votre délai ?', 'open'],
    ['Qu’en pensez-vous', 'open'],
    ['Racontez-moi votre journée.', 'open'],
    ['Dites-moi ce qui compte.', 'open'],
    ['Est-ce que vous pourriez me décrire votre équipe ?', 'open'],
    ['Et le prix, c’est combien ?', 'open'],
    ['Vous partez quand ?', 'open'],
    ['Depuis quand la situation dure-t-elle ?', 'open'],
    ['C’est quoi le problème ?', 'open'],
    ['En quoi cela vous gêne-t-il ?', 'open'],
    ['À quel moment l’équipe décroche-t-elle ?', 'open'],
    ['Avec qui en avez-vous parlé ?', 'open'],
    ['De quoi avez-vous besoin ?', 'open'],
    ['Pour qui travaillez-vous ?', 'open'],
    ['Est-ce que vous avez un budget ?', 'closed'],
    ['Pouvez-vous signer aujourd’hui ?', 'closed'],
    ['Avez-vous un budget', 'closed'],
    ['A-t-il signé ?', 'closed'],
    ['Vous avez un budget ?', 'closed'],
    ['Quand nous nous sommes vus, vous étiez pressé.', null],
    ['Pourquoi pas.', null],
    ['À qui le dites-vous.', null],
    ['Depuis que nous travaillons ensemble, tout va bien.', null],
    ['Nous pouvons commencer lundi.', null],
  ] as const)('reads the French %j as %s', (sentence, kind) => {
    expect(classifyQuestion(sentence, 'fr-FR')).toBe(kind);
  });
});
