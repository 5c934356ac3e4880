import { describe, expect, it } from 'vitest';
import { readTurn, type Intent } from './intents.js';

// What learners type without knowing the rules, read as they mean it (issue 25): sentences written for the starter
// corpus and beside it, each with the intent the practice engine must see in it. A sentence that negates the move
// must not count as it.

const READS: Record<'en-GB' | 'fr-FR', [Intent, string][]> = {
  'en-GB': [
    ['empathy', "I'm so sorry this happened."],
    ['empathy', "I'm sorry, that's really not good enough on our part."],
    ['empathy', 'That sounds really stressful.'],
    ['empathy', 'That can’t have been easy.'],
    ['empathy', 'No wonder you are annoyed.'],
    ['empathy', 'I completely get why you are upset.'],
    ['empathy', 'Apologies for the trouble.'],
    ['empathy', 'We let you down, and I own that.'],
    ['empathy', 'Thanks for being so patient with us.'],
    ['empathy', 'That is a reasonable worry.'],
    ['empathy', 'I hear your frustration.'],
    ['summary', 'Just to check I have understood: the price matters most.'],
    ['summary', 'So, if I follow you, the real issue is training.'],
    ['summary', 'Let me play that back to you: you need answers within a day.'],
    ['summary', 'So what I am hearing is that the team never adopted it.'],
    ['value', 'That would free up about 1,200 hours a year.'],
    ['value', 'It means your agents spend less time on email.'],
    ['trade', 'If you sign for two years, I can add a training day.'],
    ['trade', 'I could hold the price if you commit to two years.'],
    ['trade', 'We could include training, provided the contract runs two years.'],
    ['next_step', "I'll have an engineer with you at 8 tomorrow."],
    ['next_step', 'How about a call on Thursday at 10?'],
    ['next_step', 'Would Tuesday at 2pm suit you for a demo?'],
    ['next_step', "Let's pencil in a review next Friday."],
    ['next_step', 'I will book a technician for Thursday.'],
    ['closing', 'Are you happy to go ahead on that basis?'],
    ['closing', 'Shall we agree on that?'],
    ['closing', 'Could we agree on a two-year renewal at the current price?'],
    ['empathy', 'That makes sense.'],
    ['needs_question', 'What would make this renewal a success for you?'],
    ['needs_question', 'What is most important to you right now?'],
    ['needs_question', 'How are things going with the team?'],
    ['needs_question', 'What would you like to see change?'],
  ],
  'fr-FR': [
    ['empathy', 'Je suis vraiment navré que ça se soit passé comme ça.'],
    ['empathy', 'Ça n’a pas dû être facile.'],
    ['empathy', 'Je comprends tout à fait votre agacement.'],
    ['empathy', 'Pardon pour ce désagrément.'],
    ['empathy', 'Nous vous avons laissé tomber, je l’assume.'],
    ['empathy', 'Merci d’avoir été si patient avec nous.'],
    ['empathy', 'C’est une inquiétude raisonnable.'],
    ['empathy', 'Je sens bien votre frustration.'],
    ['summary', 'Juste pour vérifier que j’ai bien compris : le prix compte le plus.'],
    ['summary', 'Donc, si je vous suis, le vrai sujet, c’est la formation.'],
    ['summary', 'Ce que j’entends, c’est que l’équipe ne l’a jamais adopté.'],
    ['value', 'Cela libérerait environ 1 400 heures par an.'],
    ['value', 'Vos conseillers passent moins de temps sur les e-mails.'],
    ['trade', 'Si vous signez pour deux ans, je peux ajouter une journée de formation.'],
    ['trade', 'Je pourrais maintenir le prix si vous vous engagez sur deux ans.'],
    ['trade', 'Nous pourrions inclure la formation, à condition que le contrat dure deux ans.'],
    ['next_step', 'Un technicien sera chez vous demain à 8 heures.'],
    ['next_step', 'Que diriez-vous d’un appel jeudi à 10 heures ?'],
    ['next_step', 'Mardi à 14 heures, ça vous irait pour une démo ?'],
    ['next_step', 'Calons un point vendredi prochain.'],
    ['next_step', 'Je réserve un technicien pour jeudi.'],
    ['closing', 'Êtes-vous d’accord pour avancer sur cette base ?'],
    ['closing', 'On se met d’accord là-dessus ?'],
    ['closing', 'Sommes-nous d’accord sur un renouvellement de deux ans au prix actuel ?'],
    ['empathy', 'Ça se comprend.'],
    ['needs_question', 'Qu’est-ce qui ferait de ce renouvellement une réussite pour vous ?'],
    ['needs_question', 'Qu’est-ce qui est le plus important pour vous en ce moment ?'],
    ['needs_question', 'Comment ça se passe avec l’équipe ?'],
    ['needs_question', 'Qu’aimeriez-vous voir changer ?'],
  ],
};

const NOT: Record<'en-GB' | 'fr-FR', [Intent, string][]> = {
  'en-GB': [
    ['trade', "I can't add anything more, even if you sign."],
    ['concession', "We can't add a training day."],
    ['empathy', "I don't hear your frustration as a reason to change the price."],
  ],
  'fr-FR': [
    ['concession', 'Je ne peux pas ajouter de journée de formation.'],
    ['next_step', 'Je ne réserve rien pour l’instant.'],
  ],
};

describe('The practice engine reads natural phrasing', () => {
  for (const language of ['en-GB', 'fr-FR'] as const) {
    it(`sees the move a learner makes in ${language}`, () => {
      for (const [intent, text] of READS[language]) {
        expect(readTurn(text, language).has(intent), `${intent}: ${text}`).toBe(true);
      }
    });

    it(`does not see it when the learner negates it in ${language}`, () => {
      for (const [intent, text] of NOT[language]) {
        expect(readTurn(text, language).has(intent), `${intent}: ${text}`).toBe(false);
      }
    });
  }
});
