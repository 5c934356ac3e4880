import type { TranscriptTurn } from '../../call.js';
import type { RoleplayBrief } from '../brief.js';
import { builtinRoleplayTurn } from '../persona.js';

// A price-renewal persona in both languages, for the practice engine's, the observer's and the coach's specs.

export const priceBrief: RoleplayBrief = {
  language: 'en-GB',
  persona: {
    name: 'Claire Martin',
    role: 'purchasing manager at Norvel',
    knowledge: [
      {
        topic: 'the last year',
        keywords: ['year', 'experience', 'going', 'tool', 'usage', 'adoption'],
        says: 'The tool works, but only half of the Lyon office actually uses it.',
        gate: 'open_question',
      },
      {
        topic: 'the Lyon office',
        keywords: ['lyon', 'training', 'half', 'reason'],
        says: 'Nobody in Lyon was ever trained. They went back to spreadsheets.',
        gate: 'any',
      },
      {
        topic: 'the budget',
        keywords: ['budget', 'cost', 'money', 'finance', 'cfo'],
        says: 'My CFO has frozen every increase above inflation this year.',
        gate: 'trust',
      },
    ],
    motivations: ['She must show her CFO a saving on paper.'],
    patience: 3,
    openness: 3,
    mood: 'sceptical',
  },
  mission: {
    objections: [
      {
        text: 'Frankly, an 8% increase is hard to swallow when half my team does not use the tool.',
        resolvedBy: ['acknowledge', 'trade'],
      },
      { text: 'And my CFO will want proof that it pays off.', resolvedBy: ['value'] },
    ],
    success: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step'],
    failure: ['rudeness', 'unconditional_concession', 'pressure'],
    difficulty: 3,
  },
  turnLimit: 14,
};

export const prixBrief: RoleplayBrief = {
  ...priceBrief,
  language: 'fr-FR',
  persona: {
    ...priceBrief.persona,
    role: 'responsable des achats chez Norvel',
    knowledge: [
      {
        topic: 'l’année écoulée',
        keywords: ['année', 'expérience', 'passe', 'outil', 'usage', 'utilisation'],
        says: 'L’outil fonctionne, mais seule la moitié du bureau de Lyon s’en sert vraiment.',
        gate: 'open_question',
      },
      {
        topic: 'le bureau de Lyon',
        keywords: ['lyon', 'formation', 'moitié', 'raison'],
        says: 'Personne à Lyon n’a jamais été formé. Ils sont revenus aux tableurs.',
        gate: 'any',
      },
      {
        topic: 'le budget',
        keywords: ['budget', 'coût', 'argent', 'finance', 'daf'],
        says: 'Notre DAF a gelé toute hausse au-delà de l’inflation cette année.',
        gate: 'trust',
      },
    ],
    motivations: ['Elle doit montrer une économie sur le papier à son DAF.'],
  },
  mission: {
    ...priceBrief.mission,
    objections: [
      {
        text: 'Franchement, une hausse de 8\u00a0% passe mal quand la moitié de mon équipe n’utilise pas l’outil.',
        resolvedBy: ['acknowledge', 'trade'],
      },
      { text: 'Et mon DAF voudra la preuve que c’est rentable.', resolvedBy: ['value'] },
    ],
  },
};

/** Plays the learner's lines against the built-in persona, stopping at its first outcome. */
export const playConversation = (brief: RoleplayBrief, learnerLines: readonly string[]): TranscriptTurn[] => {
  const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  for (const text of learnerLines) {
    transcript.push({ speaker: 'learner', text });
    const turn = builtinRoleplayTurn(brief, transcript);
    transcript.push({ speaker: 'persona', text: turn.text });
    if (turn.outcome) break;
  }
  return transcript;
};

export const STRONG_EN = [
  'Thanks for making time today. Before we talk numbers, how has the last year gone for your team?',
  'What is behind the low usage in Lyon?',
  'So if I understand, the tool works, but Lyon was never trained and you are paying for seats nobody uses.',
  'I hear you, an increase is hard to accept when half the team is not using it.',
  'If you commit to a two-year term, we can hold the price and include a training day for Lyon.',
  'Customers like you cut their reporting time by 30% within three months; I can send you the case study.',
  'Shall we book a call with your CFO next Tuesday at 10 to go through the figures?',
];

export const STRONG_FR = [
  'Merci de me recevoir. Avant de parler chiffres, comment s’est passée l’année écoulée pour votre équipe ?',
  'Qu’est-ce qui explique le faible usage à Lyon ?',
  'Si je comprends bien, l’outil fonctionne, mais Lyon n’a jamais été formé et vous payez des licences que personne n’utilise.',
  'Je vous entends, une hausse est difficile à accepter quand la moitié de l’équipe ne s’en sert pas.',
  'Si vous vous engagez sur deux ans, nous pouvons maintenir le prix et inclure une journée de formation pour Lyon.',
  'Des clients comme vous ont réduit leur temps de reporting de 30 % en trois mois ; je peux vous envoyer l’étude de cas.',
  'Voulez-vous que nous fixions un appel avec votre DAF mardi prochain à 10 h pour passer les chiffres en revue ?',
];

export const WEAK_EN = [
  'Hi. The price goes up 8% next month.',
  'It is the same for everybody.',
  'Do you want to renew?',
  'Fine, I can give you a 5% discount.',
];

export const WEAK_FR = [
  'Bonjour. Le prix augmente de 8 % le mois prochain.',
  'C’est pareil pour tout le monde.',
  'Vous voulez renouveler ?',
  'Bon, je peux vous faire une remise de 5 %.',
];
