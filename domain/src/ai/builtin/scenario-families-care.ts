import { oneToFive, NEXT_STEP_EN, NEXT_STEP_FR, type ScenarioFamily } from './scenario-family-kit.js';

// The session generator's template families for customer care and discovery: a complaint, a customer-service call, a discovery call (scenario-family-kit.ts says how they are written).

// --- Complaint ------------------------------------------------------------------------------------------------

export const complaint: ScenarioFamily = {
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

// --- Customer service -----------------------------------------------------------------------------------------

export const customerService: ScenarioFamily = {
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

export const discoveryCall: ScenarioFamily = {
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
