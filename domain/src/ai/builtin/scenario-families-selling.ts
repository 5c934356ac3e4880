import { oneToFive, NEXT_STEP_EN, NEXT_STEP_FR, type ScenarioFamily } from './scenario-family-kit.js';

// The session generator's template families for selling: a price objection, a cold call, a negotiation (scenario-family-kit.ts says how they are written).

// --- Price objection ------------------------------------------------------------------------------------------

export const priceObjection: ScenarioFamily = {
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

// --- Cold call ------------------------------------------------------------------------------------------------

export const coldCall: ScenarioFamily = {
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

// --- Negotiation ----------------------------------------------------------------------------------------------

export const negotiation: ScenarioFamily = {
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
