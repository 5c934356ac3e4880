import type { StarterCorpus } from './starter-corpus-types.js';

// The corpus of the starter library's care scenarios (a complaint, feedback, a service call): starter-corpus.ts says
// what it is.

export const CARE_CORPUS: Pick<StarterCorpus, 'complaint' | 'feedback' | 'service'> = {
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
