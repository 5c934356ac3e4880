import { EN_GB_CARE } from './starter-en-gb-care.js';
import { EN_GB_SELLING } from './starter-en-gb-selling.js';
import { FR_FR_CARE } from './starter-fr-fr-care.js';
import { FR_FR_SELLING } from './starter-fr-fr-selling.js';

// The texts of the starter library (docs/coaching-content.md, "Starter library"), written natively in each
// language rather than translated: what a newcomer reads first. `starter-library.ts` wires them together
// (ids, references, the built-in model); this file holds only words.
//
// The built-in practice engine plays from the structured fields (docs/ai-builtin-provider.md, "The persona: the
// practice engine"): each persona's knowledge items, motivations and dials, each mission's objections, success and
// failure behaviours and difficulty. A knowledge item's keywords are the words a learner's question about it would
// hold, in the item's language (matched by their first five letters). The success criteria and failure conditions
// are prose for a real model and for display, no longer matched as words, and a briefing tells the learner the goal,
// never the rules. starter-corpus.unit.spec.ts plays strong, middling and weak conversations against every scenario.

export {
  STARTER_LANGUAGES,
  type StarterLanguage,
  type StarterMissionKey,
  type StarterObserverKey,
  type StarterPersonaKey,
  type StarterScenarioKey,
  type StarterTexts,
} from './starter-texts.js';
import type { StarterLanguage, StarterTexts } from './starter-texts.js';

const EN_GB: StarterTexts = {
  personas: { ...EN_GB_SELLING.personas, ...EN_GB_CARE.personas },
  missions: { ...EN_GB_SELLING.missions, ...EN_GB_CARE.missions },
  observers: {
    negotiation: {
      name: 'Negotiation coach',
      description:
        'Scores how you protect value in a negotiation: discovery, value before price, trading concessions and a clear close.',
      rubric: [
        {
          name: 'Discovery',
          description:
            "Asks open questions to uncover the buyer's real priorities, budget and decision process before talking about price.",
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'Value first',
          description:
            "Links the offer to the buyer's own goals and puts a figure on the return before any talk of a discount.",
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'Trading concessions',
          description:
            'Never gives a concession away: each one is traded for something in return (volume, length of commitment, timing).',
          scale: '1_5',
          weight: 2,
          not_relevant_when: 'The buyer never asks for a concession.',
        },
        {
          name: 'Clear close',
          description: 'Ends on an agreed next step: who does what, and by when.',
          scale: 'pass_fail',
          weight: 1,
          not_relevant_when: null,
        },
      ],
      instructions:
        "Judge the learner, not the persona. Support every score with the learner's own words, quoted. Be specific and kind: name one thing to keep doing and one thing to try next time.",
    },
    conversation: {
      name: 'Conversation coach',
      description:
        'Scores the human side of a difficult conversation: listening, empathy, clarity and agreeing what happens next.',
      rubric: [
        {
          name: 'Questions and listening',
          description: 'Asks open questions, lets the other person finish and builds on what they said.',
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'Empathy',
          description: "Acknowledges the other person's feelings in so many words before moving on to solutions.",
          scale: '1_5',
          weight: 2,
          not_relevant_when: 'The other person shows no emotion.',
        },
        {
          name: 'Clarity',
          description: 'Short, specific sentences without jargon; keeps facts apart from opinions.',
          scale: '1_5',
          weight: 1,
          not_relevant_when: null,
        },
        {
          name: 'Agreed next step',
          description: 'The conversation ends on a specific action, with an owner and a date.',
          scale: 'pass_fail',
          weight: 1,
          not_relevant_when: null,
        },
      ],
      instructions:
        "Judge the learner, not the persona. Support every score with the learner's own words, quoted. Be specific and kind: name one thing to keep doing and one thing to try next time.",
    },
  },
  scenarios: {
    price: {
      name: 'Price negotiation: the sceptical buyer',
      description:
        'A head of procurement with a cheaper offer on the table wants 15% off at renewal. Hold your price by showing value and trading concessions.',
    },
    complaint: {
      name: 'Complaint: the customer at the end of his tether',
      description:
        'A café owner whose leased espresso machine broke down twice in a week, and nobody called him back. Calm him down and keep his business.',
    },
    feedback: {
      name: 'Feedback: the late reports',
      description:
        'A strong analyst whose reports have slipped. Give feedback that is specific and fair, and agree a plan together.',
    },
    discovery: {
      name: 'Discovery call: the busy head of service',
      description:
        'A head of customer service asked for a call about helpdesk software. Find out what he really needs before you pitch anything, and agree what happens next.',
    },
    interview: {
      name: 'Job interview: the shortlisted candidate',
      description:
        'Interview a project manager for a role in your team: draw out her experience and motivation, answer her concerns honestly, and agree the next step.',
    },
    service: {
      name: 'Customer service: the double charge',
      description:
        'A long-standing customer has been charged twice and her connection drops every evening. Diagnose, reassure and agree a fix with a date.',
    },
  },
  playlist: {
    name: 'Difficult conversations: first steps',
    description:
      'Six short text role-plays to start with: negotiate a price, turn round a complaint, give constructive feedback, run a discovery call, interview a candidate, handle a customer service call. About ten minutes each, played with the built-in coach: nothing to set up.',
  },
};

// Written with ordinary spaces for legibility; `typesetFrench` puts the no-break spaces French typography wants.
const FR_FR: StarterTexts = {
  personas: { ...FR_FR_SELLING.personas, ...FR_FR_CARE.personas },
  missions: { ...FR_FR_SELLING.missions, ...FR_FR_CARE.missions },
  observers: {
    negotiation: {
      name: 'Coach négociation',
      description:
        'Évalue votre façon de défendre la valeur dans une négociation : découverte, valeur avant le prix, contreparties et conclusion claire.',
      rubric: [
        {
          name: 'Découverte',
          description:
            'Pose des questions ouvertes pour cerner les vraies priorités de l’acheteur, son budget et son circuit de décision avant de parler prix.',
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'La valeur d’abord',
          description:
            'Relie l’offre aux objectifs de l’acheteur et chiffre le retour sur investissement avant toute discussion de remise.',
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'Contreparties',
          description:
            'N’accorde jamais de concession gratuite : chacune s’échange contre quelque chose (volume, durée d’engagement, délai).',
          scale: '1_5',
          weight: 2,
          not_relevant_when: 'L’acheteur ne demande aucune concession.',
        },
        {
          name: 'Conclusion claire',
          description: 'Termine sur une prochaine étape convenue : qui fait quoi, et pour quand.',
          scale: 'pass_fail',
          weight: 1,
          not_relevant_when: null,
        },
      ],
      instructions:
        'Évaluez la personne formée, pas le personnage. Appuyez chaque note sur ses propres mots, cités. Soyez précis et bienveillant : nommez une chose à garder et une chose à essayer la prochaine fois.',
    },
    conversation: {
      name: 'Coach relationnel',
      description:
        'Évalue la dimension humaine d’une conversation difficile : écoute, empathie, clarté et accord sur la suite.',
      rubric: [
        {
          name: 'Questions et écoute',
          description: 'Pose des questions ouvertes, laisse l’autre finir et s’appuie sur ce qu’il dit.',
          scale: '1_5',
          weight: 2,
          not_relevant_when: null,
        },
        {
          name: 'Empathie',
          description: 'Reconnaît explicitement les émotions de l’autre avant de passer aux solutions.',
          scale: '1_5',
          weight: 2,
          not_relevant_when: 'L’autre personne n’exprime aucune émotion.',
        },
        {
          name: 'Clarté',
          description: 'Phrases courtes et précises, sans jargon ; distingue les faits des opinions.',
          scale: '1_5',
          weight: 1,
          not_relevant_when: null,
        },
        {
          name: 'Prochaine étape convenue',
          description: 'La conversation se termine sur une action précise, avec un responsable et une échéance.',
          scale: 'pass_fail',
          weight: 1,
          not_relevant_when: null,
        },
      ],
      instructions:
        'Évaluez la personne formée, pas le personnage. Appuyez chaque note sur ses propres mots, cités. Soyez précis et bienveillant : nommez une chose à garder et une chose à essayer la prochaine fois.',
    },
  },
  scenarios: {
    price: {
      name: 'Négociation : l’acheteuse sceptique',
      description:
        'Une directrice des achats, une offre concurrente moins chère en main, exige 15 % de remise au renouvellement. Tenez votre prix en défendant la valeur et en échangeant des contreparties.',
    },
    complaint: {
      name: 'Réclamation : le client à bout',
      description:
        'Un gérant de café dont la machine en location est tombée en panne deux fois en une semaine, sans que personne le rappelle. Apaisez-le et gardez-le comme client.',
    },
    feedback: {
      name: 'Retour constructif : les rapports en retard',
      description:
        'Un bon chargé de suivi clients dont les rapports ont dérapé. Faites un retour précis et juste, et convenez d’un plan ensemble.',
    },
    discovery: {
      name: 'Appel de découverte : la responsable débordée',
      description:
        'Une responsable du service client a demandé à être rappelée au sujet d’un logiciel. Découvrez ce dont elle a vraiment besoin avant de présenter quoi que ce soit, et convenez de la suite.',
    },
    interview: {
      name: 'Entretien d’embauche : la candidate finaliste',
      description:
        'Faites passer un entretien à une cheffe de projet pour un poste dans votre équipe : faites ressortir son parcours et sa motivation, répondez franchement à ses inquiétudes et convenez de la suite.',
    },
    service: {
      name: 'Service client : le double prélèvement',
      description:
        'Une cliente fidèle a été prélevée deux fois et sa connexion coupe tous les soirs. Diagnostiquez, rassurez et convenez d’une solution datée.',
    },
  },
  playlist: {
    name: 'Conversations difficiles : premiers pas',
    description:
      'Six jeux de rôle écrits pour commencer : négocier un prix, désamorcer une réclamation, faire un retour constructif, mener un appel de découverte, faire passer un entretien, traiter un appel au service client. Une dizaine de minutes chacun, avec le coach intégré : rien à configurer.',
  },
};

const NBSP = '\u00a0';

/** French typography: a no-break space before ? ! : ; % € and », after «, and between groups of thousands. */
export const typesetFrench = (text: string): string =>
  text
    .replace(/ (?=[?!:;%€»])/g, NBSP)
    .replace(/« /g, `«${NBSP}`)
    .replace(/(\d) (?=\d{3}(?!\d))/g, `$1${NBSP}`);

const typesetAll = <T>(value: T): T => {
  if (typeof value === 'string') return typesetFrench(value) as T;
  if (Array.isArray(value)) return value.map(typesetAll) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, typesetAll(entry)])) as T;
  }
  return value;
};

export const STARTER_TEXTS: Record<StarterLanguage, StarterTexts> = {
  'en-GB': EN_GB,
  'fr-FR': typesetAll(FR_FR),
};
