import type { SessionLanguage } from '../vocabulary.js';

// The built-in provider's session generator (docs/coaching-session-generators.md): no language model, so it drafts
// a role-play from fixed templates, picked and filled from the brief (skill, audience, industry, difficulty) and the
// draft's number. Same brief and number, same draft: no clock, no randomness. The success criteria are phrases the
// built-in persona looks for as whole words (docs/ai-builtin-provider.md), and the briefing names them, so a draft
// played on the built-in provider can be won.

/** What a draft is asked from: the generator's brief and which draft of the run this is (0, 1, …). */
export type ScenarioDraftBrief = {
  skill: string;
  audience: string;
  industry: string;
  difficulty: number;
  language: SessionLanguage;
  index: number;
};

/** One draft as a model answers it: the fields of the four items it makes, before they are validated. */
export type ScenarioDraft = {
  persona: {
    name: string;
    job_title: string;
    company: string;
    personality: string;
    background: string;
    difficulty: number;
    mood: string;
    speaking_style: string;
    instructions: string;
  };
  mission: {
    title: string;
    briefing: string;
    goal: string;
    success_criteria: string[];
    failure_conditions: string[];
    turn_limit: number | null;
  };
  observer: {
    name: string;
    description: string;
    instructions: string;
    rubric: {
      name: string;
      description: string;
      scale: string;
      weight: number;
      not_relevant_when: string | null;
    }[];
  };
  scenario: { name: string; description: string };
};

type Words = {
  skill: string;
  audience: string;
  industry: string;
  persona: string;
  job: string;
  company: string;
};

type Situation = {
  /** The persona's role. */
  job: string;
  title: (w: Words) => string;
  personality: string;
  background: (w: Words) => string;
  /** Raised one at a time, as many as the difficulty allows. */
  objections: string[];
  goal: (w: Words) => string;
  briefing: (w: Words) => string;
  success: string[];
  failure: string[];
  speakingStyle: string;
};

type LanguageTemplates = {
  names: string[];
  companies: string[];
  situations: Situation[];
  moods: Record<number, string>;
  persona: (w: Words, objections: string[], success: string[]) => string;
  observer: (w: Words) => Pick<ScenarioDraft['observer'], 'name' | 'description' | 'instructions'>;
  rubric: (w: Words) => ScenarioDraft['observer']['rubric'];
  scenarioDescription: (w: Words) => string;
};

const EN: LanguageTemplates = {
  names: ['Alex Morgan', 'Sam Patel', 'Jordan Reid', 'Chris Evans', 'Taylor Brooks', 'Morgan Lee', 'Jamie Clarke'],
  companies: ['Harbourside', 'Northgate', 'Bluefield', 'Kingsway', 'Riverton', 'Oakridge', 'Westbrook'],
  moods: { 1: 'friendly', 2: 'friendly', 3: 'neutral', 4: 'sceptical', 5: 'irritated' },
  situations: [
    {
      job: 'Purchasing Manager',
      title: (w) => `${cap(w.skill)}: the hesitant buyer`,
      personality: 'Careful with money and wary of promises; respects people who listen before they pitch.',
      background: (w) =>
        `${w.persona} buys for ${w.company}, a ${w.industry} business. A cheaper supplier has approached them, and their manager wants costs down this year. They like the current service but need a reason to stay.`,
      objections: [
        'The other supplier is cheaper.',
        'We are not sure the extra cost is worth it.',
        'Our budget has been cut this year.',
        'We do not want to be locked into a long contract.',
        'Your last delivery was late.',
      ],
      goal: (w) => `Practise ${w.skill}: keep the customer by showing the value, without giving the price away.`,
      briefing: (w) =>
        `You talk to ${w.persona}, ${w.job} at ${w.company} (${w.industry}). They are hesitating to renew. You are one of ${w.audience}.\n\nTo succeed: ask about their needs, say what the service brings them in value, and agree a next step.`,
      success: ['value', 'next step'],
      failure: ['take it or leave it', 'not my problem'],
      speakingStyle: 'Brief and factual; asks for figures.',
    },
    {
      job: 'Customer',
      title: (w) => `${cap(w.skill)}: the unhappy customer`,
      personality:
        'Frustrated and short-tempered today, but fair; calms down when heard and offered something concrete.',
      background: (w) =>
        `${w.persona} is a long-standing customer of a ${w.industry} company. Something went wrong twice this month and nobody called back. They are thinking of leaving for a competitor.`,
      objections: [
        'Nobody called me back.',
        'This is the second time this month.',
        'I am thinking of going elsewhere.',
        'Your promises mean nothing to me now.',
        'I want compensation.',
      ],
      goal: (w) => `Practise ${w.skill}: calm the customer down and agree a concrete fix.`,
      briefing: (w) =>
        `${w.persona} is calling ${w.company} (${w.industry}) to complain. You are one of ${w.audience}.\n\nTo succeed: show that you understand, say sorry and mean it, and offer a concrete solution.`,
      success: ['understand', 'sorry', 'solution'],
      failure: ['calm down', 'not my fault'],
      speakingStyle: 'Direct and emotional at first; shorter sentences when annoyed.',
    },
    {
      job: 'Team Member',
      title: (w) => `${cap(w.skill)}: the difficult conversation`,
      personality: 'Conscientious but defensive; opens up when the conversation feels fair.',
      background: (w) =>
        `${w.persona} works at ${w.company}, a ${w.industry} organisation. Their recent work has slipped: deadlines missed and a client complaint. They have more work than before and have not asked for help.`,
      objections: [
        'I do not see what the problem is.',
        'The delays were not all my fault.',
        'I have far more work than before.',
        'Nobody told me it was urgent.',
        'Is this a formal warning?',
      ],
      goal: (w) => `Practise ${w.skill}: make the problem clear and agree a plan together.`,
      briefing: (w) =>
        `You meet ${w.persona} at ${w.company} (${w.industry}). You are one of ${w.audience}.\n\nTo succeed: give a specific example, explain its impact, and offer your support.`,
      success: ['example', 'impact', 'support'],
      failure: ['lazy', 'useless'],
      speakingStyle: 'Polite and guarded; more open once trust is built.',
    },
    {
      job: 'Prospect',
      title: (w) => `${cap(w.skill)}: the first meeting`,
      personality: 'Busy and curious; gives time to people who ask good questions.',
      background: (w) =>
        `${w.persona} runs operations at ${w.company}, a ${w.industry} firm. They agreed to a short meeting but have not decided they need anything.`,
      objections: [
        'I only have ten minutes.',
        'We already have a supplier.',
        'I do not see why we would change.',
        'Send me a brochure instead.',
        'Everyone says they are the best.',
      ],
      goal: (w) => `Practise ${w.skill}: find the prospect's need and earn a second meeting.`,
      briefing: (w) =>
        `A first meeting with ${w.persona} of ${w.company} (${w.industry}). You are one of ${w.audience}.\n\nTo succeed: ask about their priorities, link your offer to a need they name, and propose a next meeting.`,
      success: ['priorities', 'next meeting'],
      failure: ['sign today', 'you are wrong'],
      speakingStyle: 'Quick, slightly impatient, to the point.',
    },
  ],
  persona: (w, objections, success) =>
    `Play ${w.persona}. Raise these objections one at a time: ${objections.join(' ')} Let yourself be convinced once the learner has said: ${success.join(', ')}.`,
  observer: (w) => ({
    name: `${cap(w.skill)} coach`.slice(0, 120),
    description: `Scores how well the learner practised ${w.skill} with ${w.audience} in mind.`,
    instructions: 'Quote the learner. Be specific and kind; suggest one thing to try next time.',
  }),
  rubric: (w) => [
    {
      name: 'Listening',
      description: 'Asks open questions and reflects what the other person says before answering.',
      scale: '1_5',
      weight: 1,
      not_relevant_when: null,
    },
    {
      name: cap(w.skill).slice(0, 120),
      description: `Applies ${w.skill} to the situation, in words that fit ${w.industry}.`,
      scale: '1_5',
      weight: 2,
      not_relevant_when: null,
    },
    {
      name: 'Clear next step',
      description: 'Ends with an agreed, concrete next step.',
      scale: 'pass_fail',
      weight: 1,
      not_relevant_when: 'The conversation ended before any agreement was possible.',
    },
  ],
  scenarioDescription: (w) => `A role-play drafted for ${w.audience} in ${w.industry}, to practise ${w.skill}.`,
};

const FR: LanguageTemplates = {
  names: [
    'Camille Martin',
    'Julien Moreau',
    'Sophie Laurent',
    'Nicolas Girard',
    'Claire Fontaine',
    'Hugo Lefèvre',
    'Léa Dubois',
  ],
  companies: [
    'Groupe Delmas',
    'Atlantique Services',
    'Maison Berthier',
    'Alpes Conseil',
    'Rivage',
    'Horizon Sud',
    'Lumière & Fils',
  ],
  moods: { 1: 'friendly', 2: 'friendly', 3: 'neutral', 4: 'sceptical', 5: 'irritated' },
  situations: [
    {
      job: 'Responsable des achats',
      title: (w) => `${cap(w.skill)} : l’acheteur hésitant`,
      personality:
        'Prudent avec l’argent et méfiant envers les promesses ; respecte ceux qui écoutent avant de vendre.',
      background: (w) =>
        `${w.persona} achète pour ${w.company}, une entreprise du secteur ${w.industry}. Un fournisseur moins cher l’a contacté, et sa direction veut réduire les coûts cette année. Le service actuel lui convient, mais il lui faut une raison de rester.`,
      objections: [
        'L’autre fournisseur est moins cher.',
        'Nous ne sommes pas sûrs que le surcoût en vaille la peine.',
        'Notre budget a été réduit cette année.',
        'Nous ne voulons pas d’un contrat trop long.',
        'Votre dernière livraison était en retard.',
      ],
      goal: (w) => `S’entraîner à ${w.skill} : garder le client en montrant la valeur, sans brader le prix.`,
      briefing: (w) =>
        `Vous parlez à ${w.persona}, ${w.job.toLowerCase()} chez ${w.company} (${w.industry}). Il hésite à renouveler. Vous faites partie des ${w.audience}.\n\nPour réussir : interrogez-le sur ses besoins, dites la valeur que le service lui apporte et convenez d’une prochaine étape.`,
      success: ['valeur', 'prochaine étape'],
      failure: ['c’est à prendre ou à laisser', 'pas mon problème'],
      speakingStyle: 'Bref et factuel ; demande des chiffres.',
    },
    {
      job: 'Client',
      title: (w) => `${cap(w.skill)} : le client mécontent`,
      personality: 'Agacé aujourd’hui mais juste ; se calme quand on l’écoute et qu’on lui propose du concret.',
      background: (w) =>
        `${w.persona} est un client fidèle d’une entreprise du secteur ${w.industry}. Un problème est survenu deux fois ce mois-ci et personne ne l’a rappelé. Il pense partir chez un concurrent.`,
      objections: [
        'Personne ne m’a rappelé.',
        'C’est la deuxième fois ce mois-ci.',
        'Je pense aller voir ailleurs.',
        'Vos promesses ne valent plus rien pour moi.',
        'Je veux un dédommagement.',
      ],
      goal: (w) => `S’entraîner à ${w.skill} : apaiser le client et convenir d’une solution concrète.`,
      briefing: (w) =>
        `${w.persona} appelle ${w.company} (${w.industry}) pour se plaindre. Vous faites partie des ${w.audience}.\n\nPour réussir : montrez que vous comprenez (« je comprends »), excusez-vous sincèrement (« désolé ») et proposez une solution concrète.`,
      success: ['comprends', 'désolé', 'solution'],
      failure: ['calmez-vous', 'pas ma faute'],
      speakingStyle: 'Direct et ému au début ; phrases courtes quand il s’agace.',
    },
    {
      job: 'Collaborateur',
      title: (w) => `${cap(w.skill)} : la conversation difficile`,
      personality: 'Consciencieux mais sur la défensive ; s’ouvre quand l’échange lui paraît juste.',
      background: (w) =>
        `${w.persona} travaille chez ${w.company}, dans le secteur ${w.industry}. Son travail a décroché récemment : des délais manqués et une réclamation client. Sa charge a augmenté et il n’a pas demandé d’aide.`,
      objections: [
        'Je ne vois pas où est le problème.',
        'Les retards ne venaient pas tous de moi.',
        'J’ai beaucoup plus de travail qu’avant.',
        'Personne ne m’a dit que c’était urgent.',
        'Est-ce un avertissement officiel ?',
      ],
      goal: (w) => `S’entraîner à ${w.skill} : rendre le problème clair et convenir d’un plan ensemble.`,
      briefing: (w) =>
        `Vous rencontrez ${w.persona} chez ${w.company} (${w.industry}). Vous faites partie des ${w.audience}.\n\nPour réussir : donnez un exemple précis, expliquez son impact et proposez votre soutien.`,
      success: ['exemple', 'impact', 'soutien'],
      failure: ['paresseux', 'incapable'],
      speakingStyle: 'Poli et réservé ; plus ouvert une fois la confiance installée.',
    },
    {
      job: 'Prospect',
      title: (w) => `${cap(w.skill)} : le premier rendez-vous`,
      personality: 'Occupé et curieux ; accorde du temps à qui pose de bonnes questions.',
      background: (w) =>
        `${w.persona} dirige les opérations de ${w.company}, dans le secteur ${w.industry}. Il a accepté un court rendez-vous sans être convaincu d’avoir besoin de quoi que ce soit.`,
      objections: [
        'Je n’ai que dix minutes.',
        'Nous avons déjà un fournisseur.',
        'Je ne vois pas pourquoi nous changerions.',
        'Envoyez-moi plutôt une brochure.',
        'Tout le monde dit être le meilleur.',
      ],
      goal: (w) => `S’entraîner à ${w.skill} : trouver le besoin du prospect et obtenir un second rendez-vous.`,
      briefing: (w) =>
        `Un premier rendez-vous avec ${w.persona}, de ${w.company} (${w.industry}). Vous faites partie des ${w.audience}.\n\nPour réussir : interrogez-le sur ses priorités, reliez votre offre à un besoin qu’il nomme et proposez un prochain rendez-vous.`,
      success: ['priorités', 'prochain rendez-vous'],
      failure: ['signez aujourd’hui', 'vous avez tort'],
      speakingStyle: 'Rapide, un peu impatient, va droit au but.',
    },
  ],
  persona: (w, objections, success) =>
    `Jouez ${w.persona}. Soulevez ces objections une à une : ${objections.join(' ')} Laissez-vous convaincre dès que l’apprenant a dit : ${success.join(', ')}.`,
  observer: (w) => ({
    name: `Coach : ${w.skill}`.slice(0, 120),
    description: `Évalue comment l’apprenant s’est entraîné à ${w.skill}, en pensant aux ${w.audience}.`,
    instructions: 'Citez l’apprenant. Soyez précis et bienveillant ; proposez une chose à essayer la prochaine fois.',
  }),
  rubric: (w) => [
    {
      name: 'Écoute',
      description: 'Pose des questions ouvertes et reformule avant de répondre.',
      scale: '1_5',
      weight: 1,
      not_relevant_when: null,
    },
    {
      name: cap(w.skill).slice(0, 120),
      description: `Applique ${w.skill} à la situation, avec les mots du secteur ${w.industry}.`,
      scale: '1_5',
      weight: 2,
      not_relevant_when: null,
    },
    {
      name: 'Prochaine étape claire',
      description: 'Termine sur une prochaine étape concrète et acceptée.',
      scale: 'pass_fail',
      weight: 1,
      not_relevant_when: 'La conversation s’est arrêtée avant tout accord possible.',
    },
  ],
  scenarioDescription: (w) =>
    `Un jeu de rôle préparé pour les ${w.audience} du secteur ${w.industry}, pour s’entraîner à ${w.skill}.`,
};

const TEMPLATES: Record<SessionLanguage, LanguageTemplates> = { 'en-GB': EN, 'en-US': EN, 'fr-FR': FR };

function cap(text: string): string {
  return text.length === 0 ? text : text[0]!.toLocaleUpperCase() + text.slice(1);
}

/** A small stable hash, so the brief's words (not only the draft's number) vary the picks. */
const hashOf = (text: string): number => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
};

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

const clampDifficulty = (difficulty: number) => Math.min(5, Math.max(1, Math.round(difficulty)));

/**
 * The built-in provider's draft number `index` for this brief. Consecutive drafts of one run take different
 * situations, names and companies; the difficulty sets the persona's mood, how many objections it raises and how
 * many turns the mission allows.
 */
export const builtinScenarioDraft = (brief: ScenarioDraftBrief): ScenarioDraft => {
  const templates = TEMPLATES[brief.language];
  const difficulty = clampDifficulty(brief.difficulty);
  const seed = hashOf(`${brief.skill}|${brief.audience}|${brief.industry}`.toLowerCase());
  const situation = pick(templates.situations, seed + brief.index);
  const words: Words = {
    skill: brief.skill.trim(),
    audience: brief.audience.trim(),
    industry: brief.industry.trim(),
    persona: pick(templates.names, seed + brief.index * 3),
    job: situation.job,
    company: pick(templates.companies, seed + brief.index * 5),
  };
  const objections = situation.objections.slice(0, Math.min(situation.objections.length, difficulty));
  return {
    persona: {
      name: words.persona,
      job_title: situation.job,
      company: words.company,
      personality: situation.personality,
      background: situation.background(words),
      difficulty,
      mood: templates.moods[difficulty] ?? 'neutral',
      speaking_style: situation.speakingStyle,
      instructions: templates.persona(words, objections, situation.success),
    },
    mission: {
      title: situation.title(words).slice(0, 120),
      briefing: situation.briefing(words),
      goal: situation.goal(words),
      success_criteria: [...situation.success],
      failure_conditions: [...situation.failure],
      turn_limit: 8 + difficulty * 2,
    },
    observer: { ...templates.observer(words), rubric: templates.rubric(words) },
    scenario: {
      name: `${situation.title(words)} (${brief.index + 1})`.slice(0, 120),
      description: templates.scenarioDescription(words),
    },
  };
};
