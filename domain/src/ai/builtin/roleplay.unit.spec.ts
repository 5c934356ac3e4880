import { describe, expect, it } from 'vitest';
import type { RoleplayBrief, TranscriptTurn } from '../adapter.js';
import { findOutcomeMarker } from '../vocabulary.js';
import type { SessionLanguage } from '../vocabulary.js';
import { builtinRoleplayTurn } from './roleplay.js';

const NBSP = '\u00a0';

const englishBrief = (language: SessionLanguage = 'en-GB'): RoleplayBrief => ({
  language,
  persona: {
    name: 'Claire Martin',
    role: 'purchasing manager at Acme',
    background: [
      { topic: 'budget', keywords: ['budget', 'spend'], answer: 'Our budget for this year is fifty thousand pounds.' },
      { topic: 'team', keywords: ['team', 'staff'], answer: 'There are twelve people in my team.' },
    ],
  },
  mission: {
    objections: ['Your price is higher than our current supplier.', 'We signed with someone else last year.'],
    successPhrases: ['free trial', 'discount'],
    failurePhrases: ['take it or leave it'],
  },
  turnLimit: 4,
});

const frenchBrief: RoleplayBrief = {
  language: 'fr-FR',
  persona: {
    name: 'Hélène Dubois',
    role: 'responsable des achats chez Acme',
    background: [
      {
        topic: 'budget',
        keywords: ['budget', 'dépenser'],
        answer: 'Notre budget annuel est de cinquante mille euros.',
      },
      { topic: 'équipe', keywords: ['équipe'], answer: 'Mon équipe compte douze personnes.' },
    ],
  },
  mission: {
    objections: ['Votre prix est plus élevé que celui de notre fournisseur.', 'Nous avons déjà signé ailleurs.'],
    successPhrases: ['essai gratuit', 'remise'],
    failurePhrases: ['c’est à prendre ou à laisser'],
  },
  turnLimit: 4,
};

/** Plays the learner's lines against the persona, the way a session does: persona first. */
const play = (brief: RoleplayBrief, learnerLines: readonly string[]): TranscriptTurn[] => {
  const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  for (const text of learnerLines) {
    transcript.push({ speaker: 'learner', text });
    transcript.push({ speaker: 'persona', text: builtinRoleplayTurn(brief, transcript).text });
  }
  return transcript;
};

/** The persona's answer to the last of the learner's lines. */
const replyTo = (brief: RoleplayBrief, learnerLines: readonly string[]) => {
  const transcript = play(brief, learnerLines.slice(0, -1));
  transcript.push({ speaker: 'learner', text: learnerLines.at(-1) ?? '' });
  return builtinRoleplayTurn(brief, transcript);
};

const LINES = {
  'en-GB': {
    win: "Right, you've convinced me. I'm happy to go ahead — let's organise the next steps. [[WIN]]",
    lose: "I'm sorry, but I don't think this is going anywhere. Let's leave it there. Goodbye. [[LOSE]]",
    end: "I'm afraid we've run out of time. Thank you — I'll think it over and get back to you within a fortnight. [[END]]",
  },
  'en-US': {
    win: "All right, you've convinced me. I'm happy to go ahead — let's organize the next steps. [[WIN]]",
    lose: "I'm sorry, but I don't think this is going anywhere. Let's leave it there. Goodbye. [[LOSE]]",
    end: "I'm afraid we've run out of time. Thank you — I'll think it over and get back to you within two weeks. [[END]]",
  },
  'fr-FR': {
    win: 'Très bien, c’est d’accord. Organisons ensemble les prochaines étapes. [[WIN]]',
    lose: 'Je regrette, mais je ne pense pas que nous allions plus loin. Restons-en là. Au revoir. [[LOSE]]',
    end: `Nous allons devoir nous arrêter là, le temps nous manque. Merci pour cet échange${NBSP}: je vais y réfléchir et je reviendrai vers vous. [[END]]`,
  },
} as const;

const CASES: { language: SessionLanguage; brief: RoleplayBrief; win: string[]; lose: string[]; end: string[] }[] = [
  {
    language: 'en-GB',
    brief: englishBrief('en-GB'),
    win: ['We can start with a free trial.', 'And I can add a DISCOUNT for the first year.'],
    lose: ['Look, take it or leave it.'],
    end: ['Our product is great.', 'It is fast.', 'It is reliable.', 'Everyone loves it.'],
  },
  {
    language: 'en-US',
    brief: englishBrief('en-US'),
    win: ['A discount and a free trial, then.'],
    lose: ['Hello.', 'Well... Take It Or Leave It!'],
    end: ['Our product is great.', 'It is fast.', 'It is reliable.', 'Everyone loves it.'],
  },
  {
    language: 'fr-FR',
    brief: frenchBrief,
    win: ['Je vous propose un Essai Gratuit.', 'Avec une remise de dix pour cent.'],
    lose: ["Écoutez, c'est a prendre ou a laisser."],
    end: ['Notre produit est excellent.', 'Il est rapide.', 'Il est fiable.', 'Tout le monde l’adore.'],
  },
];

describe('[AI]: the built-in persona', () => {
  describe.each(CASES)('When the scenario is in $language', ({ language, brief, win, lose, end }) => {
    it('should end with [[WIN]] once the learner has said every success phrase', () => {
      const turn = replyTo(brief, win);
      expect(turn).toEqual({ text: LINES[language].win, outcome: 'win' });
      expect(findOutcomeMarker(turn.text).outcome).toBe(turn.outcome);
    });

    it('should end with [[LOSE]] as soon as the learner says a failure phrase', () => {
      const turn = replyTo(brief, lose);
      expect(turn).toEqual({ text: LINES[language].lose, outcome: 'loose' });
      expect(findOutcomeMarker(turn.text).outcome).toBe(turn.outcome);
    });

    it('should end with [[END]] when the learner reaches the turn limit', () => {
      const turn = replyTo(brief, end);
      expect(turn).toEqual({ text: LINES[language].end, outcome: 'end' });
      expect(findOutcomeMarker(turn.text).outcome).toBe(turn.outcome);
    });

    it('should not end the role-play before the turn limit when no phrase is said', () => {
      const turn = replyTo(brief, end.slice(0, 3));
      expect(turn.outcome).toBeUndefined();
      expect(findOutcomeMarker(turn.text).outcome).toBeUndefined();
    });
  });

  describe('When the learner has not spoken yet', () => {
    it("should greet in the scenario's language, naming the persona", () => {
      expect(builtinRoleplayTurn(englishBrief(), [])).toEqual({
        text: "Hello, I'm Claire Martin. Thanks for coming to see me — what can I do for you?",
      });
      expect(builtinRoleplayTurn(frenchBrief, [])).toEqual({
        text: `Bonjour, je suis Hélène Dubois. Merci de votre visite${NBSP}: que puis-je faire pour vous${NBSP}?`,
      });
    });

    it("should say the persona's own greeting when it has one", () => {
      const brief = englishBrief();
      const withGreeting = { ...brief, persona: { ...brief.persona, greeting: 'Morning. You have ten minutes.' } };
      expect(builtinRoleplayTurn(withGreeting, [])).toEqual({ text: 'Morning. You have ten minutes.' });
    });
  });

  describe('When the learner asks a question', () => {
    it('should answer from the background, then raise the next objection', () => {
      expect(replyTo(englishBrief(), ['How much do you plan to spend?'])).toEqual({
        text: 'Our budget for this year is fifty thousand pounds. Your price is higher than our current supplier.',
      });
    });

    it('should recognise a question by its interrogative when the question mark is missing', () => {
      expect(replyTo(englishBrief(), ['Fine.', 'how big is your team']).text).toBe(
        'There are twelve people in my team. We signed with someone else last year.',
      );
    });

    it('should answer in French, matching keywords without their accents', () => {
      expect(replyTo(frenchBrief, ['Combien comptez-vous depenser ?']).text).toBe(
        'Notre budget annuel est de cinquante mille euros. Votre prix est plus élevé que celui de notre fournisseur.',
      );
    });

    it('should answer the background alone once every objection is raised', () => {
      expect(replyTo(englishBrief(), ['Hello.', 'I see.', 'Tell me about your team.']).text).toBe(
        'There are twelve people in my team.',
      );
    });

    it('should say it is repeating itself when asked the same thing twice in a row', () => {
      const brief = { ...englishBrief(), turnLimit: 10 };
      expect(replyTo(brief, ['Hello.', 'I see.', 'What is your budget?', 'What was the budget again?']).text).toBe(
        'As I said: Our budget for this year is fifty thousand pounds.',
      );
    });

    it('should say who the persona is when asked', () => {
      expect(replyTo(englishBrief(), ['Who are you?']).text).toBe(
        "I'm Claire Martin, purchasing manager at Acme. Your price is higher than our current supplier.",
      );
      expect(replyTo(frenchBrief, ['Bonjour.', 'Nous avons une offre.', 'Quel est votre rôle ?']).text).toBe(
        'Je suis Hélène Dubois, responsable des achats chez Acme.',
      );
    });

    it('should decline a question its background does not cover', () => {
      expect(replyTo(englishBrief(), ['Where did you go on holiday?']).text).toBe(
        "That's not something I can discuss, I'm afraid. Your price is higher than our current supplier.",
      );
    });
  });

  describe('When the learner makes statements', () => {
    it('should raise the objections in order, one per turn, then prompt to go on', () => {
      const transcript = play(englishBrief(), ['We sell software.', 'It saves time.', 'It is secure.']);
      expect(transcript.filter((turn) => turn.speaker === 'persona').map((turn) => turn.text)).toEqual([
        "Hello, I'm Claire Martin. Thanks for coming to see me — what can I do for you?",
        'Your price is higher than our current supplier.',
        'We signed with someone else last year.',
        'I realise that matters to you. What else should I know?',
      ]);
    });

    it('should never say the same line twice in a row, and say the same lines for the same conversation', () => {
      const brief = { ...englishBrief(), turnLimit: 40 };
      const learner = Array.from({ length: 30 }, (_, index) => (index % 3 === 2 ? 'Any budget?' : 'Good.'));
      const transcript = play(brief, learner);
      const persona = transcript.filter((turn) => turn.speaker === 'persona').map((turn) => turn.text);
      persona.slice(1).forEach((text, index) => expect(text).not.toBe(persona[index]));
      expect(play(brief, learner)).toEqual(transcript);
    });

    it('should use American spelling for en-US', () => {
      const transcript = play(englishBrief('en-US'), ['One.', 'Two.', 'Three.']);
      expect(transcript.at(-1)?.text).toBe('I realize that matters to you. What else should I know?');
      expect(play(englishBrief('en-GB'), ['One.', 'Two.', 'Three.']).at(-1)?.text).toBe(
        'I realise that matters to you. What else should I know?',
      );
    });
  });

  describe('When phrases are matched', () => {
    it('should match whole words only', () => {
      expect(replyTo(englishBrief(), ['Our free trial is discounted.']).outcome).toBeUndefined();
    });

    it('should lose rather than win when one turn says both kinds of phrase', () => {
      expect(replyTo(englishBrief(), ['Free trial, discount: take it or leave it.']).outcome).toBe('loose');
    });

    it('should win rather than end when the last allowed turn meets the mission', () => {
      expect(replyTo(englishBrief(), ['One.', 'Two.', 'Three.', 'A free trial with a discount.']).outcome).toBe('win');
    });

    it('should never be won when the mission has no success phrase', () => {
      const brief = englishBrief();
      const endless = { ...brief, mission: { ...brief.mission, successPhrases: [] } };
      expect(replyTo(endless, ['Hello.']).outcome).toBeUndefined();
    });
  });
});
