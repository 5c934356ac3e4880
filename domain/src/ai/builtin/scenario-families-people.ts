import { oneToFive, NEXT_STEP_EN, NEXT_STEP_FR, type ScenarioFamily } from './scenario-family-kit.js';

// The session generator's template families for people: a job interview, constructive feedback, a difficult conversation (scenario-family-kit.ts says how they are written).

// --- Job interview --------------------------------------------------------------------------------------------

export const jobInterview: ScenarioFamily = {
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

export const constructiveFeedback: ScenarioFamily = {
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

export const difficultConversation: ScenarioFamily = {
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
