import type { StarterCorpus } from './starter-corpus-types.js';

// The corpus of the starter library's selling and hiring scenarios: starter-corpus.ts says what it is.

export const SELLING_CORPUS: Pick<StarterCorpus, 'price' | 'discovery' | 'interview'> = {
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
};
