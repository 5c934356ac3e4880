import type { StarterLanguage, StarterScenarioKey } from './starter-library-content.js';

// The starter library's corpus (issue 25): what learners might type in each starter scenario, in each language:
// strong, middling and weak conversations, two of each taking different paths in different words, written as a
// learner who never read the engine's rules would write them. starter-corpus.unit.spec.ts plays them against the
// built-in practice engine and judges them with the scenario's observers. The French conversations say what the
// English ones say, as a French speaker would say it, so both play out the same way.

export const CORPUS_LEVELS = ['strong', 'middling', 'weak'] as const;
export type CorpusLevel = (typeof CORPUS_LEVELS)[number];

/** A conversation: what the learner types, turn by turn. */
export type CorpusConversation = readonly string[];

export type StarterCorpus = Record<
  StarterScenarioKey,
  Record<StarterLanguage, Record<CorpusLevel, readonly CorpusConversation[]>>
>;

export const STARTER_CORPUS: StarterCorpus = {
  price: {
    'en-GB': {
      strong: [
        [
          'Thanks for making the time, Margaret. Before we get into numbers, how has the scheduling software been working for your teams this year?',
          'Good to hear. What matters most to you in this renewal?',
          'What does their offer actually include?',
          'So the real gap is migration: six months of moving, and no link to your transport system. Our module saved your teams around 1,200 overtime hours last year, which more than covers the £9,000 difference.',
          "I understand, finance wants savings this year. I can't lower the price. But if you commit to two years, we can freeze it at £48,000 and include a free training day for your planners.",
          "That's fair. A two-year term protects you from any price rise, and you can add or remove warehouses at each anniversary.",
          'Shall we book a call with you and the operations director on Thursday to go through the figures?',
        ],
        [
          "Hello Margaret. Before anything else, I'd like to understand where you stand. What matters most to you in this renewal?",
          'And how is the team finding the scheduling module day to day?',
          'What would switching involve for you?',
          "Just to check I've understood: the module works, but switching would mean six months of migration and no transport link. Last year it saved you about 1,200 overtime hours, far more than the £9,000 gap.",
          "That's a fair concern, with finance watching every pound. I can't go below £48,000. If you sign for two years, though, I can add a training day on site and freeze the price.",
          'I hear you on flexibility. You could add or remove sites each year, so you can adjust the contract as your needs change.',
          'How about a call on Thursday at 10 with your operations director to go through it together?',
        ],
      ],
      middling: [
        [
          'Hello Margaret. Are you happy with the software?',
          'What matters most to you in this renewal?',
          'What does their offer include?',
          'Our module saved your teams around 1,200 overtime hours last year.',
          'I take your point. It really is the best product for warehouses of your size.',
          'Could we meet again next week to finalise the renewal?',
          'I think the price is fair for what you get.',
        ],
        [
          'How has the last year gone with the software?',
          'What matters most to you in this renewal?',
          'Why does their offer appeal to you?',
          'Could we agree on a two-year renewal at the current price?',
          'If you sign for two years, I can include a training day.',
          'Our software is simply the best on the market.',
        ],
      ],
      weak: [
        [
          'Hi Margaret. The renewal is £48,000, same as last year.',
          'Our product is the best on the market, everyone knows that.',
          'Look, the price is the price.',
          'OK, I can give you a 10% discount if that helps.',
        ],
        [
          'Hello Margaret, thanks for seeing me. What do you think of our renewal offer?',
          'I see. What would it take to keep you with us?',
          'Budgets are tight everywhere this year.',
          'OK, I can offer you 15% off to keep your business.',
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Merci de me recevoir, Catherine. Avant de parler chiffres, comment se passe l’utilisation de notre logiciel dans vos équipes cette année ?',
          'Tant mieux. Qu’est-ce qui compte le plus pour vous dans ce renouvellement ?',
          'Que comprend exactement leur offre ?',
          'Donc le vrai écart, c’est la migration : six mois de bascule, et aucun lien avec votre système de transport. Notre module a fait économiser à vos équipes environ 1 400 heures supplémentaires l’an dernier, ce qui couvre largement les 11 000 € d’écart.',
          'Je comprends, la direction financière veut des économies cette année. Je ne peux pas baisser le prix. En revanche, si vous vous engagez sur deux ans, nous le bloquons à 56 000 € et nous incluons une journée de formation pour vos planificateurs.',
          'C’est juste. Un engagement de deux ans vous protège de toute hausse, et vous pouvez ajouter ou retirer des entrepôts à chaque date anniversaire.',
          'Pouvons-nous prévoir un appel jeudi avec vous et le directeur des opérations pour passer les chiffres en revue ?',
        ],
        [
          'Bonjour Catherine. Avant toute chose, j’aimerais comprendre où vous en êtes. Qu’est-ce qui compte le plus pour vous dans ce renouvellement ?',
          'Et comment l’équipe vit-elle le module au quotidien ?',
          'Qu’est-ce que changer de fournisseur impliquerait pour vous ?',
          'Juste pour vérifier que j’ai bien compris : le module fonctionne, mais changer voudrait dire six mois de migration et aucun lien avec le transport. L’an dernier, il vous a fait économiser environ 1 400 heures supplémentaires, bien plus que les 11 000 € d’écart.',
          'C’est une inquiétude légitime, avec la direction financière qui surveille chaque euro. Je ne peux pas descendre sous 56 000 €. En revanche, si vous vous engagez sur deux ans, je peux ajouter une journée de formation sur site et bloquer le prix.',
          'J’entends votre besoin de souplesse. Vous pourrez ajouter ou retirer des sites chaque année, ce qui vous permet d’ajuster le contrat à vos besoins.',
          'Que diriez-vous d’un appel jeudi à 10 heures avec votre directeur des opérations pour tout passer en revue ?',
        ],
      ],
      middling: [
        [
          'Bonjour Catherine. Vous êtes satisfaite du logiciel ?',
          'Qu’est-ce qui compte le plus pour vous dans ce renouvellement ?',
          'Que comprend leur offre ?',
          'Notre module a fait économiser à vos équipes environ 1 400 heures supplémentaires l’an dernier.',
          'Je comprends votre point de vue. C’est vraiment le meilleur produit pour des entrepôts de votre taille.',
          'Pourrions-nous nous revoir la semaine prochaine pour finaliser le renouvellement ?',
          'Je pense que le prix est correct pour ce que vous obtenez.',
        ],
        [
          'Comment s’est passée cette dernière année avec le logiciel ?',
          'Qu’est-ce qui compte le plus pour vous dans ce renouvellement ?',
          'Pourquoi leur offre vous attire-t-elle ?',
          'Sommes-nous d’accord sur un renouvellement de deux ans au prix actuel ?',
          'Si vous vous engagez sur deux ans, je peux inclure une journée de formation.',
          'Notre logiciel est tout simplement le meilleur du marché.',
        ],
      ],
      weak: [
        [
          'Bonjour Catherine. Le renouvellement est à 56 000 €, comme l’an dernier.',
          'Notre produit est le meilleur du marché, tout le monde le sait.',
          'Écoutez, le prix, c’est le prix.',
          'Bon, je peux vous faire 10 % de remise si ça peut aider.',
        ],
        [
          'Bonjour Catherine, merci de me recevoir. Que pensez-vous de notre proposition de renouvellement ?',
          'Je vois. Que faudrait-il pour que vous restiez chez nous ?',
          'Les budgets sont serrés partout cette année.',
          'Bon, je peux vous accorder 15 % de remise pour vous garder.',
        ],
      ],
    },
  },
  complaint: {
    'en-GB': {
      strong: [
        [
          "Mr Okafor, I'm really sorry about this week. Can you tell me what happened with the machine?",
          'I can imagine how frustrating that was. How did Saturday go for the café?',
          "You're right, you should have been called back, and I apologise for that. I'm taking your case personally from now on.",
          "I understand. A repair that doesn't last is no repair at all. I'll send an engineer tomorrow morning at 8 with a replacement machine, so you can serve coffee all weekend while we fix yours for good.",
          "I'd hate to lose you after two years, and I understand why you're thinking about it. What would it take for you to stay with us?",
          "Then here's what I'll do: the engineer is booked for 8 tomorrow morning, and I'll call you myself at noon to check everything works. Does that work for you?",
        ],
        [
          "Mr Okafor, first of all, apologies for the trouble this week. I've got your file open. What happened on Saturday?",
          "No wonder you're fed up. What did the breakdown cost you?",
          "We let you down there: three promised call backs and none made. I'm sorry.",
          "I hear your frustration about the repair. I'll have an engineer with you at 8 tomorrow morning with a replacement machine, so you can open as normal while yours is fixed properly.",
          "That can't have been easy, and I'd hate to lose you. What would make you want to stay with us?",
          "So, tomorrow at 8 the engineer comes with the replacement, and I'll ring you at noon myself. Are we agreed?",
        ],
      ],
      middling: [
        [
          "I'm sorry to hear the machine broke down again. What happened?",
          'Our engineers are usually very reliable.',
          "I'll send an engineer tomorrow morning.",
          "He'll be there at 9, I promise.",
          'Is there anything else?',
        ],
        [
          "I'm so sorry, that sounds awful.",
          'What happened exactly?',
          "You're right, someone should have called you back.",
          'I understand, I really do.',
          "I'll pass your feedback on to the team.",
        ],
      ],
      weak: [
        [
          "What's the problem?",
          'Our engineers are very busy this week.',
          "It's not my department, I can only log a ticket.",
          'Please calm down, sir.',
        ],
        [
          'Thank you for calling technical support.',
          'Engineers are booked in the order requests come in.',
          'The valve was replaced according to our procedure.',
          'I can log a new request for you.',
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Monsieur Moreau, je suis vraiment désolé pour cette semaine. Pouvez-vous me raconter ce qui s’est passé avec la machine ?',
          'J’imagine à quel point c’était exaspérant. Comment s’est passé le samedi pour le café ?',
          'Vous avez raison, on aurait dû vous rappeler, et je vous présente mes excuses. Je prends votre dossier en main personnellement à partir de maintenant.',
          'Je comprends. Une réparation qui ne tient pas, ce n’est pas une réparation. Je vous envoie un technicien demain matin à 8 heures avec une machine de remplacement, pour que vous puissiez servir des expressos tout le week-end pendant que nous réparons la vôtre pour de bon.',
          'Je ne voudrais pas vous perdre après deux ans, et je comprends que vous y pensiez. Qu’est-ce qui vous donnerait envie de rester chez nous ?',
          'Alors voilà ce que je fais : le technicien est réservé pour demain 8 heures, et je vous appelle moi-même à midi pour vérifier que tout fonctionne. Ça vous va ?',
        ],
        [
          'Monsieur Moreau, d’abord, pardon pour tous ces désagréments cette semaine. J’ai votre dossier sous les yeux. Que s’est-il passé samedi ?',
          'Pas étonnant que vous soyez à bout. Qu’est-ce que cette panne vous a coûté ?',
          'Là, nous vous avons laissé tomber : trois rappels promis, aucun de fait. Je suis désolé.',
          'Je sens bien votre exaspération au sujet de la réparation. Un technicien sera chez vous demain à 8 heures avec une machine de remplacement, pour que vous puissiez ouvrir normalement pendant qu’on répare la vôtre pour de bon.',
          'Ça n’a pas dû être facile, et je ne voudrais pas vous perdre. Qu’est-ce qui vous donnerait envie de rester chez nous ?',
          'Donc, demain à 8 heures, le technicien arrive avec la machine de remplacement, et je vous appelle moi-même à midi. On est d’accord ?',
        ],
      ],
      middling: [
        [
          'Je suis désolé d’apprendre que la machine est retombée en panne. Que s’est-il passé ?',
          'Nos techniciens sont d’habitude très fiables.',
          'Je vous envoie un technicien demain matin.',
          'Il sera là à 9 heures, c’est promis.',
          'Y a-t-il autre chose ?',
        ],
        [
          'Je suis vraiment désolé, ça a l’air terrible.',
          'Que s’est-il passé exactement ?',
          'Vous avez raison, quelqu’un aurait dû vous rappeler.',
          'Je comprends, vraiment.',
          'Je transmettrai vos remarques à l’équipe.',
        ],
      ],
      weak: [
        [
          'Quel est le problème ?',
          'Nos techniciens sont débordés cette semaine.',
          'Ce n’est pas mon service, je peux seulement ouvrir un ticket.',
          'Calmez-vous, monsieur.',
        ],
        [
          'Merci d’avoir appelé le support technique.',
          'Les techniciens interviennent dans l’ordre des demandes.',
          'La vanne a été remplacée selon notre procédure.',
          'Je peux enregistrer une nouvelle demande pour vous.',
        ],
      ],
    },
  },
  feedback: {
    'en-GB': {
      strong: [
        [
          'Thanks for making time, Priya. I want to talk about the monthly reports. The March report reached the client two days after their board meeting, and the account manager had to apologise to them. What happened with that report from your side?',
          "I didn't know that. What else has been going on for you these last few weeks?",
          "That's a fair point, nobody should have to guess a client's board date. How do you usually find out about their meetings?",
          'Fourteen accounts is a lot more than nine, I can see how that piles up. What would help you most at the moment?',
          "Let's do that: from next month I'll move three of your accounts to Jake, and I'll check the renewal figures myself before they go out. Shall we review how it's going on Friday the 20th?",
        ],
        [
          "Hi Priya, thanks for coming. I'd like us to look at the last few client reports together. How have things been going for you these last few weeks?",
          'The March report reached the client after their board meeting, and the account manager had to apologise. Walk me through what happened.',
          "If I follow you, nobody told you the meeting had moved, which isn't fair on you. How could we make sure you hear about the board meeting dates in future?",
          'Fourteen accounts instead of nine is a big jump, I can see how that would stretch anyone. What has been the hardest part of juggling them?',
          'What support would make the biggest difference?',
          "Let's do that. I'll take three accounts off your list from Monday and double-check the renewal figures myself. Can we meet again on the 20th to see how it's going?",
        ],
      ],
      middling: [
        [
          'Some of your reports have been late recently. Is everything OK?',
          'What happened with the March report?',
          'I understand it was a busy month.',
          'I need the reports on time from now on. Can we agree on that?',
          "Let's meet again next week to check.",
        ],
        [
          "The March report arrived after the client's board meeting. What happened?",
          "I see. Why didn't you ask for the date?",
          "That's fair, it wasn't ideal.",
          'Still, I need the reports on time. Shall we go through them every Friday at 10?',
        ],
      ],
      weak: [
        [
          "Your reports have been late three times. That's not acceptable.",
          'The board meeting date was in the shared calendar.',
          'Everyone else manages to send theirs on time.',
          'Honestly, it looks lazy.',
        ],
        [
          'Priya, this is a formal conversation about your performance.',
          'Three late reports is three too many.',
          'You have to fix this by next month.',
          'If it happens again, you must understand there will be consequences.',
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Merci de prendre ce temps, Thomas. Je voudrais parler des rapports mensuels. Le rapport de mars est arrivé chez le client deux jours après son comité de direction, et le responsable de compte a dû s’en excuser auprès d’eux. Que s’est-il passé pour ce rapport, de votre côté ?',
          'Je n’étais pas au courant. Qu’est-ce qui se passe d’autre pour vous ces dernières semaines ?',
          'C’est juste, personne ne devrait avoir à deviner la date du comité d’un client. Comment êtes-vous informé de leurs réunions, d’habitude ?',
          'Quatorze comptes au lieu de neuf, je vois bien comment ça s’accumule. Qu’est-ce qui vous aiderait le plus en ce moment ?',
          'Faisons comme ça : dès le mois prochain, je confie trois de vos comptes à Karim, et je relirai moi-même les chiffres de renouvellement avant l’envoi. On se revoit vendredi 20 pour faire le point ?',
        ],
        [
          'Bonjour Thomas, merci d’être venu. J’aimerais qu’on regarde ensemble les derniers rapports clients. Comment se sont passées ces dernières semaines pour vous ?',
          'Le rapport de mars est arrivé chez le client après son comité de direction, et le responsable de compte a dû s’en excuser. Racontez-moi ce qui s’est passé.',
          'Si je vous suis, personne ne vous avait prévenu que le comité avait été avancé, et ce n’est pas juste pour vous. Comment faire pour que vous connaissiez les dates des comités à l’avenir ?',
          'Quatorze comptes au lieu de neuf, c’est un sacré saut, je vois bien que ça peut épuiser n’importe qui. Qu’est-ce qui a été le plus dur pour suivre tous ces comptes ?',
          'De quel soutien auriez-vous besoin pour que ça change vraiment ?',
          'Faisons comme ça. Dès lundi, je vous retire trois comptes et je vérifie moi-même les chiffres de renouvellement. On se revoit le 20 pour voir comment ça se passe ?',
        ],
      ],
      middling: [
        [
          'Certains de vos rapports sont arrivés en retard ces derniers temps. Tout va bien ?',
          'Que s’est-il passé avec le rapport de mars ?',
          'Je comprends que le mois ait été chargé.',
          'J’ai besoin des rapports à l’heure à partir de maintenant. On est d’accord ?',
          'On se revoit la semaine prochaine pour vérifier.',
        ],
        [
          'Le rapport de mars est arrivé après le comité de direction du client. Que s’est-il passé ?',
          'Je vois. Pourquoi n’avez-vous pas demandé la date ?',
          'C’est juste, ce n’était pas idéal.',
          'Il me faut quand même les rapports à l’heure. On se cale un point tous les vendredis à 10 heures ?',
        ],
      ],
      weak: [
        [
          'Vos rapports ont été en retard trois fois. Ce n’est pas acceptable.',
          'La date du comité était dans le calendrier partagé.',
          'Tous les autres arrivent à envoyer les leurs à temps.',
          'Franchement, ça fait paresseux.',
        ],
        [
          'Thomas, cet entretien porte officiellement sur vos performances.',
          'Trois rapports en retard, c’est trois de trop.',
          'Vous devez régler ça d’ici le mois prochain.',
          'Si ça se reproduit, il faut que vous compreniez qu’il y aura des conséquences.',
        ],
      ],
    },
  },
  discovery: {
    'en-GB': {
      strong: [
        [
          'Thanks for getting in touch, Tom. Before I say anything about us, could you tell me how your team handles customer emails today?',
          "What's the hardest part of that at the moment?",
          'That sounds like a painful experience. What went wrong with the rollout?',
          "So if I've got this right: 25 agents on a shared inbox, three-day waits at peak, and a team that was burnt by a tool forced on them in a week. What would need to be true to have something running before Christmas?",
          'Teams like yours usually go live in three weeks, because we train the agents ourselves, which means nobody is left with a tool they do not know.',
          'Could we book a demo with your team leads next Tuesday at 10?',
        ],
        [
          "Hi Tom, thanks for reaching out. What's going on in your team that made you get in touch?",
          'What happens at peak times, when the backlog builds up?',
          'Ah, that must have been disheartening for you. What do you think went wrong with that rollout?',
          'And where would you like to be by Christmas?',
          'Let me play that back: 25 agents in a shared inbox, three-day waits at peak, a past tool nobody adopted, and a 24-hour target before Christmas. Teams usually go live with us in three weeks and we train the agents ourselves, so your agents are ready before the peak.',
          'Would Tuesday at 10 suit you for a demo with your team leads?',
        ],
      ],
      middling: [
        [
          'Hi Tom, thanks for your request. We sell a helpdesk platform used by 300 retailers.',
          'How many agents do you have?',
          "I see. What's the biggest problem for your team at the moment?",
          'That sounds tough. Our tool fixes exactly that: your customers get answers faster.',
          'Can we book a demo next week?',
        ],
        [
          'Thanks for your time, Tom. How does your team handle customer emails today?',
          'What is the biggest challenge for them at the moment?',
          'So if I understand, your agents are drowning at peak times.',
          'Our tool cuts your response times by half.',
          'Can we book a demo on Thursday?',
        ],
      ],
      weak: [
        [
          "Hi Tom, let me tell you about our platform. It's the best on the market.",
          'It does everything: tickets, chat, reports, automation.',
          'We have a special offer that expires today, so you need to decide quickly.',
          'You have to move before Christmas, everyone else has already.',
        ],
        [
          'Do you use any helpdesk software today?',
          'Is it working for you?',
          "Our platform is used by 300 retailers and it's the best on the market.",
          'That old tool sounds useless. Ours is different.',
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Merci de nous avoir contactés, Nadia. Avant de vous parler de nous, pourriez-vous me décrire comment votre équipe traite les e-mails des clients aujourd’hui ?',
          'Qu’est-ce qui est le plus difficile en ce moment ?',
          'Ça a dû être une expérience pénible. Qu’est-ce qui n’a pas marché lors du déploiement ?',
          'Si je résume : 25 conseillers sur une boîte partagée, trois jours d’attente en période de pointe, et une équipe échaudée par un outil imposé en une semaine. Que faudrait-il pour avoir quelque chose en place avant Noël ?',
          'Les équipes comme la vôtre démarrent en général en trois semaines, parce que nous formons nous-mêmes les conseillers, ce qui veut dire que personne ne se retrouve avec un outil qu’il ne connaît pas.',
          'Pourrions-nous prévoir une démo avec vos chefs d’équipe mardi prochain à 10 heures ?',
        ],
        [
          'Bonjour Nadia, merci de nous avoir sollicités. Qu’est-ce qui se passe dans votre équipe pour que vous nous contactiez ?',
          'Que se passe-t-il en période de pointe, quand le retard s’accumule ?',
          'Ah, ça a dû être décourageant pour vous. Qu’est-ce qui, selon vous, n’a pas marché lors de ce déploiement ?',
          'Et où aimeriez-vous en être à Noël ?',
          'Je reformule : 25 conseillers sur une boîte partagée, trois jours d’attente en période de pointe, un ancien outil que personne n’a adopté, et un objectif de 24 heures avant Noël. En général, nos clients démarrent en trois semaines et nous formons nous-mêmes les conseillers, ce qui vous permet d’être prêts avant le pic.',
          'Mardi à 10 heures, ça vous irait pour une démo avec vos chefs d’équipe ?',
        ],
      ],
      middling: [
        [
          'Bonjour Nadia, merci pour votre demande. Nous éditons une plateforme de service client utilisée par 300 enseignes.',
          'Combien de conseillers avez-vous ?',
          'Je vois. Quel est le plus gros problème de votre équipe en ce moment ?',
          'Ça doit être pénible. Notre outil résout exactement ce problème : vos clients obtiennent des réponses plus rapidement.',
          'Pouvons-nous prévoir une démo la semaine prochaine ?',
        ],
        [
          'Merci de votre temps, Nadia. Comment votre équipe traite-t-elle les e-mails des clients aujourd’hui ?',
          'Quel est le plus gros défi pour eux en ce moment ?',
          'Si je comprends bien, vos conseillers sont débordés en période de pointe.',
          'Notre outil réduit les délais de réponse de moitié.',
          'Pouvons-nous prévoir une démo jeudi ?',
        ],
      ],
      weak: [
        [
          'Bonjour Nadia, laissez-moi vous présenter notre plateforme. C’est la meilleure du marché.',
          'Elle fait tout : tickets, chat, rapports, automatisation.',
          'Nous avons une offre spéciale qui expire aujourd’hui, il faut donc décider vite.',
          'Vous devez avancer avant Noël, tout le monde l’a déjà fait.',
        ],
        [
          'Vous utilisez un logiciel de service client aujourd’hui ?',
          'Il vous donne satisfaction ?',
          'Notre plateforme est utilisée par 300 enseignes, c’est la meilleure du marché.',
          'Votre ancien outil avait l’air nul. Le nôtre, c’est autre chose.',
        ],
      ],
    },
  },
  interview: {
    'en-GB': {
      strong: [
        [
          'Welcome, Amira, and thanks for coming in. Could you walk me through your experience so far?',
          "Tell me about a project you're particularly proud of.",
          'Of course, I understand. What would your ideal working week look like?',
          'That works: the team already has two home days a week, so you can keep your school runs.',
          "Thanks for being upfront, I appreciate it. This role would have you lead a team of six within a year, which means you'd get exactly the step up you're after.",
          'Could we set up a second interview with our operations director on Thursday?',
        ],
        [
          'Thanks for coming in, Amira. What attracted you to this role?',
          "Tell me about the hardest project you've led.",
          'Good question, that makes sense to ask. What would the ideal arrangement look like for you?',
          'We can do that: two days from home is already how the team works, which means your school runs are covered.',
          "I appreciate you telling me. Here you'd be leading a team of six within a year, so you can grow into the role you're after.",
          'Can we book a second interview with our operations director for Thursday at 2pm?',
        ],
      ],
      middling: [
        [
          'Thanks for coming. Do you have project management experience?',
          'What are you looking for in your next role?',
          "I see why that matters. It's office-based at the moment, but we can see later.",
          'Do you have any questions for me?',
          "OK. I'll get back to you soon.",
        ],
        [
          'Lovely to meet you. Did you find us easily?',
          'Are you happy at Castell?',
          'What are you looking for next?',
          'That makes sense. Remote work is something we could discuss later.',
          'Shall we schedule a second interview next week?',
        ],
      ],
      weak: [
        [
          'So, why should we hire you?',
          "That's not really what I asked. Just answer the question.",
          'You have to decide today if you want the job.',
          "Whatever, we'll let you know.",
        ],
        [
          "Let me tell you about us first: we're a fast-growing logistics company with 600 people.",
          'Do you have experience with warehouses?',
          'The role is office-based, five days a week. You have to accept that.',
          'We need an answer by tonight, take it or leave it.',
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Bienvenue, Camille, et merci d’être venue. Pourriez-vous me décrire votre parcours jusqu’ici ?',
          'Parlez-moi d’un projet dont vous êtes particulièrement fière.',
          'Bien sûr, je comprends. Quelle serait votre semaine de travail idéale ?',
          'Cela nous convient : l’équipe a déjà deux jours de télétravail par semaine, ce qui vous permet de garder vos trajets d’école.',
          'Merci de votre franchise, je l’apprécie. Ce poste vous amènerait à encadrer une équipe de six personnes d’ici un an, ce qui signifie exactement l’évolution que vous recherchez.',
          'Pourrions-nous organiser un second entretien avec notre directeur des opérations jeudi ?',
        ],
        [
          'Merci d’être venue, Camille. Qu’est-ce qui vous attire dans ce poste ?',
          'Parlez-moi du projet le plus difficile que vous ayez piloté.',
          'Bonne question, c’est légitime. Quelle serait la semaine idéale pour vous ?',
          'C’est possible : deux jours de télétravail, c’est déjà le fonctionnement de l’équipe, ce qui veut dire que vos trajets d’école sont assurés.',
          'Merci de me le dire. Ici, vous encadreriez une équipe de six personnes d’ici un an, pour que vous puissiez évoluer comme vous le souhaitez.',
          'Pouvons-nous prévoir un second entretien avec notre directeur des opérations jeudi à 14 heures ?',
        ],
      ],
      middling: [
        [
          'Merci d’être venue. Vous avez de l’expérience en gestion de projet ?',
          'Que recherchez-vous pour votre prochain poste ?',
          'Je vois pourquoi c’est important. Le poste est sur site pour l’instant, mais on verra plus tard.',
          'Avez-vous des questions ?',
          'Bon. Je reviens vers vous bientôt.',
        ],
        [
          'Ravi de vous rencontrer. Vous avez trouvé facilement ?',
          'Vous êtes bien chez Roche ?',
          'Que recherchez-vous pour la suite ?',
          'Ça se comprend. Le télétravail, c’est un sujet qu’on pourra voir plus tard.',
          'Pouvons-nous programmer un second entretien la semaine prochaine ?',
        ],
      ],
      weak: [
        [
          'Alors, pourquoi devrions-nous vous embaucher ?',
          'Ce n’est pas vraiment ma question. Répondez simplement à la question.',
          'Vous devez décider aujourd’hui si vous voulez le poste.',
          'Peu importe, on vous tiendra au courant.',
        ],
        [
          'Laissez-moi d’abord vous présenter l’entreprise : une société de logistique en pleine croissance, 600 personnes.',
          'Vous avez de l’expérience en entrepôt ?',
          'Le poste est sur site, cinq jours par semaine. Vous devez l’accepter.',
          'Il nous faut une réponse avant ce soir, c’est à prendre ou à laisser.',
        ],
      ],
    },
  },
  service: {
    'en-GB': {
      strong: [
        [
          "Good morning Mrs Carter. I'm sorry you've had to call again. What's been going on with your account?",
          'Right, I have both payments in front of me. When did the connection problems start?',
          'You were charged twice, and I apologise for that. I am refunding the £45 now; you will see it within three days.',
          'That must be really disruptive for your lessons. What does the light on the router do when it drops?',
          "An orange light points to a fault on the line, and we have an alert on it. I'll book a technician for Thursday morning, so you can teach your lessons without interruptions from next week.",
        ],
        [
          "Hello Mrs Carter, thanks for being patient with us. Tell me what's been happening.",
          'Two payments on the same bill, I can see them both. Has the router shown anything unusual?',
          "You're right to be annoyed, and I apologise: the second payment was our mistake. It will be back in your account within three days.",
          'That sounds exhausting when you teach in the evenings. When exactly does the connection drop?',
          'The orange light and that timing point to a fault on the line. A technician can come on Thursday morning, so your evening lessons are safe from next week. Does that work for you?',
        ],
      ],
      middling: [
        [
          'Hello, what can I do for you?',
          'Let me look at your account. I see two payments of £45.',
          "I'm sorry about that, I'll refund one of them.",
          'Have you tried restarting the router?',
          "OK, I'll arrange a technician visit next week.",
          'Is there anything else I can help you with?',
        ],
        [
          'Can I have your account number?',
          'When did the connection start dropping?',
          'What does the router light do?',
          "I'll book a technician for Thursday.",
          'The refund will take a few days.',
        ],
      ],
      weak: [
        [
          'Thank you for calling. Can I take your account number, please?',
          'Thank you. Payments are taken automatically at the start of each month.',
          'The network is working normally in your area.',
          'Please make sure that your router is plugged in.',
          'I can open a ticket for that.',
          'Thank you for your call.',
        ],
        [
          'Have you paid your bill on time?',
          "Double charges usually come from the customer's bank.",
          'Your router is probably the problem, not our line.',
          "Honestly, that's your problem, not mine.",
        ],
      ],
    },
    'fr-FR': {
      strong: [
        [
          'Bonjour Madame Giraud. Je suis désolé que vous ayez dû rappeler. Que se passe-t-il avec votre compte ?',
          'Bien, j’ai les deux prélèvements sous les yeux. Quand les coupures ont-elles commencé ?',
          'On vous a bien prélevé deux fois, et je vous présente mes excuses. Je vous rembourse les 45 € dès maintenant ; vous les verrez sous trois jours.',
          'Ça doit être très gênant pour vos cours. Que fait le voyant de la box quand la connexion coupe ?',
          'Un voyant orange indique un défaut sur la ligne, et nous avons une alerte dessus. Je vous programme un technicien jeudi matin, pour que vous puissiez donner vos cours sans coupure dès la semaine prochaine.',
        ],
        [
          'Bonjour Madame Giraud, merci d’avoir été si patiente avec nous. Racontez-moi ce qui se passe.',
          'Deux prélèvements sur la même facture, je les vois bien tous les deux. La box a-t-elle montré quelque chose d’inhabituel ?',
          'Vous avez raison d’être agacée, et je vous présente mes excuses : le second prélèvement est une erreur de notre part. Il sera recrédité sur votre compte sous trois jours.',
          'Ça doit être épuisant quand on donne des cours le soir. À quel moment précis la connexion coupe-t-elle ?',
          'Le voyant orange et cet horaire indiquent un défaut sur la ligne. Un technicien peut passer jeudi matin, pour que vous puissiez donner vos cours du soir sans coupure dès la semaine prochaine. Cela vous convient ?',
        ],
      ],
      middling: [
        [
          'Bonjour, que puis-je faire pour vous ?',
          'Je regarde votre compte. Je vois deux prélèvements de 45 €.',
          'Je suis désolé, je vais en rembourser un.',
          'Avez-vous essayé de redémarrer la box ?',
          'D’accord, j’organise le passage d’un technicien la semaine prochaine.',
          'Puis-je vous aider pour autre chose ?',
        ],
        [
          'Puis-je avoir votre numéro de compte ?',
          'Quand la connexion a-t-elle commencé à couper ?',
          'Que fait le voyant de la box ?',
          'Je vous réserve un technicien pour jeudi.',
          'Le remboursement prendra quelques jours.',
        ],
      ],
      weak: [
        [
          'Merci de votre appel. Puis-je avoir votre numéro de compte, s’il vous plaît ?',
          'Merci. Les prélèvements sont effectués automatiquement en début de mois.',
          'Le réseau fonctionne normalement dans votre secteur.',
          'Vérifiez que votre box est bien branchée.',
          'Je peux ouvrir un ticket pour ça.',
          'Merci de votre appel.',
        ],
        [
          'Avez-vous bien payé votre facture à temps ?',
          'Les doubles prélèvements viennent en général de la banque du client.',
          'Le problème vient sûrement de votre box, pas de notre ligne.',
          'Franchement, c’est votre problème, pas le mien.',
        ],
      ],
    },
  },
};
