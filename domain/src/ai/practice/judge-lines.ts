import type { ConversationState } from './conversation.js';
import type { Behaviour } from './behaviours.js';

// What the built-in observer writes in a report, in the session's language (en-US reads the British lines). Every
// line follows from a score and the conversation's state, so the words and the figures say the same thing.

export type JudgeLines = {
  strength: (name: string, behaviour: Behaviour | 'own_words', quote: string | undefined) => string;
  improvement: (name: string, behaviour: Behaviour | 'own_words', state: ConversationState) => string;
  summary: (outcome: 'win' | 'lose' | 'end' | 'open', best: string | undefined, worst: string | undefined) => string;
};

const NBSP = '\u00a0';

const cut = (quote: string, words = 20) => {
  const all = quote.split(/\s+/);
  return all.length <= words ? quote : `${all.slice(0, words).join(' ')}…`;
};

const unresolved = (state: ConversationState) =>
  state.objections
    .slice(0, state.inPlay)
    .find(
      (objection) => objection.status === 'open' || objection.status === 'conceded' || objection.status === 'pending',
    );

const EN_STRENGTH: Record<Behaviour | 'own_words', string> = {
  closing: 'you asked for a concrete next step and got it',
  negotiation: 'you asked for something in return instead of giving ground',
  objections: 'you answered the objections until they were settled',
  value: 'you tied your offer to what they told you',
  discovery: 'your open questions brought out what mattered to them',
  empathy: 'you acknowledged how they saw things before answering',
  professionalism: 'you stayed courteous and calm throughout',
  clarity: 'you kept your turns short and let them talk',
  own_words: 'your words show it',
};

const FR_STRENGTH: Record<Behaviour | 'own_words', string> = {
  closing: 'vous avez demandé une prochaine étape concrète et l’avez obtenue',
  negotiation: 'vous avez demandé une contrepartie au lieu de céder',
  objections: 'vous avez répondu aux objections jusqu’à les lever',
  value: 'vous avez relié votre offre à ce que votre interlocuteur vous a dit',
  discovery: 'vos questions ouvertes ont fait émerger ce qui comptait',
  empathy: 'vous avez reconnu le point de vue de votre interlocuteur avant de répondre',
  professionalism: 'le ton est resté courtois et calme du début à la fin',
  clarity: 'vos interventions étaient courtes et vous avez laissé parler',
  own_words: 'vos propres mots le montrent',
};

const EN: JudgeLines = {
  strength: (name, behaviour, quote) => `${name}: ${EN_STRENGTH[behaviour]}${quote ? ` — “${cut(quote)}”` : ''}.`,
  improvement: (name, behaviour, state) => {
    const pending = unresolved(state);
    switch (behaviour) {
      case 'closing':
        return `${name}: propose a concrete next step — what, with whom and when — once their concerns are settled.`;
      case 'negotiation':
        return state.concessions > 0
          ? `${name}: you gave ground without asking for anything back; make every concession conditional (“if you…, then we…”).`
          : `${name}: when they push on terms, ask for something in return (“if you…, then we…”).`;
      case 'objections':
        return pending
          ? `${name}: “${cut(pending.objection.text, 14)}” was never settled; acknowledge it, ask what lies behind it, then answer it.`
          : `${name}: let them raise their concerns, then acknowledge and answer each one.`;
      case 'value':
        return `${name}: link a benefit, with a figure or an example, to something they told you.`;
      case 'discovery':
        return `${name}: ask open questions (what, how, why) about their situation before proposing anything.`;
      case 'empathy':
        return `${name}: say what you understood of their situation or feelings before answering.`;
      case 'professionalism':
        return `${name}: no pressure and no harsh words; a calm tone keeps the door open.`;
      case 'clarity':
        return `${name}: keep your turns short, let them talk, and summarise what you heard.`;
      case 'own_words':
        return `${name}: show this in what you say; nothing in the conversation did yet.`;
    }
  },
  summary: (outcome, best, worst) => {
    const result = {
      win: 'You reached the goal.',
      lose: 'The conversation ended in failure.',
      end: 'The conversation ended without an agreement.',
      open: 'The conversation was not finished.',
    }[outcome];
    const strongest = best ? ` Strongest: ${best}.` : '';
    const weakest = worst ? ` To work on first: ${worst}.` : '';
    return `${result}${strongest}${weakest}`;
  },
};

const FR: JudgeLines = {
  strength: (name, behaviour, quote) =>
    `${name}${NBSP}: ${FR_STRENGTH[behaviour]}${quote ? ` — «${NBSP}${cut(quote)}${NBSP}»` : ''}.`,
  improvement: (name, behaviour, state) => {
    const pending = unresolved(state);
    switch (behaviour) {
      case 'closing':
        return `${name}${NBSP}: proposez une prochaine étape concrète — quoi, avec qui, quand — une fois les inquiétudes levées.`;
      case 'negotiation':
        return state.concessions > 0
          ? `${name}${NBSP}: vous avez cédé sans rien demander en retour${NBSP}; rendez chaque concession conditionnelle («${NBSP}si vous…, alors nous…${NBSP}»).`
          : `${name}${NBSP}: quand on vous pousse sur les conditions, demandez une contrepartie («${NBSP}si vous…, alors nous…${NBSP}»).`;
      case 'objections':
        return pending
          ? `${name}${NBSP}: «${NBSP}${cut(pending.objection.text, 14)}${NBSP}» n’a jamais été levée${NBSP}; reconnaissez-la, demandez ce qu’il y a derrière, puis répondez-y.`
          : `${name}${NBSP}: laissez votre interlocuteur exprimer ses inquiétudes, puis reconnaissez-les et répondez à chacune.`;
      case 'value':
        return `${name}${NBSP}: reliez un bénéfice, avec un chiffre ou un exemple, à quelque chose qu’on vous a dit.`;
      case 'discovery':
        return `${name}${NBSP}: posez des questions ouvertes (quoi, comment, pourquoi) sur la situation avant de proposer quoi que ce soit.`;
      case 'empathy':
        return `${name}${NBSP}: dites ce que vous avez compris de la situation ou du ressenti avant de répondre.`;
      case 'professionalism':
        return `${name}${NBSP}: ni pression ni mots durs${NBSP}; un ton calme garde la porte ouverte.`;
      case 'clarity':
        return `${name}${NBSP}: des interventions courtes, laissez parler, et reformulez ce que vous avez entendu.`;
      case 'own_words':
        return `${name}${NBSP}: montrez-le dans ce que vous dites${NBSP}; rien dans la conversation ne l’a encore montré.`;
    }
  },
  summary: (outcome, best, worst) => {
    const result = {
      win: 'Vous avez atteint l’objectif.',
      lose: 'La conversation s’est soldée par un échec.',
      end: 'La conversation s’est terminée sans accord.',
      open: 'La conversation n’était pas terminée.',
    }[outcome];
    const strongest = best ? ` Point fort${NBSP}: ${best}.` : '';
    const weakest = worst ? ` À travailler en premier${NBSP}: ${worst}.` : '';
    return `${result}${strongest}${weakest}`;
  },
};

export const JUDGE_LINES: Record<'en-GB' | 'fr-FR', JudgeLines> = { 'en-GB': EN, 'fr-FR': FR };
