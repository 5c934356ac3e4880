import type { FailureBehaviour, KnowledgeGate, ObjectionMove, SuccessBehaviour } from '../practice/brief.js';
import type { DraftWords as W } from './scenario-draft.js';

// The session generator's template families (scenario-draft.ts), one per skill, written natively in en-GB and fr-FR
// (en-US reads en-GB). French texts are written with plain spaces before ? ! : ; and %: the draft makes them
// no-break spaces. Briefings state the learner's goal, never the rules the built-in persona plays by; the rubric's
// criterion names are words the built-in observer reads as behaviours (`behaviourOf`, practice/judge.ts).

/** Who the persona is to the learner: it picks the persona's job title from the brief's industry. */
export type Role = 'buyer' | 'manager' | 'customer' | 'staff';

export type FamilyId =
  | 'price_objection'
  | 'complaint'
  | 'cold_call'
  | 'job_interview'
  | 'constructive_feedback'
  | 'difficult_conversation'
  | 'negotiation'
  | 'customer_service'
  | 'discovery_call';

type Knowledge = { topic: string; keywords: string[]; says: string; gate: KnowledgeGate };
type Objection = { text: string; resolvedBy: ObjectionMove[] };
type Criterion = { name: string; description: string; scale: string; weight: number; not_relevant_when?: string };

export type FamilyText = {
  /** The situation in a few words, for the scenario's name ("Price objection"). */
  situation: string;
  /** One sentence saying what happens, for the scenario's description. */
  situationLower: (w: W) => string;
  /** The mission's title, naming the situation. */
  title: (w: W) => string;
  personality: string;
  speakingStyle: string;
  background: (w: W) => string;
  instructions: (w: W) => string;
  /** 4 items: what the persona tells, and when. */
  knowledge: (w: W) => Knowledge[];
  motivations: (w: W) => string[];
  /** 5, in the order they are raised; the difficulty keeps the first ones. */
  objections: (w: W) => Objection[];
  goal: (w: W) => string;
  briefing: (w: W) => string;
  /** For a real model: phrases of what success and failure look like. */
  successCriteria: string[];
  failureConditions: string[];
  /** What the observer judges: the head of its name, and the same in a sentence. */
  judges: string;
  judgesLower: string;
  rubric: Criterion[];
};

export type ScenarioFamily = {
  id: FamilyId;
  role: Role;
  /** Word starts (folded: no case, no accents) of a skill that names this family, English and French. */
  words: string[];
  success: SuccessBehaviour[];
  failure: FailureBehaviour[];
  /** Added to the difficulty's mood: an unhappy customer starts less friendly. */
  moodShift: number;
  en: FamilyText;
  fr: FamilyText;
};

const oneToFive = (name: string, description: string, weight = 1): Criterion => ({
  name,
  description,
  scale: '1_5',
  weight,
});
const passFail = (name: string, description: string, notRelevantWhen: string): Criterion => ({
  name,
  description,
  scale: 'pass_fail',
  weight: 1,
  not_relevant_when: notRelevantWhen,
});

const NEXT_STEP_EN = passFail(
  'Agreed next step',
  'Ends with a concrete next step both sides agree to: a date, a meeting, a document.',
  'The conversation ended before any agreement was possible.',
);
const NEXT_STEP_FR = passFail(
  'Prochaine étape convenue',
  'Termine sur une prochaine étape concrète acceptée des deux côtés : une date, un rendez-vous, un document.',
  'La conversation s’est arrêtée avant tout accord possible.',
);

// --- Price objection ------------------------------------------------------------------------------------------

const priceObjection: ScenarioFamily = {
  id: 'price_objection',
  role: 'buyer',
  words: [
    'price',
    'pricing',
    'prix',
    'tarif',
    'discount',
    'remise',
    'expensive',
    'cher$',
    'chere$',
    'cheres$',
    'chers$',
    'cost',
    'cout',
    'objection',
  ],
  success: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step'],
  failure: ['rudeness', 'unconditional_concession', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Price objection',
    situationLower: (w) => `${w.persona}, ${w.job} at ${w.company}, pushes back on the price of a contract renewal.`,
    title: (w) => `Price objection: the ${w.company} renewal`,
    personality: 'Careful with money and wary of sales talk; respects people who listen before they pitch.',
    speakingStyle: 'Brief and factual; asks for figures.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company} (${w.industry}). Their contract renews next month with a 7% increase, and a cheaper competitor has just sent an offer. They like the service but need a reason to stay at that price.`,
    instructions: (w) =>
      `Play ${w.persona}. You are not against renewing, but the increase must be justified; you would rather get something in return than a bare discount.`,
    knowledge: () => [
      {
        topic: 'usage over the year',
        keywords: ['use', 'usage', 'team', 'adoption', 'year', 'going', 'experience', 'work'],
        says: 'Only about half of the team uses the service every week. The others never had a proper introduction.',
        gate: 'open_question',
      },
      {
        topic: 'the competitor’s offer',
        keywords: ['competitor', 'offer', 'cheaper', 'alternative', 'quote', 'other'],
        says: 'The other offer is about 15% cheaper, but it includes neither support nor training.',
        gate: 'any',
      },
      {
        topic: 'the budget',
        keywords: ['budget', 'cost', 'money', 'finance', 'increase', 'afford'],
        says: 'Finance has capped every increase at inflation this year. I need something I can defend.',
        gate: 'trust',
      },
      {
        topic: 'the decision',
        keywords: ['decide', 'decision', 'sign', 'approve', 'deadline', 'when'],
        says: 'The decision is mine, but I must show my director a saving by the end of the month.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Needs a saving to show on paper.', 'Would rather stay than go through a change of supplier.'],
    objections: () => [
      {
        text: 'Frankly, a 7% increase is hard to justify when half my team barely uses the service.',
        resolvedBy: ['acknowledge', 'trade'],
      },
      { text: 'And the other offer is a good deal cheaper.', resolvedBy: ['value'] },
      { text: 'I cannot commit to a longer contract right now.', resolvedBy: ['explore', 'trade'] },
      { text: 'Finance will want proof that it pays for itself.', resolvedBy: ['value'] },
      { text: 'I need an answer this week, not a promise.', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Keep the customer at a price you can defend, and leave with an agreed next step.',
    briefing: (w) =>
      `You are meeting ${w.persona}, ${w.job} at ${w.company}, a few weeks before their contract renews with a 7% increase. ${w.first} has already hinted that the price is a problem.\n\nYour goal: keep ${w.company} as a customer without giving the price away, and agree what happens next.`,
    successCriteria: ['asks what the customer needs', 'trades instead of discounting', 'agrees a next step'],
    failureConditions: ['gives a discount for nothing', 'take it or leave it'],
    judges: 'Discovery, trade-offs and close',
    judgesLower: 'the questions, the trade-offs instead of discounts and the next step',
    rubric: [
      oneToFive('Questions about needs', 'Asks open questions to find what matters to the customer before answering.'),
      oneToFive(
        'Trade instead of discount',
        'Asks for something in return for any concession; never gives one away.',
        2,
      ),
      oneToFive('Answering each concern', 'Deals with every concern the customer raises until it is settled.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Objection sur le prix',
    situationLower: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, conteste le prix d’un renouvellement de contrat.`,
    title: (w) => `Objection sur le prix : le renouvellement ${w.company}`,
    personality:
      'Prudent avec l’argent et méfiant envers les discours commerciaux ; respecte ceux qui écoutent avant de vendre.',
    speakingStyle: 'Bref et factuel ; demande des chiffres.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}). Son contrat se renouvelle le mois prochain avec une hausse de 7 %, et un concurrent moins cher vient d’envoyer une offre. Le service lui convient, mais il lui faut une raison de rester à ce prix.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous n’êtes pas contre le renouvellement, mais la hausse doit se justifier ; vous préférez obtenir une contrepartie qu’une simple remise.`,
    knowledge: () => [
      {
        topic: 'l’usage sur l’année',
        keywords: ['usage', 'utilisation', 'équipe', 'année', 'passe', 'expérience', 'sert'],
        says: 'Seule la moitié de l’équipe utilise le service chaque semaine. Les autres n’ont jamais été formés.',
        gate: 'open_question',
      },
      {
        topic: 'l’offre du concurrent',
        keywords: ['concurrent', 'offre', 'moins', 'alternative', 'devis', 'autre'],
        says: 'L’autre offre est environ 15 % moins chère, mais elle ne comprend ni support ni formation.',
        gate: 'any',
      },
      {
        topic: 'le budget',
        keywords: ['budget', 'coût', 'argent', 'finance', 'hausse', 'moyens'],
        says: 'La direction financière a plafonné toute hausse à l’inflation cette année. Il me faut un argument que je peux défendre.',
        gate: 'trust',
      },
      {
        topic: 'la décision',
        keywords: ['décide', 'décision', 'signe', 'valide', 'délai', 'quand'],
        says: 'Je signe moi-même, mais je dois montrer une économie à ma direction d’ici la fin du mois.',
        gate: 'open_question',
      },
    ],
    motivations: () => [
      'Doit montrer une économie sur le papier.',
      'Préférerait rester plutôt que de changer de fournisseur.',
    ],
    objections: () => [
      {
        text: 'Franchement, une hausse de 7 % est difficile à justifier quand la moitié de mon équipe se sert à peine du service.',
        resolvedBy: ['acknowledge', 'trade'],
      },
      { text: 'Et l’autre offre est nettement moins chère.', resolvedBy: ['value'] },
      { text: 'Je ne peux pas m’engager sur un contrat plus long pour l’instant.', resolvedBy: ['explore', 'trade'] },
      { text: 'La direction financière voudra la preuve que c’est rentable.', resolvedBy: ['value'] },
      { text: 'Il me faut une réponse cette semaine, pas une promesse.', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Garder le client à un prix défendable et repartir avec une prochaine étape convenue.',
    briefing: (w) =>
      `Vous rencontrez ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, quelques semaines avant le renouvellement de son contrat avec une hausse de 7 %. ${w.Il} vous a déjà laissé entendre que le prix pose problème.\n\nVotre objectif : garder ${w.company} comme client sans brader le prix, et convenir de la suite.`,
    successCriteria: [
      'interroge le client sur ses besoins',
      'obtient une contrepartie au lieu d’une remise',
      'convient d’une prochaine étape',
    ],
    failureConditions: ['accorde une remise sans contrepartie', 'c’est à prendre ou à laisser'],
    judges: 'Découverte, contreparties et conclusion',
    judgesLower: 'les questions, les contreparties plutôt que les remises et la prochaine étape',
    rubric: [
      oneToFive(
        'Questions sur les besoins',
        'Pose des questions ouvertes pour savoir ce qui compte pour le client avant de répondre.',
      ),
      oneToFive(
        'Contrepartie plutôt que remise',
        'Demande quelque chose en échange de toute concession ; n’en accorde aucune gratuitement.',
        2,
      ),
      oneToFive('Réponse à chaque objection', 'Traite chaque objection du client jusqu’à ce qu’elle soit levée.'),
      NEXT_STEP_FR,
    ],
  },
};

// --- Complaint ------------------------------------------------------------------------------------------------

const complaint: ScenarioFamily = {
  id: 'complaint',
  role: 'customer',
  words: ['complain', 'reclamation', 'plainte', 'angry', 'unhappy', 'upset', 'mecontent', 'irrit', 'escalat', 'litige'],
  success: ['showed_empathy', 'resolved_every_objection', 'agreed_next_step'],
  failure: ['rudeness'],
  moodShift: 1,
  en: {
    situation: 'Customer complaint',
    situationLower: (w) =>
      `${w.persona}, ${w.job} at ${w.company}, calls to complain after the same problem happened twice.`,
    title: (w) => `Customer complaint: ${w.first} has had enough`,
    personality: 'Frustrated and short-tempered today, but fair; calms down when heard and offered something concrete.',
    speakingStyle: 'Direct and emotional at first; shorter sentences when annoyed.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company}, a long-standing customer of yours in ${w.industry}. The same problem has happened twice this month, and nobody called back after the first time. A competitor has been in touch.`,
    instructions: (w) =>
      `Play ${w.persona}. You want to be taken seriously and to know exactly what will be done; you calm down once you feel heard.`,
    knowledge: () => [
      {
        topic: 'what happened',
        keywords: ['happen', 'happened', 'problem', 'wrong', 'issue', 'exactly', 'tell'],
        says: 'Your team promised a fix by Monday. Nothing happened, and I found out from my own staff.',
        gate: 'any',
      },
      {
        topic: 'the impact',
        keywords: ['impact', 'affect', 'cost', 'consequence', 'team', 'clients'],
        says: 'My team lost a full day, and I had to apologise to two of our own clients.',
        gate: 'open_question',
      },
      {
        topic: 'the first time',
        keywords: ['first', 'before', 'last', 'time', 'previous', 'called'],
        says: 'The first time, I was told someone would call me back within the hour. Nobody ever did.',
        gate: 'open_question',
      },
      {
        topic: 'staying or leaving',
        keywords: ['leave', 'stay', 'competitor', 'contract', 'future', 'relationship'],
        says: 'A competitor called me last week. I have not answered yet, but I am tempted.',
        gate: 'trust',
      },
    ],
    motivations: () => ['Wants to be taken seriously more than anything.', 'Needs to tell their own boss it is fixed.'],
    objections: () => [
      { text: 'This is the second time this month, and nobody even called me back.', resolvedBy: ['acknowledge'] },
      { text: 'I want to know what you are actually going to do about it.', resolvedBy: ['explore', 'value'] },
      { text: 'Your promises do not mean much to me any more.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Frankly, I am thinking of going elsewhere.', resolvedBy: ['explore', 'value'] },
      { text: 'And who pays for the day my team lost?', resolvedBy: ['acknowledge', 'trade'] },
    ],
    goal: () => 'Calm the situation, win back the customer’s trust and agree a concrete fix.',
    briefing: (w) =>
      `${w.persona}, ${w.job} at ${w.company}, is calling you about a problem that has now happened twice. ${w.first} is angry, and a competitor has been in touch.\n\nYour goal: turn this call around so that ${w.company} stays, with a fix ${w.first} agrees to.`,
    successCriteria: [
      'acknowledges the frustration',
      'finds out what happened',
      'agrees a concrete fix and a follow-up',
    ],
    failureConditions: ['calm down', 'not my fault'],
    judges: 'Empathy and complaint resolution',
    judgesLower: 'the empathy shown, how the complaint was settled and the follow-up agreed',
    rubric: [
      oneToFive('Empathy and apology', 'Shows the customer they are heard and apologises for what went wrong.', 2),
      oneToFive(
        'Questions to understand',
        'Asks what happened and what it cost the customer before offering anything.',
      ),
      oneToFive('Resolving the complaint', 'Settles each point the customer raises with something concrete.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Réclamation client',
    situationLower: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, appelle pour se plaindre après un même problème survenu deux fois.`,
    title: (w) => `Réclamation client : ${w.first} n’en peut plus`,
    personality: 'Agacé aujourd’hui mais juste ; se calme quand on l’écoute et qu’on lui propose du concret.',
    speakingStyle: 'Direct et vif au début ; phrases courtes quand l’agacement monte.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company}, l’un de vos clients de longue date (secteur : ${w.industry}). Le même problème s’est produit deux fois ce mois-ci, et personne n’a rappelé après la première fois. Un concurrent l’a contacté${w.e}.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous voulez être pris${w.e} au sérieux et savoir précisément ce qui sera fait ; vous vous calmez dès que vous vous sentez écouté${w.e}.`,
    knowledge: () => [
      {
        topic: 'ce qui s’est passé',
        keywords: ['passé', 'problème', 'arrivé', 'produit', 'exactement', 'racontez'],
        says: 'Votre équipe avait promis une correction pour lundi. Rien n’a été fait, et je l’ai appris par mes propres équipes.',
        gate: 'any',
      },
      {
        topic: 'les conséquences',
        keywords: ['conséquence', 'impact', 'coûté', 'équipe', 'clients', 'touché'],
        says: 'Mon équipe a perdu une journée entière, et j’ai dû m’excuser auprès de deux de nos clients.',
        gate: 'open_question',
      },
      {
        topic: 'la première fois',
        keywords: ['première', 'avant', 'dernière', 'fois', 'précédent', 'rappelé'],
        says: 'La première fois, on m’a dit qu’on me rappellerait dans l’heure. Personne ne l’a jamais fait.',
        gate: 'open_question',
      },
      {
        topic: 'rester ou partir',
        keywords: ['partir', 'rester', 'concurrent', 'contrat', 'avenir', 'relation'],
        says: 'Un concurrent m’a appelé la semaine dernière. Je n’ai pas encore répondu, mais je suis tenté.',
        gate: 'trust',
      },
    ],
    motivations: () => [
      'Veut avant tout être pris au sérieux.',
      'Doit pouvoir dire à sa propre direction que c’est réglé.',
    ],
    objections: () => [
      { text: 'C’est la deuxième fois ce mois-ci, et personne ne m’a même rappelé.', resolvedBy: ['acknowledge'] },
      { text: 'Je veux savoir ce que vous allez faire concrètement.', resolvedBy: ['explore', 'value'] },
      { text: 'Vos promesses ne valent plus grand-chose pour moi.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Franchement, je pense aller voir ailleurs.', resolvedBy: ['explore', 'value'] },
      { text: 'Et qui paie la journée que mon équipe a perdue ?', resolvedBy: ['acknowledge', 'trade'] },
    ],
    goal: () => 'Apaiser la situation, regagner la confiance du client et convenir d’une solution concrète.',
    briefing: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, vous appelle au sujet d’un problème survenu pour la deuxième fois. ${w.Il} est en colère, et un concurrent l’a contacté${w.e}.\n\nVotre objectif : retourner la situation pour que ${w.company} reste votre client, avec une solution que ${w.first} accepte.`,
    successCriteria: [
      'reconnaît l’agacement du client',
      'comprend ce qui s’est passé',
      'convient d’une solution concrète et d’un suivi',
    ],
    failureConditions: ['calmez-vous', 'ce n’est pas ma faute'],
    judges: 'Empathie et traitement de la réclamation',
    judgesLower: 'l’empathie, le traitement de la réclamation et le suivi convenu',
    rubric: [
      oneToFive(
        'Empathie et excuses',
        'Montre au client qu’il est entendu et s’excuse pour ce qui n’a pas fonctionné.',
        2,
      ),
      oneToFive(
        'Questions pour comprendre',
        'Demande ce qui s’est passé et ce que cela a coûté au client avant de proposer quoi que ce soit.',
      ),
      oneToFive('Traitement de la réclamation', 'Règle chaque point soulevé par le client avec une réponse concrète.'),
      NEXT_STEP_FR,
    ],
  },
};

// --- Cold call ------------------------------------------------------------------------------------------------

const coldCall: ScenarioFamily = {
  id: 'cold_call',
  role: 'manager',
  words: ['cold', 'froid', 'prospect', 'outbound', 'phoning', 'telephon', 'canvass', 'demarchage'],
  success: ['asked_about_needs', 'agreed_next_step'],
  failure: ['rudeness', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Cold call',
    situationLower: (w) => `${w.persona}, ${w.job} at ${w.company}, picks up a call they were not expecting.`,
    title: (w) => `Cold call: getting ten minutes with ${w.company}`,
    personality: 'Busy and guarded with callers; gives time to people who are brief and relevant.',
    speakingStyle: 'Quick and slightly impatient; warms up when the call is about their problems.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company} (${w.industry}). They did not expect your call and have a meeting in a few minutes. Their team has been struggling with delays since the busy season started.`,
    instructions: (w) =>
      `Play ${w.persona}. You are busy and have heard many sales pitches; you give more time only if the call is about a problem you actually have.`,
    knowledge: () => [
      {
        topic: 'the current set-up',
        keywords: ['currently', 'today', 'setup', 'set', 'use', 'process', 'work', 'handle'],
        says: 'We do most of it by hand, with a tool we built ourselves a few years ago.',
        gate: 'any',
      },
      {
        topic: 'the delays',
        keywords: ['delay', 'problem', 'challenge', 'difficult', 'struggle', 'busy', 'season'],
        says: 'Since the busy season started, we are two or three days behind every week.',
        gate: 'open_question',
      },
      {
        topic: 'the priorities',
        keywords: ['priority', 'priorities', 'year', 'goal', 'plan', 'important'],
        says: 'My priority this year is to cut those delays before our biggest client renews in the spring.',
        gate: 'open_question',
      },
      {
        topic: 'how they buy',
        keywords: ['decide', 'decision', 'budget', 'buy', 'approve', 'who'],
        says: 'A trial fits in my own budget; anything bigger goes to the board.',
        gate: 'trust',
      },
    ],
    motivations: () => ['Wants the delays gone before the big client renews.', 'Hates wasting time on pitches.'],
    objections: () => [
      { text: 'I have a meeting in five minutes. What is this about?', resolvedBy: ['value'] },
      { text: 'We are fine with what we have, thanks.', resolvedBy: ['explore'] },
      { text: 'Just send me an email and I will have a look.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Everyone who calls says they can save us money.', resolvedBy: ['value'] },
      { text: 'How did you get my number, by the way?', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Earn the prospect’s attention, find a real need and book a meeting.',
    briefing: (w) =>
      `You are calling ${w.persona}, ${w.job} at ${w.company}, whom you have never spoken to. ${w.first} does not know you and is short of time.\n\nYour goal: make the call worth their while and leave with a meeting in the diary.`,
    successCriteria: ['gives a reason for the call that matters to the prospect', 'finds a need', 'books a meeting'],
    failureConditions: ['insists after a clear no', 'you have to decide now'],
    judges: 'Opening, discovery and meeting booked',
    judgesLower: 'the opening, the questions that found a need and the meeting booked',
    rubric: [
      oneToFive(
        'Value of the call',
        'Says early why the call is worth the prospect’s time, in terms of their business.',
      ),
      oneToFive(
        'Questions that uncover a need',
        'Asks open questions and lets the prospect describe their situation.',
        2,
      ),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Appel de prospection',
    situationLower: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, décroche un appel qu’${w.il} n’attendait pas.`,
    title: (w) => `Appel de prospection : obtenir dix minutes chez ${w.company}`,
    personality: 'Pressé et méfiant envers les démarcheurs ; accorde du temps à qui est bref et pertinent.',
    speakingStyle: 'Rapide, un peu impatient ; se détend quand l’appel parle de ses problèmes.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}). ${w.Il} n’attendait pas votre appel et a une réunion dans quelques minutes. Son équipe accumule les retards depuis le début de la haute saison.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous êtes pressé${w.e} et avez entendu beaucoup d’argumentaires ; vous n’accordez plus de temps que si l’appel porte sur un problème que vous avez vraiment.`,
    knowledge: () => [
      {
        topic: 'l’organisation actuelle',
        keywords: ['actuellement', 'aujourd’hui', 'organisation', 'outil', 'processus', 'gérez', 'fonctionnez'],
        says: 'Nous faisons presque tout à la main, avec un outil maison développé il y a quelques années.',
        gate: 'any',
      },
      {
        topic: 'les retards',
        keywords: ['retard', 'problème', 'difficulté', 'défi', 'saison', 'charge'],
        says: 'Depuis le début de la haute saison, nous avons deux ou trois jours de retard chaque semaine.',
        gate: 'open_question',
      },
      {
        topic: 'les priorités',
        keywords: ['priorité', 'priorités', 'année', 'objectif', 'projet', 'important'],
        says: 'Ma priorité cette année est de réduire ces retards avant le renouvellement de notre plus gros client au printemps.',
        gate: 'open_question',
      },
      {
        topic: 'la façon d’acheter',
        keywords: ['décide', 'décision', 'budget', 'achat', 'valide', 'qui'],
        says: 'Je peux lancer un essai sur mon propre budget ; au-delà, cela passe par le comité de direction.',
        gate: 'trust',
      },
    ],
    motivations: () => [
      'Veut en finir avec les retards avant le renouvellement du gros client.',
      'Déteste perdre son temps avec des argumentaires.',
    ],
    objections: () => [
      { text: 'J’ai une réunion dans cinq minutes. C’est à quel sujet ?', resolvedBy: ['value'] },
      { text: 'Nous sommes satisfaits de ce que nous avons, merci.', resolvedBy: ['explore'] },
      { text: 'Envoyez-moi plutôt un e-mail, je regarderai.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Tous ceux qui appellent disent pouvoir nous faire économiser.', resolvedBy: ['value'] },
      { text: 'Au fait, comment avez-vous eu mon numéro ?', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Capter l’attention du prospect, trouver un vrai besoin et obtenir un rendez-vous.',
    briefing: (w) =>
      `Vous appelez ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, à qui vous n’avez jamais parlé. ${w.Il} ne vous connaît pas et manque de temps.\n\nVotre objectif : rendre l’appel utile pour ${w.first} et raccrocher avec un rendez-vous dans l’agenda.`,
    successCriteria: [
      'donne une raison d’appeler qui compte pour le prospect',
      'trouve un besoin',
      'obtient un rendez-vous',
    ],
    failureConditions: ['insiste après un refus clair', 'il faut vous décider maintenant'],
    judges: 'Accroche, découverte et rendez-vous',
    judgesLower: 'l’accroche, les questions qui ont révélé un besoin et le rendez-vous obtenu',
    rubric: [
      oneToFive('Valeur de l’appel', 'Dit tôt pourquoi l’appel vaut le temps du prospect, en parlant de son activité.'),
      oneToFive(
        'Questions de découverte',
        'Pose des questions ouvertes et laisse le prospect décrire sa situation.',
        2,
      ),
      NEXT_STEP_FR,
    ],
  },
};

// --- Job interview --------------------------------------------------------------------------------------------

const jobInterview: ScenarioFamily = {
  id: 'job_interview',
  role: 'staff',
  words: ['interview', 'recruit', 'recrut', 'hiring', 'hire', 'embauche', 'candidat', 'job', 'emploi', 'selection'],
  success: ['asked_about_needs', 'summarised', 'agreed_next_step'],
  failure: ['rudeness', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Job interview',
    situationLower: (w) => `The learner interviews ${w.persona}, currently a ${w.job}, for a role at ${w.company}.`,
    title: (w) => `Job interview: ${w.persona} for ${w.company}`,
    personality: 'Capable and a little reserved; opens up to interviewers who show real interest.',
    speakingStyle: 'Thoughtful, gives short answers to closed questions and stories to open ones.',
    background: (w) =>
      `${w.persona} works as a ${w.job} in ${w.industry} and has applied for a role at ${w.company}. They have a second interview elsewhere next week and want to know whether this team is the right place.`,
    instructions: (w) =>
      `Play ${w.persona}, the candidate. Answer honestly; say more to open questions about your experience, and ask about the role if the interviewer only talks.`,
    knowledge: () => [
      {
        topic: 'experience',
        keywords: ['experience', 'background', 'career', 'current', 'role', 'job', 'yourself'],
        says: 'Four years in my current role, the last two leading a small team.',
        gate: 'any',
      },
      {
        topic: 'an achievement',
        keywords: ['achievement', 'proud', 'success', 'example', 'time', 'situation', 'result'],
        says: 'Last year I reorganised our weekly planning; complaints dropped by a third in three months.',
        gate: 'open_question',
      },
      {
        topic: 'why they are leaving',
        keywords: ['leave', 'leaving', 'change', 'move', 'why', 'reason'],
        says: 'Honestly, there is no room to grow where I am. My manager has been there for fifteen years.',
        gate: 'trust',
      },
      {
        topic: 'what they expect',
        keywords: ['expect', 'looking', 'want', 'important', 'ideal', 'motivat'],
        says: 'A team that trains people, and a path to manage within two years.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Wants to grow into a management role.', 'Has another offer in view and is comparing.'],
    objections: () => [
      {
        text: 'Before we go on, I would like to understand what the role really involves day to day.',
        resolvedBy: ['value'],
      },
      { text: 'I have to say, the weekend shifts worry me a little.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'I have another interview next week, so I need to be sure.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'How would I be able to grow here?', resolvedBy: ['value'] },
      { text: 'The salary range in the advert seemed low to me.', resolvedBy: ['explore', 'trade'] },
    ],
    goal: () => 'Find out whether the candidate fits the role, make the role attractive and agree the next step.',
    briefing: (w) =>
      `You are interviewing ${w.persona} for a role at ${w.company}. ${w.first} currently works as a ${w.job} and is also talking to another employer.\n\nYour goal: leave the interview knowing whether ${w.first} fits the role, with ${w.first} keen to continue and the next step agreed.`,
    successCriteria: ['asks open, behavioural questions', 'sums up what the candidate said', 'agrees the next step'],
    failureConditions: ['asks about private life', 'pressures the candidate to accept'],
    judges: 'Interview questions and candidate experience',
    judgesLower: 'the interview questions, how the role was presented and the next step agreed',
    rubric: [
      oneToFive('Open, behavioural questions', 'Asks for examples of what the candidate did, with open questions.', 2),
      oneToFive('Listening and summary', 'Listens, then sums up what the candidate said before moving on.'),
      oneToFive('Value of the role for the candidate', 'Links what the role offers to what the candidate wants.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Entretien d’embauche',
    situationLower: (w) =>
      `L’apprenant reçoit ${w.persona}, actuellement ${w.job.toLowerCase()}, pour un poste chez ${w.company}.`,
    title: (w) => `Entretien d’embauche : ${w.persona} chez ${w.company}`,
    personality: 'Compétent et un peu réservé ; s’ouvre aux recruteurs qui montrent un réel intérêt.',
    speakingStyle: 'Réfléchi ; répond brièvement aux questions fermées et raconte aux questions ouvertes.',
    background: (w) =>
      `${w.persona} travaille comme ${w.job.toLowerCase()} (secteur : ${w.industry}) et a postulé chez ${w.company}. ${w.Il} a un second entretien ailleurs la semaine prochaine et veut savoir si cette équipe est la bonne.`,
    instructions: (w) =>
      `Jouez ${w.persona}, candidat${w.e}. Répondez honnêtement ; développez vos réponses aux questions ouvertes sur votre expérience, et interrogez sur le poste si le recruteur ne fait que parler.`,
    knowledge: () => [
      {
        topic: 'le parcours',
        keywords: ['parcours', 'expérience', 'carrière', 'actuel', 'poste', 'présentez'],
        says: 'J’occupe mon poste actuel depuis quatre ans, dont deux à la tête d’une petite équipe.',
        gate: 'any',
      },
      {
        topic: 'une réussite',
        keywords: ['réussite', 'fier', 'succès', 'exemple', 'situation', 'résultat'],
        says: 'L’an dernier, j’ai réorganisé notre planning hebdomadaire ; les réclamations ont baissé d’un tiers en trois mois.',
        gate: 'open_question',
      },
      {
        topic: 'les raisons du départ',
        keywords: ['partir', 'départ', 'quitter', 'changer', 'pourquoi', 'raison'],
        says: 'Honnêtement, je n’ai plus de perspectives là où je suis. Mon responsable est en poste depuis quinze ans.',
        gate: 'trust',
      },
      {
        topic: 'les attentes',
        keywords: ['attentes', 'attendez', 'cherchez', 'important', 'idéal', 'motive'],
        says: 'Je veux une équipe qui forme ses gens, et une perspective d’encadrement d’ici deux ans.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Veut évoluer vers un poste d’encadrement.', 'A une autre offre en vue et compare.'],
    objections: () => [
      {
        text: 'Avant d’aller plus loin, j’aimerais comprendre en quoi consiste vraiment le poste au quotidien.',
        resolvedBy: ['value'],
      },
      {
        text: 'Je dois dire que les services du week-end m’inquiètent un peu.',
        resolvedBy: ['acknowledge', 'explore'],
      },
      {
        text: 'J’ai un autre entretien la semaine prochaine, alors je dois être sûr de moi.',
        resolvedBy: ['acknowledge', 'value'],
      },
      { text: 'Comment pourrais-je évoluer ici ?', resolvedBy: ['value'] },
      { text: 'La fourchette de salaire de l’annonce m’a paru basse.', resolvedBy: ['explore', 'trade'] },
    ],
    goal: () => 'Savoir si le candidat correspond au poste, rendre le poste attractif et convenir de la suite.',
    briefing: (w) =>
      `Vous recevez ${w.persona} pour un poste chez ${w.company}. ${w.Il} travaille actuellement comme ${w.job.toLowerCase()} et discute aussi avec un autre employeur.\n\nVotre objectif : savoir à l’issue de l’entretien si ${w.first} correspond au poste, lui donner envie de poursuivre et convenir de la suite.`,
    successCriteria: [
      'pose des questions ouvertes et comportementales',
      'reformule ce que dit le candidat',
      'convient de la suite',
    ],
    failureConditions: ['pose des questions sur la vie privée', 'presse le candidat d’accepter'],
    judges: 'Questions d’entretien et expérience candidat',
    judgesLower: 'les questions posées, la présentation du poste et la suite convenue',
    rubric: [
      oneToFive(
        'Questions ouvertes et comportementales',
        'Demande des exemples de ce que le candidat a fait, par des questions ouvertes.',
        2,
      ),
      oneToFive('Écoute et reformulation', 'Écoute, puis résume ce que le candidat a dit avant de poursuivre.'),
      oneToFive('Valeur du poste pour le candidat', 'Relie ce que le poste offre à ce que cherche le candidat.'),
      NEXT_STEP_FR,
    ],
  },
};

// --- Constructive feedback ------------------------------------------------------------------------------------

const constructiveFeedback: ScenarioFamily = {
  id: 'constructive_feedback',
  role: 'staff',
  words: [
    'feedback',
    'constructi',
    'recadr',
    'appraisal',
    'performance',
    'retour',
    'critique',
    'coaching',
    'review',
    'leadership',
    'encadr',
  ],
  success: ['showed_empathy', 'resolved_every_objection', 'agreed_next_step'],
  failure: ['rudeness', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Constructive feedback',
    situationLower: (w) => `A manager gives ${w.persona}, ${w.job} at ${w.company}, feedback on missed deadlines.`,
    title: (w) => `Constructive feedback: ${w.first}’s missed deadlines`,
    personality: 'Conscientious but defensive; opens up when the conversation feels fair.',
    speakingStyle: 'Polite and guarded; more open once trust is built.',
    background: (w) =>
      `${w.persona} has been a ${w.job} at ${w.company} (${w.industry}) for three years and is usually reliable. In the last month two deadlines slipped and a client noticed. ${w.first} has taken on extra work since a colleague left and has not asked for help.`,
    instructions: (w) =>
      `Play ${w.persona}. You feel you have been doing your best; you become defensive if judged, and open up when the facts are fair and you feel supported.`,
    knowledge: () => [
      {
        topic: 'the workload',
        keywords: ['workload', 'work', 'busy', 'load', 'going', 'lately', 'month'],
        says: 'Since Sam left, I have been doing two jobs. Nobody said anything about it.',
        gate: 'open_question',
      },
      {
        topic: 'the missed deadlines',
        keywords: ['deadline', 'late', 'delay', 'report', 'missed', 'happened'],
        says: 'The report was late because I was waiting on figures from another team.',
        gate: 'any',
      },
      {
        topic: 'asking for help',
        keywords: ['help', 'support', 'ask', 'asked', 'need'],
        says: 'Asking felt like admitting I could not cope. I thought I would catch up.',
        gate: 'trust',
      },
      {
        topic: 'what would help',
        keywords: ['would', 'solution', 'change', 'improve', 'better', 'idea'],
        says: 'If someone took over the weekly reporting, I could focus on the client work again.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Afraid of looking unable to cope.', 'Wants the extra work recognised.'],
    objections: () => [
      { text: 'I do not really see what the problem is.', resolvedBy: ['value'] },
      { text: 'The delays were not all down to me.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'I have far more on my plate than I used to.', resolvedBy: ['acknowledge'] },
      { text: 'Nobody told me it was that urgent.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Is this some kind of formal warning?', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Make the problem and its impact clear, keep the relationship and agree a plan together.',
    briefing: (w) =>
      `You manage ${w.persona}, ${w.job} at ${w.company}. Two deadlines slipped last month and a client noticed. ${w.first} is usually reliable.\n\nYour goal: make sure ${w.first} understands the problem and its impact, and leave with a plan you both agree on.`,
    successCriteria: ['gives a specific example and its impact', 'listens to their side', 'agrees a plan'],
    failureConditions: ['judges the person, not the facts', 'threatens'],
    judges: 'Feedback, listening and agreed plan',
    judgesLower: 'how specific the feedback was, the listening and the plan agreed',
    rubric: [
      oneToFive(
        'Specific example with evidence',
        'Describes what happened and its impact, with facts, not judgements.',
        2,
      ),
      oneToFive('Listening to their side', 'Acknowledges what the person says and asks about their view.'),
      oneToFive('Handling their concerns', 'Settles each concern the person raises.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Feedback constructif',
    situationLower: (w) =>
      `Un manager fait un retour à ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, sur des délais manqués.`,
    title: (w) => `Feedback constructif : les délais manqués de ${w.first}`,
    personality: 'Consciencieux mais sur la défensive ; s’ouvre quand l’échange lui paraît juste.',
    speakingStyle: 'Poli et réservé ; plus ouvert une fois la confiance installée.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}) depuis trois ans et d’ordinaire fiable. Le mois dernier, deux délais ont été manqués et un client s’en est aperçu. ${w.Il} a repris du travail supplémentaire depuis le départ d’un collègue et n’a pas demandé d’aide.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous avez le sentiment de faire de votre mieux ; vous vous braquez si l’on vous juge, et vous vous ouvrez quand les faits sont justes et que vous vous sentez soutenu${w.e}.`,
    knowledge: () => [
      {
        topic: 'la charge de travail',
        keywords: ['charge', 'travail', 'passe', 'ces temps', 'mois', 'débordé'],
        says: 'Depuis le départ de Samuel, je fais deux postes. Personne n’en a parlé.',
        gate: 'open_question',
      },
      {
        topic: 'les délais manqués',
        keywords: ['délai', 'retard', 'rapport', 'manqué', 'passé', 'arrivé'],
        says: 'Le rapport était en retard parce que j’attendais les chiffres d’une autre équipe.',
        gate: 'any',
      },
      {
        topic: 'demander de l’aide',
        keywords: ['aide', 'soutien', 'demander', 'demandé', 'besoin'],
        says: 'Je ne voulais pas avoir l’air de ne pas m’en sortir. Je pensais rattraper le retard.',
        gate: 'trust',
      },
      {
        topic: 'ce qui aiderait',
        keywords: ['aiderait', 'solution', 'changer', 'améliorer', 'mieux', 'idée'],
        says: 'Si quelqu’un reprenait le reporting hebdomadaire, je pourrais me recentrer sur les clients.',
        gate: 'open_question',
      },
    ],
    motivations: () => [
      'Craint de passer pour quelqu’un qui ne s’en sort pas.',
      'Veut que sa charge supplémentaire soit reconnue.',
    ],
    objections: () => [
      { text: 'Je ne vois pas vraiment où est le problème.', resolvedBy: ['value'] },
      { text: 'Les retards ne venaient pas tous de moi.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'J’ai beaucoup plus de travail qu’avant.', resolvedBy: ['acknowledge'] },
      { text: 'Personne ne m’a dit que c’était si urgent.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Est-ce une sorte d’avertissement officiel ?', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Rendre le problème et son impact clairs, préserver la relation et convenir d’un plan ensemble.',
    briefing: (w) =>
      `Vous encadrez ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}. Deux délais ont été manqués le mois dernier et un client s’en est aperçu. ${w.first} est d’ordinaire fiable.\n\nVotre objectif : faire comprendre à ${w.first} le problème et son impact, et repartir avec un plan sur lequel vous êtes d’accord tous les deux.`,
    successCriteria: ['donne un exemple précis et son impact', 'écoute son point de vue', 'convient d’un plan'],
    failureConditions: ['juge la personne et non les faits', 'menace'],
    judges: 'Feedback, écoute et plan convenu',
    judgesLower: 'la précision du retour, l’écoute et le plan convenu',
    rubric: [
      oneToFive(
        'Exemple précis et preuves',
        'Décrit ce qui s’est passé et son impact, avec des faits et non des jugements.',
        2,
      ),
      oneToFive('Écoute de son point de vue', 'Reconnaît ce que dit la personne et l’interroge sur sa vision.'),
      oneToFive('Réponse à ses objections', 'Traite chaque objection soulevée par la personne.'),
      NEXT_STEP_FR,
    ],
  },
};

// --- Difficult conversation -----------------------------------------------------------------------------------

const difficultConversation: ScenarioFamily = {
  id: 'difficult_conversation',
  role: 'staff',
  words: [
    'difficult',
    'difficile',
    'conflict',
    'conflit',
    'bad',
    'mauvaise',
    'tension',
    'delica',
    'sensitive',
    'sensible',
  ],
  success: ['showed_empathy', 'summarised', 'agreed_next_step'],
  failure: ['rudeness', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Difficult conversation',
    situationLower: (w) =>
      `A manager tells ${w.persona}, ${w.job} at ${w.company}, that the promotion they hoped for is not happening this year.`,
    title: (w) => `Difficult conversation: no promotion for ${w.first} this year`,
    personality: 'Ambitious and proud; hurt rather than angry, and calms down when treated with respect.',
    speakingStyle: 'Controlled at first, then blunt; quieter once they feel understood.',
    background: (w) =>
      `${w.persona} has been a ${w.job} at ${w.company} (${w.industry}) for five years and expected to be promoted this year. The budget was frozen and the post will not open before next year. ${w.first} has worked many extra hours for it.`,
    instructions: (w) =>
      `Play ${w.persona}. You are disappointed and feel your effort went unnoticed; you accept the news better when it is said honestly and your feelings are acknowledged.`,
    knowledge: () => [
      {
        topic: 'the extra hours',
        keywords: ['hours', 'effort', 'work', 'year', 'going', 'feel'],
        says: 'Almost every week this year I stayed late, because I was told it would count.',
        gate: 'open_question',
      },
      {
        topic: 'the promise',
        keywords: ['promise', 'promised', 'told', 'expected', 'promotion'],
        says: 'At my last review I was told the promotion was mine if I kept it up.',
        gate: 'any',
      },
      {
        topic: 'an offer elsewhere',
        keywords: ['elsewhere', 'leave', 'offer', 'stay', 'future', 'option'],
        says: 'A former colleague has offered me a team lead post. I have not said no.',
        gate: 'trust',
      },
      {
        topic: 'what matters',
        keywords: ['matter', 'important', 'want', 'need', 'help', 'recognition'],
        says: 'What I need is a date I can believe in, and my work recognised before then.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Wants their effort recognised.', 'Is weighing an offer from another company.'],
    objections: () => [
      { text: 'I was told this promotion was mine.', resolvedBy: ['acknowledge'] },
      { text: 'So all those extra hours count for nothing?', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Why should I believe it will be different next year?', resolvedBy: ['explore', 'value'] },
      { text: 'Maybe I should start looking elsewhere.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'I want that in writing.', resolvedBy: ['trade'] },
    ],
    goal: () => 'Give the news honestly, keep the person’s trust and agree what happens next.',
    briefing: (w) =>
      `You manage ${w.persona}, ${w.job} at ${w.company}. ${w.first} expects to be promoted this year, but the budget has been frozen and the post will not open before next year.\n\nYour goal: tell ${w.first} clearly, keep their trust and motivation, and agree what happens next.`,
    successCriteria: ['says the news clearly', 'acknowledges the disappointment', 'agrees a next step'],
    failureConditions: ['minimises the disappointment', 'blames someone else'],
    judges: 'Clear message, empathy and follow-up',
    judgesLower: 'how clearly the news was given, the empathy shown and the follow-up agreed',
    rubric: [
      oneToFive('Acknowledging emotions', 'Recognises the disappointment and shows it has been heard.', 2),
      oneToFive('Clear, honest message', 'Says what is happening and why, plainly, without hiding behind others.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Conversation difficile',
    situationLower: (w) =>
      `Un manager annonce à ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, que la promotion espérée n’aura pas lieu cette année.`,
    title: (w) => `Conversation difficile : pas de promotion pour ${w.first} cette année`,
    personality: 'Ambitieux et fier ; blessé plus qu’en colère, se calme quand on le traite avec respect.',
    speakingStyle: 'Maîtrisé au début, puis direct ; plus posé une fois compris.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}) depuis cinq ans et attendait une promotion cette année. Le budget a été gelé et le poste n’ouvrira pas avant l’an prochain. ${w.Il} a fait beaucoup d’heures supplémentaires pour l’obtenir.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous êtes déçu${w.e} et avez le sentiment que vos efforts sont passés inaperçus ; vous acceptez mieux la nouvelle quand elle est dite honnêtement et que votre ressenti est reconnu.`,
    knowledge: () => [
      {
        topic: 'les heures supplémentaires',
        keywords: ['heures', 'efforts', 'travail', 'année', 'ressentez', 'vivez'],
        says: 'Je suis resté tard presque chaque semaine cette année parce qu’on m’avait dit que cela compterait.',
        gate: 'open_question',
      },
      {
        topic: 'la promesse',
        keywords: ['promesse', 'promis', 'dit', 'attendiez', 'promotion'],
        says: 'Lors de mon dernier entretien annuel, on m’a dit que la promotion serait pour moi si je continuais ainsi.',
        gate: 'any',
      },
      {
        topic: 'une offre ailleurs',
        keywords: ['ailleurs', 'partir', 'offre', 'rester', 'avenir', 'option'],
        says: 'Un ancien collègue m’a proposé un poste de responsable d’équipe. Je n’ai pas dit non.',
        gate: 'trust',
      },
      {
        topic: 'ce qui compte',
        keywords: ['compte', 'important', 'voulez', 'besoin', 'aider', 'reconnaissance'],
        says: 'Ce qu’il me faut, c’est une date à laquelle je peux croire, et que mon travail soit reconnu d’ici là.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Veut que ses efforts soient reconnus.', 'Étudie une offre d’une autre entreprise.'],
    objections: () => [
      { text: 'On m’avait dit que cette promotion était pour moi.', resolvedBy: ['acknowledge'] },
      { text: 'Donc toutes ces heures supplémentaires ne comptent pour rien ?', resolvedBy: ['acknowledge', 'value'] },
      { text: 'Pourquoi croirais-je que ce sera différent l’an prochain ?', resolvedBy: ['explore', 'value'] },
      { text: 'Je devrais peut-être commencer à regarder ailleurs.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'Je veux que ce soit écrit.', resolvedBy: ['trade'] },
    ],
    goal: () => 'Annoncer la nouvelle honnêtement, garder la confiance de la personne et convenir de la suite.',
    briefing: (w) =>
      `Vous encadrez ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}. ${w.Il} attend une promotion cette année, mais le budget a été gelé et le poste n’ouvrira pas avant l’an prochain.\n\nVotre objectif : le dire clairement à ${w.first}, garder sa confiance et sa motivation, et convenir de la suite.`,
    successCriteria: ['annonce clairement la nouvelle', 'reconnaît la déception', 'convient d’une prochaine étape'],
    failureConditions: ['minimise la déception', 'rejette la faute sur d’autres'],
    judges: 'Message clair, empathie et suite',
    judgesLower: 'la clarté de l’annonce, l’empathie et la suite convenue',
    rubric: [
      oneToFive('Reconnaissance des émotions', 'Reconnaît la déception et montre qu’elle a été entendue.', 2),
      oneToFive(
        'Message clair et honnête',
        'Dit ce qui se passe et pourquoi, simplement, sans se cacher derrière d’autres.',
      ),
      NEXT_STEP_FR,
    ],
  },
};

// --- Negotiation ----------------------------------------------------------------------------------------------

const negotiation: ScenarioFamily = {
  id: 'negotiation',
  role: 'buyer',
  words: [
    'negotia',
    'negocia',
    'deal$',
    'deals$',
    'contract',
    'contrat',
    'terms',
    'procurement',
    'achat',
    'accord',
    'bargain',
  ],
  success: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step'],
  failure: ['rudeness', 'unconditional_concession', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Contract negotiation',
    situationLower: (w) =>
      `${w.persona}, ${w.job} at ${w.company}, negotiates the terms of a two-year supply contract.`,
    title: (w) => `Negotiation: the two-year contract with ${w.company}`,
    personality: 'A seasoned negotiator; tough on terms, straight with people, and keeps every promise made.',
    speakingStyle: 'Calm and precise; lets silences work for them.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company} (${w.industry}) and is negotiating a two-year contract with you. They want better payment terms and a volume discount, and they have a second supplier in the running.`,
    instructions: (w) =>
      `Play ${w.persona}. Push for better terms; accept a proposal only when it gives each side something.`,
    knowledge: () => [
      {
        topic: 'the volumes',
        keywords: ['volume', 'volumes', 'quantity', 'order', 'forecast', 'growth', 'plan'],
        says: 'We expect volumes to grow by about a fifth next year if our new site opens on time.',
        gate: 'open_question',
      },
      {
        topic: 'the payment terms',
        keywords: ['payment', 'terms', 'pay', 'cash', 'days', 'invoice'],
        says: 'Our group policy is sixty days; thirty days is a real problem for our cash flow.',
        gate: 'any',
      },
      {
        topic: 'the other supplier',
        keywords: ['supplier', 'competitor', 'other', 'alternative', 'offer'],
        says: 'The other supplier is cheaper on paper, but they cannot guarantee delivery times.',
        gate: 'trust',
      },
      {
        topic: 'what matters most',
        keywords: ['matter', 'important', 'priority', 'need', 'goal', 'success'],
        says: 'Above all I need reliable deliveries for the new site; price comes second.',
        gate: 'open_question',
      },
    ],
    motivations: () => ['Must secure deliveries for the new site.', 'Has to show a better deal than last time.'],
    objections: () => [
      { text: 'We need a 10% volume discount to sign for two years.', resolvedBy: ['explore', 'trade'] },
      { text: 'Thirty-day payment terms do not work for us.', resolvedBy: ['acknowledge', 'trade'] },
      { text: 'The other supplier is cheaper on paper.', resolvedBy: ['value'] },
      { text: 'I cannot commit to minimum volumes.', resolvedBy: ['explore', 'trade'] },
      { text: 'I need your final position before Friday.', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Reach an agreement that works for both sides, without giving anything away for free.',
    briefing: (w) =>
      `You are negotiating a two-year contract with ${w.persona}, ${w.job} at ${w.company}. ${w.first} wants better terms and has another supplier in the running.\n\nYour goal: close a deal that keeps your margin and works for ${w.company}, and agree the next step towards signing.`,
    successCriteria: ['explores what the buyer needs', 'trades every concession', 'agrees the next step'],
    failureConditions: ['gives a concession for nothing', 'take it or leave it'],
    judges: 'Concessions, interests and agreement',
    judgesLower: 'how interests were explored, how concessions were traded and the agreement reached',
    rubric: [
      oneToFive('Exploring their interests with questions', 'Asks what matters to the buyer before talking terms.'),
      oneToFive('Concessions traded', 'Every concession comes with something in return.', 2),
      oneToFive('Handling each concern', 'Settles each concern the buyer raises.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Négociation de contrat',
    situationLower: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, négocie les conditions d’un contrat d’approvisionnement de deux ans.`,
    title: (w) => `Négociation : le contrat de deux ans avec ${w.company}`,
    personality: 'Négociateur aguerri ; exigeant sur les conditions, droit avec les gens, tient parole.',
    speakingStyle: 'Calme et précis ; laisse les silences travailler pour lui.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}) et négocie avec vous un contrat de deux ans. ${w.Il} veut de meilleures conditions de paiement et une remise sur volume, et un second fournisseur est en lice.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Poussez pour de meilleures conditions ; n’acceptez une proposition que si chaque partie y gagne quelque chose.`,
    knowledge: () => [
      {
        topic: 'les volumes',
        keywords: ['volume', 'volumes', 'quantité', 'commande', 'prévision', 'croissance'],
        says: 'Nous prévoyons une hausse des volumes d’environ un cinquième l’an prochain si notre nouveau site ouvre à temps.',
        gate: 'open_question',
      },
      {
        topic: 'les conditions de paiement',
        keywords: ['paiement', 'conditions', 'payer', 'trésorerie', 'jours', 'facture'],
        says: 'La règle du groupe, c’est soixante jours ; trente jours pose un vrai problème de trésorerie.',
        gate: 'any',
      },
      {
        topic: 'l’autre fournisseur',
        keywords: ['fournisseur', 'concurrent', 'autre', 'alternative', 'offre'],
        says: 'L’autre fournisseur est moins cher sur le papier, mais il ne garantit pas les délais de livraison.',
        gate: 'trust',
      },
      {
        topic: 'ce qui compte le plus',
        keywords: ['compte', 'important', 'priorité', 'besoin', 'objectif', 'réussite'],
        says: 'Il me faut avant tout des livraisons fiables pour le nouveau site ; le prix vient ensuite.',
        gate: 'open_question',
      },
    ],
    motivations: () => [
      'Doit sécuriser les livraisons du nouveau site.',
      'Doit montrer un meilleur accord que la dernière fois.',
    ],
    objections: () => [
      {
        text: 'Il nous faut une remise de 10 % sur les volumes pour signer sur deux ans.',
        resolvedBy: ['explore', 'trade'],
      },
      { text: 'Un paiement à trente jours ne nous convient pas.', resolvedBy: ['acknowledge', 'trade'] },
      { text: 'L’autre fournisseur est moins cher sur le papier.', resolvedBy: ['value'] },
      { text: 'Je ne peux pas m’engager sur des volumes minimums.', resolvedBy: ['explore', 'trade'] },
      { text: 'Il me faut votre position finale avant vendredi.', resolvedBy: ['acknowledge'] },
    ],
    goal: () => 'Parvenir à un accord qui convienne aux deux parties, sans rien céder gratuitement.',
    briefing: (w) =>
      `Vous négociez un contrat de deux ans avec ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}. ${w.Il} veut de meilleures conditions et un autre fournisseur est en lice.\n\nVotre objectif : conclure un accord qui préserve votre marge et convienne à ${w.company}, et convenir de la prochaine étape vers la signature.`,
    successCriteria: [
      'explore les besoins de l’acheteur',
      'obtient une contrepartie à chaque concession',
      'convient de la prochaine étape',
    ],
    failureConditions: ['cède sans contrepartie', 'c’est à prendre ou à laisser'],
    judges: 'Contreparties, intérêts et accord',
    judgesLower: 'l’exploration des intérêts, les contreparties obtenues et l’accord trouvé',
    rubric: [
      oneToFive('Questions sur ses intérêts', 'Demande ce qui compte pour l’acheteur avant de parler conditions.'),
      oneToFive('Contreparties obtenues', 'Chaque concession s’accompagne d’une contrepartie.', 2),
      oneToFive('Réponse à chaque objection', 'Traite chaque objection soulevée par l’acheteur.'),
      NEXT_STEP_FR,
    ],
  },
};

// --- Customer service -----------------------------------------------------------------------------------------

const customerService: ScenarioFamily = {
  id: 'customer_service',
  role: 'customer',
  words: [
    'service',
    'support',
    'helpdesk',
    'accueil',
    'customer',
    'client',
    'sav$',
    'care$',
    'hotline',
    'request',
    'demande',
  ],
  success: ['asked_about_needs', 'showed_empathy', 'agreed_next_step'],
  failure: ['rudeness'],
  moodShift: 0,
  en: {
    situation: 'Customer service',
    situationLower: (w) =>
      `${w.persona}, ${w.job} at ${w.company}, calls about a wrong invoice and an order that has not arrived.`,
    title: (w) => `Customer service: ${w.first}’s order and invoice`,
    personality: 'Pleasant but pressed for time; trusts people who take ownership.',
    speakingStyle: 'Friendly and to the point; repeats the question if the answer is vague.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company}, a customer in ${w.industry}. Their last order has not arrived and the invoice shows the wrong amount. They need it sorted before the end of the month.`,
    instructions: (w) =>
      `Play ${w.persona}. You are not angry yet, but you need a clear answer and someone who owns the problem.`,
    knowledge: () => [
      {
        topic: 'the order',
        keywords: ['order', 'delivery', 'arrive', 'arrived', 'reference', 'number'],
        says: 'It is order 4471, placed three weeks ago. It was due last Tuesday.',
        gate: 'any',
      },
      {
        topic: 'the invoice',
        keywords: ['invoice', 'bill', 'amount', 'charged', 'wrong', 'price'],
        says: 'The invoice charges us for twelve units; we ordered ten.',
        gate: 'any',
      },
      {
        topic: 'why it matters',
        keywords: ['matter', 'important', 'urgent', 'need', 'deadline', 'month'],
        says: 'Our accounts close at the end of the month, and my manager is asking me about it every day.',
        gate: 'open_question',
      },
      {
        topic: 'earlier contacts',
        keywords: ['before', 'already', 'contact', 'called', 'email', 'tried'],
        says: 'Last week I sent an email and got an automatic reply, nothing else.',
        gate: 'trust',
      },
    ],
    motivations: () => ['Needs to close the month’s accounts.', 'Wants one person who owns the problem.'],
    objections: () => [
      { text: 'I have been waiting a week already.', resolvedBy: ['acknowledge'] },
      { text: 'How do I know it will arrive this time?', resolvedBy: ['value'] },
      { text: 'I do not want to be passed from one department to another.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'The invoice has to be corrected before the end of the month.', resolvedBy: ['explore', 'value'] },
      { text: 'Can I at least have a direct contact?', resolvedBy: ['value'] },
    ],
    goal: () => 'Understand the request, reassure the customer and agree a clear resolution.',
    briefing: (w) =>
      `${w.persona}, ${w.job} at ${w.company}, is calling about an order that has not arrived and an invoice that looks wrong.\n\nYour goal: understand exactly what ${w.first} needs and end the call with a resolution ${w.first} trusts.`,
    successCriteria: [
      'asks what the customer needs',
      'reassures the customer',
      'agrees a resolution and when it happens',
    ],
    failureConditions: ['it is not my department', 'there is nothing I can do'],
    judges: 'Understanding, reassurance and resolution',
    judgesLower: 'how well the request was understood, the reassurance given and the resolution agreed',
    rubric: [
      oneToFive(
        'Questions to understand the request',
        'Asks for the details and what the customer needs before answering.',
      ),
      oneToFive('Reassurance and empathy', 'Acknowledges the inconvenience and reassures the customer.', 2),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Service client',
    situationLower: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, appelle pour une facture erronée et une commande qui n’est pas arrivée.`,
    title: (w) => `Service client : la commande et la facture de ${w.first}`,
    personality: 'Aimable mais pressé ; fait confiance à qui prend le problème en main.',
    speakingStyle: 'Cordial et direct ; repose la question si la réponse reste vague.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company}, l’un de vos clients (secteur : ${w.industry}). Sa dernière commande n’est pas arrivée et la facture indique un mauvais montant. ${w.Il} doit régler cela avant la fin du mois.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous n’êtes pas encore fâché${w.e}, mais il vous faut une réponse claire et quelqu’un qui prenne le problème en main.`,
    knowledge: () => [
      {
        topic: 'la commande',
        keywords: ['commande', 'livraison', 'arrivée', 'reçu', 'référence', 'numéro'],
        says: 'C’est la commande 4471, passée il y a trois semaines. Elle devait arriver mardi dernier.',
        gate: 'any',
      },
      {
        topic: 'la facture',
        keywords: ['facture', 'montant', 'facturé', 'erreur', 'prix'],
        says: 'La facture compte douze unités ; nous en avons commandé dix.',
        gate: 'any',
      },
      {
        topic: 'l’enjeu',
        keywords: ['important', 'urgent', 'besoin', 'enjeu', 'délai', 'mois'],
        says: 'Nos comptes sont clôturés à la fin du mois, et ma responsable m’en parle tous les jours.',
        gate: 'open_question',
      },
      {
        topic: 'les contacts précédents',
        keywords: ['avant', 'déjà', 'contacté', 'appelé', 'e-mail', 'essayé'],
        says: 'J’ai envoyé un e-mail la semaine dernière et reçu une réponse automatique, rien d’autre.',
        gate: 'trust',
      },
    ],
    motivations: () => [
      'Doit clôturer les comptes du mois.',
      'Veut un seul interlocuteur qui prenne le problème en main.',
    ],
    objections: () => [
      { text: 'J’attends déjà depuis une semaine.', resolvedBy: ['acknowledge'] },
      { text: 'Comment savoir si elle arrivera cette fois ?', resolvedBy: ['value'] },
      { text: 'Je ne veux pas être renvoyé d’un service à l’autre.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'La facture doit être corrigée avant la fin du mois.', resolvedBy: ['explore', 'value'] },
      { text: 'Puis-je au moins avoir un contact direct ?', resolvedBy: ['value'] },
    ],
    goal: () => 'Comprendre la demande, rassurer le client et convenir d’une solution claire.',
    briefing: (w) =>
      `${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, appelle au sujet d’une commande qui n’est pas arrivée et d’une facture qui semble fausse.\n\nVotre objectif : comprendre précisément ce dont ${w.first} a besoin et terminer l’appel sur une solution en laquelle ${w.il} a confiance.`,
    successCriteria: [
      'demande ce dont le client a besoin',
      'rassure le client',
      'convient d’une solution et de son délai',
    ],
    failureConditions: ['ce n’est pas mon service', 'je ne peux rien faire'],
    judges: 'Compréhension, réassurance et solution',
    judgesLower: 'la compréhension de la demande, la réassurance et la solution convenue',
    rubric: [
      oneToFive(
        'Questions pour comprendre la demande',
        'Demande les détails et ce dont le client a besoin avant de répondre.',
      ),
      oneToFive('Réassurance et empathie', 'Reconnaît la gêne occasionnée et rassure le client.', 2),
      NEXT_STEP_FR,
    ],
  },
};

// --- Discovery call: also the general family ----------------------------------------------------------------

const discoveryCall: ScenarioFamily = {
  id: 'discovery_call',
  role: 'manager',
  words: [
    'discover',
    'decouv',
    'need',
    'besoin',
    'qualif',
    'question',
    'listen',
    'ecoute',
    'first',
    'premier',
    'sale',
    'vente',
  ],
  success: ['asked_about_needs', 'summarised', 'agreed_next_step'],
  failure: ['rudeness', 'pressure'],
  moodShift: 0,
  en: {
    situation: 'Discovery call',
    situationLower: (w) =>
      `A first meeting with ${w.persona}, ${w.job} at ${w.company}, who has not yet said what they need.`,
    title: (w) => `Discovery call: understanding ${w.company}’s needs`,
    personality: 'Busy and curious; gives time and information to people who ask good questions.',
    speakingStyle: 'Short answers to closed questions, detailed ones to open questions.',
    background: (w) =>
      `${w.persona} is ${w.job} at ${w.company} (${w.industry}). They agreed to a thirty-minute call after a colleague mentioned you, but have not decided they need anything.`,
    instructions: (w) =>
      `Play ${w.persona}. You share what you know with someone who asks good open questions; you lose interest in a pitch.`,
    knowledge: () => [
      {
        topic: 'the current situation',
        keywords: ['currently', 'today', 'situation', 'process', 'work', 'handle', 'set'],
        says: 'We manage it with spreadsheets and a lot of e-mails between three teams.',
        gate: 'any',
      },
      {
        topic: 'the main challenge',
        keywords: ['challenge', 'problem', 'difficult', 'issue', 'frustrat', 'pain'],
        says: 'Nobody has the full picture, so we find problems when a client complains.',
        gate: 'open_question',
      },
      {
        topic: 'the goals',
        keywords: ['goal', 'priority', 'priorities', 'year', 'plan', 'success', 'ideal'],
        says: 'This year I have to cut our response time in half; my director reviews it every quarter.',
        gate: 'open_question',
      },
      {
        topic: 'the decision',
        keywords: ['decide', 'decision', 'budget', 'who', 'approve', 'timing'],
        says: 'My recommendation counts, but the budget is signed off by my director in June.',
        gate: 'trust',
      },
    ],
    motivations: () => ['Must halve response times this year.', 'Does not want another tool nobody uses.'],
    objections: () => [
      { text: 'We already have a supplier for this, to be honest.', resolvedBy: ['explore'] },
      { text: 'I do not see what would be different with you.', resolvedBy: ['value'] },
      { text: 'Send me a brochure and I will have a look.', resolvedBy: ['acknowledge', 'value'] },
      { text: 'We tried a new tool two years ago and nobody used it.', resolvedBy: ['acknowledge', 'explore'] },
      { text: 'There is no budget before June anyway.', resolvedBy: ['explore', 'value'] },
    ],
    goal: () => 'Understand the prospect’s situation and priorities, and earn a second meeting.',
    briefing: (w) =>
      `A first call with ${w.persona}, ${w.job} at ${w.company}. ${w.first} agreed to thirty minutes after a colleague mentioned you, but has not said what ${w.company} needs.\n\nYour goal: understand ${w.company}’s situation and priorities well enough to earn a second meeting.`,
    successCriteria: ['asks about their situation and priorities', 'sums up what was heard', 'agrees a second meeting'],
    failureConditions: ['pitches before asking', 'pushes for a decision'],
    judges: 'Discovery questions and listening',
    judgesLower: 'the discovery questions, the listening and the next meeting agreed',
    rubric: [
      oneToFive(
        'Open questions about needs',
        'Asks open questions about the situation, the challenges and the goals.',
        2,
      ),
      oneToFive('Listening and summary', 'Sums up what the prospect said before proposing anything.'),
      oneToFive('Value linked to their needs', 'Links what is offered to a need the prospect named.'),
      NEXT_STEP_EN,
    ],
  },
  fr: {
    situation: 'Rendez-vous de découverte',
    situationLower: (w) =>
      `Un premier échange avec ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}, qui n’a pas encore dit de quoi ${w.il} a besoin.`,
    title: (w) => `Rendez-vous de découverte : comprendre les besoins de ${w.company}`,
    personality: 'Occupé et curieux ; accorde du temps et des informations à qui pose de bonnes questions.',
    speakingStyle: 'Réponses courtes aux questions fermées, détaillées aux questions ouvertes.',
    background: (w) =>
      `${w.persona} est ${w.job.toLowerCase()} chez ${w.company} (secteur : ${w.industry}). ${w.Il} a accepté un appel de trente minutes sur la recommandation d’un collègue, sans être convaincu${w.e} d’avoir besoin de quoi que ce soit.`,
    instructions: (w) =>
      `Jouez ${w.persona}. Vous partagez ce que vous savez avec qui pose de bonnes questions ouvertes ; un argumentaire vous fait perdre tout intérêt.`,
    knowledge: () => [
      {
        topic: 'la situation actuelle',
        keywords: ['actuellement', 'aujourd’hui', 'situation', 'processus', 'gérez', 'fonctionnez', 'organisez'],
        says: 'Nous gérons cela avec des tableurs et beaucoup d’e-mails entre trois équipes.',
        gate: 'any',
      },
      {
        topic: 'la principale difficulté',
        keywords: ['difficulté', 'problème', 'défi', 'frustr', 'souci', 'bloque'],
        says: 'Personne n’a de vision d’ensemble, alors nous découvrons les problèmes quand un client se plaint.',
        gate: 'open_question',
      },
      {
        topic: 'les objectifs',
        keywords: ['objectif', 'priorité', 'priorités', 'année', 'projet', 'réussite', 'idéal'],
        says: 'Cette année, je dois diviser par deux notre temps de réponse ; ma direction le suit chaque trimestre.',
        gate: 'open_question',
      },
      {
        topic: 'la décision',
        keywords: ['décide', 'décision', 'budget', 'qui', 'valide', 'calendrier'],
        says: 'Je le recommanderais, mais le budget est validé par ma direction en juin.',
        gate: 'trust',
      },
    ],
    motivations: () => [
      'Doit diviser par deux les temps de réponse cette année.',
      'Ne veut pas d’un outil de plus que personne n’utilise.',
    ],
    objections: () => [
      { text: 'Pour être honnête, nous avons déjà un fournisseur pour cela.', resolvedBy: ['explore'] },
      { text: 'Je ne vois pas ce qui serait différent avec vous.', resolvedBy: ['value'] },
      { text: 'Envoyez-moi une brochure, je regarderai.', resolvedBy: ['acknowledge', 'value'] },
      {
        text: 'Nous avons essayé un nouvel outil il y a deux ans et personne ne s’en est servi.',
        resolvedBy: ['acknowledge', 'explore'],
      },
      { text: 'De toute façon, il n’y a pas de budget avant juin.', resolvedBy: ['explore', 'value'] },
    ],
    goal: () => 'Comprendre la situation et les priorités du prospect, et obtenir un second rendez-vous.',
    briefing: (w) =>
      `Un premier appel avec ${w.persona}, ${w.job.toLowerCase()} chez ${w.company}. ${w.Il} a accepté trente minutes sur la recommandation d’un collègue, sans dire de quoi ${w.company} a besoin.\n\nVotre objectif : comprendre assez bien la situation et les priorités de ${w.company} pour obtenir un second rendez-vous.`,
    successCriteria: [
      'interroge sur la situation et les priorités',
      'résume ce qu’il a entendu',
      'obtient un second rendez-vous',
    ],
    failureConditions: ['présente son offre avant de questionner', 'pousse à décider'],
    judges: 'Questions de découverte et écoute',
    judgesLower: 'les questions de découverte, l’écoute et le rendez-vous convenu',
    rubric: [
      oneToFive(
        'Questions ouvertes sur les besoins',
        'Pose des questions ouvertes sur la situation, les difficultés et les objectifs.',
        2,
      ),
      oneToFive('Écoute et reformulation', 'Résume ce que le prospect a dit avant de proposer quoi que ce soit.'),
      oneToFive('Valeur reliée à ses besoins', 'Relie ce qui est proposé à un besoin que le prospect a nommé.'),
      NEXT_STEP_FR,
    ],
  },
};

/** In the order ties are broken: the more specific family first. */
export const SCENARIO_FAMILIES: readonly ScenarioFamily[] = [
  priceObjection,
  complaint,
  coldCall,
  jobInterview,
  negotiation,
  constructiveFeedback,
  difficultConversation,
  customerService,
  discoveryCall,
];
