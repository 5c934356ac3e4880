import type { SessionLanguage } from '../vocabulary.js';
import type { ObjectionMove } from './brief.js';
import type { Closing } from './conversation.js';

// What the practice engine's persona says besides the content's own texts (facts, objections, greeting). Every
// pool holds several lines so that a persona never says the same sentence twice in a session; the renderer takes
// the first one not said yet, starting from a place the turn's number picks. French: the apostrophe ’, a no-break
// space before ? ! : ; and no agreement with a gender the brief does not give.

export type LinePool = readonly string[];

export type PracticeLines = {
  greeting: (name: string) => string;
  identity: (name: string, role: string | undefined) => string;
  acknowledgedEmpathy: LinePool;
  acknowledgedSummary: LinePool;
  /** Before a fact told on a question; the fact follows. */
  factLeads: LinePool;
  guardedOpen: LinePool;
  guardedTrust: LinePool;
  guardedNothing: LinePool;
  recap: (said: string) => LinePool;
  covered: LinePool;
  nothingMore: LinePool;
  /** Before an objection raised when the learner wanted to move on. */
  raiseEarly: LinePool;
  probe: Record<ObjectionMove, LinePool>;
  resolved: LinePool;
  conceded: LinePool;
  pressure: LinePool;
  rudeness: LinePool;
  blocked: LinePool;
  vague: LinePool;
  hesitant: LinePool;
  agreed: LinePool;
  interested: LinePool;
  clarify: LinePool;
  impatient: LinePool;
  /** Said when every line of a pool has been said already in the session. */
  spare: LinePool;
  closings: Record<Closing, LinePool>;
};

const NBSP = '\u00a0';

const EN_GB: PracticeLines = {
  greeting: (name) => `Hello, I'm ${name}. Thanks for coming to see me — what can I do for you?`,
  identity: (name, role) => (role ? `I'm ${name}, ${role}.` : `I'm ${name}.`),
  acknowledgedEmpathy: [
    'Thank you, I appreciate you saying that.',
    "Yes. It's good to hear someone take it seriously.",
    "Well, that's kind of you to say.",
    "Thank you. It hasn't been easy.",
    'I appreciate that, honestly.',
    "That's good to hear.",
  ],
  acknowledgedSummary: [
    "Yes, that's it exactly.",
    "That's a fair summary.",
    "Right, you've understood.",
    "Yes, that's where we are.",
    'Exactly, you were listening.',
  ],
  factLeads: [
    'Good question.',
    'Since you ask…',
    'Let me tell you.',
    'Well…',
    'Fair question.',
    'I can tell you that.',
  ],
  guardedOpen: [
    "Yes and no — it's more complicated than that.",
    'It depends. What exactly do you want to know?',
    "Broadly, yes. But that's not really the question, is it?",
    "That's hard to answer with a yes or a no.",
    "Maybe. Ask me what's behind it and I'll tell you.",
  ],
  guardedTrust: [
    "That's not something I share with someone I've only just met.",
    "I'd rather know you a bit better before going into that.",
    "Let's see where this conversation goes first.",
    "I'm not ready to go into that yet.",
    'That stays between me and my team for now.',
  ],
  guardedNothing: [
    'Hard to say at this stage.',
    'Perhaps. Why do you ask?',
    'That depends.',
    "I haven't made up my mind.",
    'Possibly — it depends on a few things.',
  ],
  recap: (said) => [`As I said: ${said}`, `I mentioned it already: ${said}`, `Again: ${said}`],
  covered: ["We've covered that already.", "I've answered that twice now.", "We're going round in circles here."],
  nothingMore: [
    "I think I've told you the main things.",
    "That's about all there is to it, really.",
    "I don't think there's anything else you need to know.",
  ],
  raiseEarly: ['Not so fast.', 'One thing first.', 'Hold on.', 'Wait a moment.'],
  probe: {
    acknowledge: [
      "I'm not sure you've really heard what I said.",
      "You're going straight past my point.",
      "I'd like to feel my concern is taken seriously.",
      "You haven't really answered what worries me.",
    ],
    explore: [
      "You haven't asked me why it bothers me.",
      "Don't you want to know what's behind it?",
      "There's more to it than you think.",
      "Ask me about it — there's a reason I'm saying this.",
    ],
    value: [
      "I still don't see what that changes for me.",
      'What difference would that make, concretely?',
      'I need something more concrete than that.',
      "That doesn't tell me what actually changes.",
    ],
    trade: [
      'So what can you do for me on this?',
      "I'll need something from you to move on this.",
      'Give me a reason to say yes.',
      'What are you prepared to do about it?',
    ],
  },
  resolved: [
    'Alright, that I can work with.',
    'Fair enough, that answers my concern.',
    "That helps. I'm less worried now.",
    "Good — that's what I needed to hear.",
    'That makes a difference, yes.',
  ],
  conceded: [
    "I'll take that, thank you. And what else can you do?",
    "That's a start. What more can you offer?",
    'Noted. Is that really the best you can do?',
  ],
  pressure: [
    "Please don't rush me. I won't be pushed into a decision.",
    "I don't decide things under pressure.",
    'Pushing me will not make this go faster.',
  ],
  rudeness: [
    "There's no need to talk to me like that.",
    "I'd appreciate a bit more respect, please.",
    "Let's keep this civil, shall we?",
  ],
  blocked: [
    "Not so fast — we haven't settled my concern yet.",
    'Before any next step, I need an answer on this.',
    "I'm not there yet. My concern still stands.",
  ],
  vague: [
    'What exactly are you suggesting, and when?',
    'Something concrete, please: what, and when?',
    'That is a bit vague. What would the next step be?',
  ],
  hesitant: [
    "I'm not convinced yet. Help me see why we should.",
    "It's too early for that. You don't know enough about us yet.",
    "I'm not ready to commit to anything just now.",
  ],
  agreed: ["That works for me. Let's do that.", "Alright, let's put it in the diary.", 'Fine, I can agree to that.'],
  interested: ["That's interesting. Go on.", "I'm listening.", 'Hmm. Tell me more.', 'That could matter to us.'],
  clarify: [
    "Sorry, I'm not sure what you mean.",
    'What are you getting at, exactly?',
    "I don't follow. What is it you want from me?",
    "I'm not sure where this is going.",
    'Could you get to the point?',
    "I'm sorry, I've lost you there.",
  ],
  impatient: ["I don't have much longer, I'm afraid.", 'I need to wrap up soon.', 'We are running short on time.'],
  spare: [
    'Hmm.',
    'I see.',
    'Well.',
    'Right.',
    'Mm-hm.',
    'Let me think about that.',
    'I hear you.',
    "I'm not sure what to add.",
    'Go on, then.',
    'Fair enough.',
  ],
  closings: {
    win: ["Right, you've convinced me. Let's go ahead.", "Good, that's settled then. Let's go ahead."],
    lose_rudeness: ["I won't be spoken to like that. This conversation is over."],
    lose_pressure: ["I don't respond well to pressure. We'll leave it there."],
    lose_concession: ["Well, if you're offering, I'll take it. Thank you, that will be all."],
    lose_patience: ["I'm sorry, this isn't going anywhere. I have to stop here."],
    end_patience: ["I'm afraid I have to go. Send me something in writing and I'll look at it."],
    end_rudeness: ["I think we'd better stop here. Goodbye."],
    end_limit: ["We've run out of time. I'll think it over and get back to you."],
  },
};

const FR_FR: PracticeLines = {
  greeting: (name) => `Bonjour, je suis ${name}. Merci de votre visite — que puis-je faire pour vous${NBSP}?`,
  identity: (name, role) => (role ? `Je suis ${name}, ${role}.` : `Je suis ${name}.`),
  acknowledgedEmpathy: [
    'Merci, j’apprécie que vous le disiez.',
    'Oui. Ça fait du bien de voir que quelqu’un le prend au sérieux.',
    'C’est gentil de le dire.',
    'Merci. Ça n’a pas été facile.',
    'J’apprécie, sincèrement.',
    'Ça fait plaisir à entendre.',
  ],
  acknowledgedSummary: [
    'Oui, c’est exactement ça.',
    'C’est un bon résumé.',
    'Voilà, vous avez compris.',
    'Oui, c’est là où nous en sommes.',
    'Exactement, vous avez écouté.',
  ],
  factLeads: [
    'Bonne question.',
    'Puisque vous le demandez…',
    'Je vais vous dire.',
    'Eh bien…',
    'Question légitime.',
    'Je peux vous le dire.',
  ],
  guardedOpen: [
    'Oui et non — c’est plus compliqué que ça.',
    `Ça dépend. Que voulez-vous savoir exactement${NBSP}?`,
    `En gros, oui. Mais ce n’est pas vraiment la question, si${NBSP}?`,
    'Difficile de répondre par oui ou par non.',
    'Peut-être. Demandez-moi ce qu’il y a derrière et je vous le dirai.',
  ],
  guardedTrust: [
    'Ce n’est pas quelque chose que je partage avec quelqu’un que je viens de rencontrer.',
    'Je préfère mieux vous connaître avant d’entrer là-dedans.',
    'Voyons d’abord où va cette conversation.',
    'Je préfère ne pas en parler pour l’instant.',
    'Cela reste entre mon équipe et moi pour le moment.',
  ],
  guardedNothing: [
    'Difficile à dire à ce stade.',
    `Peut-être. Pourquoi cette question${NBSP}?`,
    'Ça dépend.',
    'Je n’ai pas encore décidé.',
    'Possiblement — cela dépend de plusieurs choses.',
  ],
  recap: (said) => [
    `Comme je vous l’ai dit${NBSP}: ${said}`,
    `Je l’ai déjà mentionné${NBSP}: ${said}`,
    `Je le répète${NBSP}: ${said}`,
  ],
  covered: ['Nous en avons déjà parlé.', 'J’y ai déjà répondu deux fois.', 'Nous tournons en rond.'],
  nothingMore: [
    'Je crois vous avoir dit l’essentiel.',
    'C’est à peu près tout, en fait.',
    'Je ne pense pas qu’il y ait autre chose à savoir.',
  ],
  raiseEarly: ['Pas si vite.', 'Une chose d’abord.', 'Attendez.', 'Un instant.'],
  probe: {
    acknowledge: [
      'J’ai l’impression que vous n’avez pas vraiment entendu ce que j’ai dit.',
      'Vous passez à côté de ce que je vous dis.',
      'J’aimerais sentir que mon inquiétude est prise au sérieux.',
      'Vous n’avez pas vraiment répondu à ce qui m’inquiète.',
    ],
    explore: [
      'Vous ne m’avez pas demandé pourquoi ça me gêne.',
      `Vous ne voulez pas savoir ce qu’il y a derrière${NBSP}?`,
      'Il y a plus que ce que vous croyez.',
      'Demandez-moi — ce n’est pas pour rien que je le dis.',
    ],
    value: [
      'Je ne vois toujours pas ce que cela change pour moi.',
      `Qu’est-ce que ça changerait, concrètement${NBSP}?`,
      'Il me faut quelque chose de plus concret.',
      'Ça ne me dit pas ce qui change vraiment.',
    ],
    trade: [
      `Alors, que pouvez-vous faire pour moi là-dessus${NBSP}?`,
      'Il me faudra quelque chose de votre part pour avancer.',
      'Donnez-moi une raison de dire oui.',
      `Que pouvez-vous faire, concrètement${NBSP}?`,
    ],
  },
  resolved: [
    'D’accord, avec ça je peux travailler.',
    'Soit, cela répond à mon inquiétude.',
    'Ça aide. Cela m’inquiète moins maintenant.',
    'Bien — c’est ce que j’avais besoin d’entendre.',
    'Ça change les choses, oui.',
  ],
  conceded: [
    `Je prends, merci. Et que pouvez-vous faire d’autre${NBSP}?`,
    `C’est un début. Que pouvez-vous offrir de plus${NBSP}?`,
    `Noté. C’est vraiment le mieux que vous puissiez faire${NBSP}?`,
  ],
  pressure: [
    'Ne me pressez pas, s’il vous plaît. Je ne déciderai pas sous la pression.',
    'Je ne prends pas de décision sous la pression.',
    'Me pousser n’ira pas plus vite.',
  ],
  rudeness: [
    'Inutile de me parler sur ce ton.',
    'Un peu plus de respect, s’il vous plaît.',
    `Restons courtois, voulez-vous${NBSP}?`,
  ],
  blocked: [
    'Pas si vite — nous n’avons pas réglé mon inquiétude.',
    'Avant toute suite, il me faut une réponse là-dessus.',
    'Je n’en suis pas là. Mon inquiétude reste entière.',
  ],
  vague: [
    `Que proposez-vous exactement, et pour quand${NBSP}?`,
    `Quelque chose de concret, s’il vous plaît${NBSP}: quoi, et quand${NBSP}?`,
    `C’est un peu vague. Quelle serait la prochaine étape${NBSP}?`,
  ],
  hesitant: [
    'Cela ne me convainc pas encore. Aidez-moi à voir pourquoi nous le ferions.',
    'C’est trop tôt. Vous ne nous connaissez pas encore assez.',
    'Je ne peux pas m’engager pour l’instant.',
  ],
  agreed: ['Ça me va. Faisons comme ça.', 'D’accord, notons-le dans l’agenda.', 'Bien, je peux accepter cela.'],
  interested: [
    'C’est intéressant. Continuez.',
    'Je vous écoute.',
    'Hmm. Dites-m’en plus.',
    'Ça pourrait compter pour nous.',
  ],
  clarify: [
    'Pardon, je ne comprends pas bien.',
    `Où voulez-vous en venir, exactement${NBSP}?`,
    `Je ne vous suis pas. Qu’attendez-vous de moi${NBSP}?`,
    'Je ne vois pas où ça nous mène.',
    `Pourriez-vous en venir au fait${NBSP}?`,
    'Excusez-moi, là, je ne vous suis plus.',
  ],
  impatient: ['Je n’ai plus beaucoup de temps, j’en ai peur.', 'Il va falloir conclure bientôt.', 'Le temps presse.'],
  spare: [
    'Hmm.',
    'Je vois.',
    'Bon.',
    'D’accord.',
    'Mmh.',
    'Laissez-moi réfléchir.',
    'Je vous entends.',
    'Je ne sais pas quoi ajouter.',
    'Continuez, alors.',
    'Soit.',
  ],
  closings: {
    win: ['Bien, c’est convaincant. Allons-y.', 'Bon, c’est réglé alors. Allons-y.'],
    lose_rudeness: ['Je ne me laisse pas parler ainsi. Cette conversation est terminée.'],
    lose_pressure: ['Je réagis mal à la pression. Nous en resterons là.'],
    lose_concession: ['Eh bien, si vous le proposez, je prends. Merci, ce sera tout.'],
    lose_patience: ['Désolé, mais cela ne mène nulle part. Je dois m’arrêter ici.'],
    end_patience: ['Je dois y aller, j’en ai peur. Envoyez-moi quelque chose par écrit, je regarderai.'],
    end_rudeness: ['Je crois qu’il vaut mieux s’arrêter là. Au revoir.'],
    end_limit: ['Nous n’avons plus de temps. Je vais réfléchir et je reviendrai vers vous.'],
  },
};

/** American spelling and wording where they differ; the lines above are British. */
const AMERICAN: readonly [RegExp, string][] = [
  [/\borganis/g, 'organiz'],
  [/\brealis/g, 'realiz'],
  [/\bapologis/g, 'apologiz'],
  [/\bin the diary\b/g, 'on the calendar'],
];

const american = (line: string) =>
  AMERICAN.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);

const mapLines = (lines: PracticeLines, map: (line: string) => string): PracticeLines => {
  const pool = (values: LinePool) => values.map(map);
  return {
    greeting: (name) => map(lines.greeting(name)),
    identity: (name, role) => map(lines.identity(name, role)),
    acknowledgedEmpathy: pool(lines.acknowledgedEmpathy),
    acknowledgedSummary: pool(lines.acknowledgedSummary),
    factLeads: pool(lines.factLeads),
    guardedOpen: pool(lines.guardedOpen),
    guardedTrust: pool(lines.guardedTrust),
    guardedNothing: pool(lines.guardedNothing),
    recap: (said) => pool(lines.recap(said)),
    covered: pool(lines.covered),
    nothingMore: pool(lines.nothingMore),
    raiseEarly: pool(lines.raiseEarly),
    probe: {
      acknowledge: pool(lines.probe.acknowledge),
      explore: pool(lines.probe.explore),
      value: pool(lines.probe.value),
      trade: pool(lines.probe.trade),
    },
    resolved: pool(lines.resolved),
    conceded: pool(lines.conceded),
    pressure: pool(lines.pressure),
    rudeness: pool(lines.rudeness),
    blocked: pool(lines.blocked),
    vague: pool(lines.vague),
    hesitant: pool(lines.hesitant),
    agreed: pool(lines.agreed),
    interested: pool(lines.interested),
    clarify: pool(lines.clarify),
    impatient: pool(lines.impatient),
    spare: pool(lines.spare),
    closings: Object.fromEntries(
      Object.entries(lines.closings).map(([closing, values]) => [closing, pool(values)]),
    ) as unknown as Record<Closing, LinePool>,
  };
};

export const PRACTICE_LINES: Record<SessionLanguage, PracticeLines> = {
  'en-GB': EN_GB,
  'en-US': mapLines(EN_GB, american),
  'fr-FR': FR_FR,
};
