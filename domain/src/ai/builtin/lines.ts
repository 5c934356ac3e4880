import type { SessionLanguage } from '../vocabulary.js';

// What the built-in persona says besides the scenario's own texts (greeting, objections, answers).
// French lines put a no-break space before ? ! : ; and avoid agreeing with the persona's or the
// learner's gender, which the brief does not give.

export type PersonaLines = {
  greeting: (name: string) => string;
  /** The answer to "who are you?". */
  introduction: (name: string, role: string | undefined) => string;
  /** Before an answer the persona gave in its previous turn already. */
  repeat: (answer: string) => string;
  /** Questions the background does not cover, said in turn. */
  deflections: readonly [string, string];
  win: string;
  lose: string;
  end: string;
  /** Prompts to go on once every objection is raised, said in turn. */
  prompts: readonly string[];
  /** Words that make a question ask who the persona is. */
  identityQuestions: readonly string[];
};

const NBSP = '\u00a0';

const EN_GB: PersonaLines = {
  greeting: (name) => `Hello, I'm ${name}. Thanks for coming to see me — what can I do for you?`,
  introduction: (name, role) => (role ? `I'm ${name}, ${role}.` : `I'm ${name}.`),
  repeat: (answer) => `As I said: ${answer}`,
  deflections: ["I'd rather not go into that just now.", "That's not something I can discuss, I'm afraid."],
  win: "Right, you've convinced me. I'm happy to go ahead — let's organise the next steps.",
  lose: "I'm sorry, but I don't think this is going anywhere. Let's leave it there. Goodbye.",
  end: "I'm afraid we've run out of time. Thank you — I'll think it over and get back to you within a fortnight.",
  prompts: [
    'I see. Go on.',
    'Could you tell me a bit more about that?',
    'Hmm. And what would that mean for us in practice?',
    'I realise that matters to you. What else should I know?',
    'Right. Where does that leave us?',
  ],
  identityQuestions: [
    'who are you',
    'your role',
    'your job',
    'your position',
    'your title',
    'what do you do',
    'introduce yourself',
  ],
};

const EN_US: PersonaLines = {
  ...EN_GB,
  win: "All right, you've convinced me. I'm happy to go ahead — let's organize the next steps.",
  end: "I'm afraid we've run out of time. Thank you — I'll think it over and get back to you within two weeks.",
  prompts: [
    'I see. Go on.',
    'Could you tell me a bit more about that?',
    'Hmm. And what would that mean for us in practice?',
    'I realize that matters to you. What else should I know?',
    'OK. Where does that leave us?',
  ],
};

const FR_FR: PersonaLines = {
  greeting: (name) => `Bonjour, je suis ${name}. Merci de votre visite${NBSP}: que puis-je faire pour vous${NBSP}?`,
  introduction: (name, role) => (role ? `Je suis ${name}, ${role}.` : `Je suis ${name}.`),
  repeat: (answer) => `Je vous le redis${NBSP}: ${answer}`,
  deflections: ['Je préfère ne pas entrer dans ce sujet pour l’instant.', 'Je ne peux pas en parler, je regrette.'],
  win: 'Très bien, c’est d’accord. Organisons ensemble les prochaines étapes.',
  lose: 'Je regrette, mais je ne pense pas que nous allions plus loin. Restons-en là. Au revoir.',
  end: `Nous allons devoir nous arrêter là, le temps nous manque. Merci pour cet échange${NBSP}: je vais y réfléchir et je reviendrai vers vous.`,
  prompts: [
    'Je vois. Continuez.',
    `Pouvez-vous m’en dire un peu plus${NBSP}?`,
    `Hum. Et concrètement, qu’est-ce que cela changerait pour nous${NBSP}?`,
    `Je comprends que ce point vous tienne à cœur. Que dois-je savoir d’autre${NBSP}?`,
    `D’accord. Où cela nous mène-t-il${NBSP}?`,
  ],
  identityQuestions: [
    'qui êtes-vous',
    'vous êtes qui',
    'votre rôle',
    'votre poste',
    'votre métier',
    'votre fonction',
    'que faites-vous',
    'vous présenter',
  ],
};

export const PERSONA_LINES: Readonly<Record<SessionLanguage, PersonaLines>> = {
  'en-GB': EN_GB,
  'en-US': EN_US,
  'fr-FR': FR_FR,
};
