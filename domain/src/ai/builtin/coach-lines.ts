import type { FailureBehaviour, ObjectionMove, SuccessBehaviour } from '../practice/brief.js';
import type { SessionLanguage } from '../vocabulary.js';

// The built-in coach's words (docs/ai-builtin-provider.md, "The coach"), in the session's language; en-US reads the
// British lines. Quotes are the learner's own words; every figure is measured or replayed, never made up.

export type CoachLines = {
  quote: (turn: number, text: string) => string;
  nothingSaid: string;
  fillersNone: string;
  fillers: (total: number, list: string) => string;
  fillersExample: (quote: string) => string;
  fillersTip: string;
  talk: (percent: number) => string;
  talkTooMuch: string;
  talkTooLittle: string;
  talkBalanced: string;
  longest: (words: number, quote: string) => string;
  freeSpeech: string;
  goal: (goal: string) => string;
  outcome: Record<string, string>;
  behavioursSeen: (list: string) => string;
  behavioursMissed: (list: string) => string;
  behaviour: Record<SuccessBehaviour, string>;
  failedOn: (reason: string, quote: string) => string;
  failure: Record<FailureBehaviour, string>;
  questionsNone: string;
  questions: (total: number, open: number, closed: number) => string;
  bestQuestion: (quote: string, name: string) => string;
  weakQuestion: (quote: string) => string;
  openInstead: (question: string) => string;
  objectionsNone: string;
  objectionSettled: (objection: string, quote: string) => string;
  objectionOpen: (objection: string, quote: string | undefined) => string;
  objectionConceded: (objection: string) => string;
  betterLine: Record<ObjectionMove, string>;
  rephraseFailure: (quote: string, reason: string) => string;
  rephraseObjection: (quote: string, objection: string) => string;
  rephraseLong: (quote: string, words: number) => string;
  rephraseClosed: (quote: string, open: string) => string;
  rephraseFillers: (quote: string) => string;
  rephraseNextStep: (quote: string, line: string) => string;
  nextStepLine: string;
  wanted: (name: string, list: string) => string;
  wantedNothing: (name: string) => string;
  untold: (list: string) => string;
  allTold: string;
  knowledgeTold: (name: string, topic: string, quote: string, says: string) => string;
  knowledgeOpen: (name: string, topic: string, question: string) => string;
  knowledgeTrust: (name: string, topic: string, question: string) => string;
  knowledgeAny: (name: string, topic: string, question: string) => string;
  askAbout: (topic: string) => string;
  triedClosed: (quote: string) => string;
  score: (score: number) => string;
  noReport: string;
  toImprove: (list: string) => string;
  wentWell: (item: string) => string;
  suggest: string;
  list: (items: readonly string[]) => string;
  q: (text: string) => string;
};

const NBSP = '\u00a0';

/** A quote closing a sentence: its own final punctuation ends it ("…leave it.”"), else a full stop does. */
export const stop = (quote: string): string => (/[.!?…][\s\u00a0]*[”»"]?$/u.test(quote) ? quote : `${quote}.`);
const joinEn = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const joinFr = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;

const EN: CoachLines = {
  quote: (turn, text) => `in your turn ${turn} you said “${text}”`,
  nothingSaid:
    'You did not say anything in this session, so there is nothing of yours to comment on yet. Play it again and open with a question about what matters to the other person.',
  fillersNone: 'You used no filler words: your turns were clean. Keep it that way.',
  fillers: (total, list) => `You used ${total} filler word${total === 1 ? '' : 's'} (${list}).`,
  fillersExample: (quote) => `For example, ${stop(quote)}`,
  fillersTip: 'Next time, pause for a second instead: silence sounds more confident than “um”.',
  talk: (percent) => `You spoke ${percent}% of the words in this conversation.`,
  talkTooMuch: 'That is a lot: ask a question and let the other person talk more than you do.',
  talkTooLittle: 'That is little: take the lead more, say what you propose and why.',
  talkBalanced: 'That is a good balance between talking and listening.',
  longest: (words, quote) => `Your longest turn had ${words} words: ${stop(quote)}`,
  freeSpeech: 'This session was free speech: it had no mission to win, so I judge it by how you spoke.',
  goal: (goal) => `Your goal was: ${goal}`,
  outcome: {
    win: 'You won the mission.',
    loose: 'You lost the mission.',
    end: 'The session ended without a win.',
    abort: 'You stopped the session before it ended.',
  },
  behavioursSeen: (list) => `You did ${list}.`,
  behavioursMissed: (list) => `What the mission still needed: ${list}.`,
  behaviour: {
    asked_about_needs: 'ask about their needs with an open question',
    resolved_every_objection: 'settle every objection they raised',
    agreed_next_step: 'agree a concrete next step',
    showed_empathy: 'show that you understood how they felt',
    summarised: 'summarise what you heard',
  },
  failedOn: (reason, quote) => `It was lost on ${reason}: ${stop(quote)}`,
  failure: {
    rudeness: 'a remark they took as rude',
    pressure: 'pressure that left them no way out',
    unconditional_concession: 'a concession given without anything in return',
    patience_exhausted: 'too many turns that did not move the conversation on',
  },
  questionsNone:
    'You asked no questions. Start with an open one, such as “What matters most to you here?”, and listen to the answer.',
  questions: (total, open, closed) =>
    `You asked ${total} question${total === 1 ? '' : 's'}: ${open} open and ${closed} closed.`,
  bestQuestion: (quote, name) => `Your best: ${stop(quote)} It got ${name} to tell you something that mattered.`,
  weakQuestion: (quote) => `Your weakest: ${stop(quote)} It only got a guarded answer.`,
  openInstead: (question) => `Asked openly, it becomes: “${question}”`,
  objectionsNone: 'No objection came up in this conversation.',
  objectionSettled: (objection, quote) => `“${objection}” — settled when ${stop(quote)}`,
  objectionOpen: (objection, quote) =>
    quote ? `“${objection}” — never settled; your answer was: ${stop(quote)}` : `“${objection}” — never settled.`,
  objectionConceded: (objection) => `“${objection}” — you gave way on it instead of settling it.`,
  betterLine: {
    acknowledge: '“I can see why that worries you — tell me more about it.”',
    explore: '“What lies behind that concern for you?”',
    value: '“Here is what it changes for you, with the figures from a customer in your situation.”',
    trade: '“If you can commit to a longer term, then we can look at the price together.”',
  },
  rephraseFailure: (quote, reason) => `The turn to change: ${stop(quote)} The mission was lost on ${reason}.`,
  rephraseObjection: (quote, objection) => `The turn to change: ${stop(quote)} It left “${objection}” unsettled.`,
  rephraseLong: (quote, words) =>
    `The turn to change: ${quote} (${words} words). Say the one point that matters in a sentence or two, then ask a question and listen.`,
  rephraseClosed: (quote, open) =>
    `The turn to change: ${stop(quote)} That question only gets a yes or a no; ask it openly: “${open}”`,
  rephraseFillers: (quote) =>
    `The turn to change: ${stop(quote)} Say the same without the filler words, and pause instead.`,
  rephraseNextStep: (quote, line) => `The turn to change: ${stop(quote)} End on a concrete next step instead: ${line}`,
  nextStepLine: '“Shall we set up a call on Tuesday at ten to go through it together?”',
  wanted: (name, list) => `What ${name} wanted but never said: ${list}.`,
  wantedNothing: (name) => `${name} had no hidden agenda in this scenario.`,
  untold: (list) => `What they never told you: ${list}.`,
  allTold: 'They told you everything they knew.',
  knowledgeTold: (name, topic, quote, says) =>
    `${name} told you about ${topic} when ${stop(quote)} The answer was: “${says}”`,
  knowledgeOpen: (name, topic, question) =>
    `${name} talks about ${topic} only when asked an open question about it, and you did not ask one. Try: “${question}”`,
  knowledgeTrust: (name, topic, question) =>
    `${name} keeps ${topic} for someone they trust. Trust comes from acknowledging what they say, summarising it and asking open questions; then ask: “${question}”`,
  knowledgeAny: (name, topic, question) => `${name} would have told you about ${topic} if asked: “${question}”`,
  askAbout: (topic) => `What can you tell me about ${topic}?`,
  triedClosed: (quote) => `You came close with a closed question: ${stop(quote)}`,
  score: (score) => `Your overall score is ${score}/100.`,
  noReport: 'The observers’ report has not arrived yet, so I can only go by the transcript.',
  toImprove: (list) => `The observers suggest you improve: ${list}.`,
  wentWell: (item) => `What went well: ${item}.`,
  suggest:
    'Ask me what you should have said differently, about your questions, the objections, what they wanted, your filler words or how much you talked.',
  list: joinEn,
  q: (text) => `“${text}”`,
};

const FR: CoachLines = {
  quote: (turn, text) => `à votre tour ${turn}, vous avez dit «${NBSP}${text}${NBSP}»`,
  nothingSaid: `Vous n’avez rien dit pendant cette session${NBSP}: il n’y a encore rien à commenter. Rejouez-la et commencez par une question sur ce qui compte pour votre interlocuteur.`,
  fillersNone: `Vous n’avez utilisé aucun mot de remplissage${NBSP}: vos tours étaient nets. Continuez ainsi.`,
  fillers: (total, list) => `Vous avez utilisé ${total} mot${total === 1 ? '' : 's'} de remplissage (${list}).`,
  fillersExample: (quote) => `Par exemple, ${stop(quote)}`,
  fillersTip: `La prochaine fois, marquez plutôt une pause${NBSP}: un silence paraît plus assuré qu’un «${NBSP}euh${NBSP}».`,
  talk: (percent) => `Vous avez prononcé ${percent}${NBSP}% des mots de cette conversation.`,
  talkTooMuch: `C’est beaucoup${NBSP}: posez une question et laissez votre interlocuteur parler plus que vous.`,
  talkTooLittle: `C’est peu${NBSP}: prenez davantage l’initiative, dites ce que vous proposez et pourquoi.`,
  talkBalanced: 'C’est un bon équilibre entre parler et écouter.',
  longest: (words, quote) => `Votre tour le plus long comptait ${words} mots${NBSP}: ${stop(quote)}`,
  freeSpeech: `Cette session était en expression libre${NBSP}: sans mission à gagner, je la juge sur votre façon de parler.`,
  goal: (goal) => `Votre objectif était${NBSP}: ${goal}`,
  outcome: {
    win: 'Vous avez gagné la mission.',
    loose: 'Vous avez perdu la mission.',
    end: 'La session s’est terminée sans victoire.',
    abort: 'Vous avez arrêté la session avant sa fin.',
  },
  behavioursSeen: (list) => `Vous avez su ${list}.`,
  behavioursMissed: (list) => `Ce qu’il manquait à la mission${NBSP}: ${list}.`,
  behaviour: {
    asked_about_needs: 'interroger sur les besoins avec une question ouverte',
    resolved_every_objection: 'lever chaque objection soulevée',
    agreed_next_step: 'convenir d’une prochaine étape concrète',
    showed_empathy: 'montrer que vous compreniez le ressenti',
    summarised: 'reformuler ce que vous aviez entendu',
  },
  failedOn: (reason, quote) => `Elle a été perdue sur ${reason}${NBSP}: ${stop(quote)}`,
  failure: {
    rudeness: 'une remarque jugée impolie',
    pressure: 'une pression qui ne laissait pas d’issue',
    unconditional_concession: 'une concession accordée sans contrepartie',
    patience_exhausted: 'trop de tours qui ne faisaient pas avancer la conversation',
  },
  questionsNone: `Vous n’avez posé aucune question. Commencez par une question ouverte, comme «${NBSP}Qu’est-ce qui compte le plus pour vous ici${NBSP}?${NBSP}», et écoutez la réponse.`,
  questions: (total, open, closed) =>
    `Vous avez posé ${total} question${total === 1 ? '' : 's'}${NBSP}: ${open} ouverte${open === 1 ? '' : 's'} et ${closed} fermée${closed === 1 ? '' : 's'}.`,
  bestQuestion: (quote, name) =>
    `La meilleure${NBSP}: ${stop(quote)} Elle a amené ${name} à vous dire quelque chose d’important.`,
  weakQuestion: (quote) => `La plus faible${NBSP}: ${stop(quote)} Elle n’a obtenu qu’une réponse évasive.`,
  openInstead: (question) => `Posée de façon ouverte, elle devient${NBSP}: «${NBSP}${question}${NBSP}»`,
  objectionsNone: 'Aucune objection n’a été soulevée dans cette conversation.',
  objectionSettled: (objection, quote) => `«${NBSP}${objection}${NBSP}» — levée quand ${stop(quote)}`,
  objectionOpen: (objection, quote) =>
    quote
      ? `«${NBSP}${objection}${NBSP}» — jamais levée${NBSP}; votre réponse${NBSP}: ${stop(quote)}`
      : `«${NBSP}${objection}${NBSP}» — jamais levée.`,
  objectionConceded: (objection) => `«${NBSP}${objection}${NBSP}» — vous avez cédé au lieu de la lever.`,
  betterLine: {
    acknowledge: `«${NBSP}Je comprends que cela vous inquiète — dites-m’en plus.${NBSP}»`,
    explore: `«${NBSP}Qu’est-ce qui se cache derrière cette inquiétude, pour vous${NBSP}?${NBSP}»`,
    value: `«${NBSP}Voici ce que cela change pour vous, chiffres d’un client dans votre situation à l’appui.${NBSP}»`,
    trade: `«${NBSP}Si vous pouvez vous engager sur une durée plus longue, alors nous pouvons revoir le prix ensemble.${NBSP}»`,
  },
  rephraseFailure: (quote, reason) => `Le tour à changer${NBSP}: ${stop(quote)} La mission a été perdue sur ${reason}.`,
  rephraseObjection: (quote, objection) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Il a laissé «${NBSP}${objection}${NBSP}» sans réponse.`,
  rephraseLong: (quote, words) =>
    `Le tour à changer${NBSP}: ${quote} (${words} mots). Dites en une ou deux phrases le point qui compte, puis posez une question et écoutez.`,
  rephraseClosed: (quote, open) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Cette question n’appelle qu’un oui ou un non${NBSP}; posez-la de façon ouverte${NBSP}: «${NBSP}${open}${NBSP}»`,
  rephraseFillers: (quote) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Dites la même chose sans les mots de remplissage, en marquant plutôt une pause.`,
  rephraseNextStep: (quote, line) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Terminez plutôt sur une prochaine étape concrète${NBSP}: ${line}`,
  nextStepLine: `«${NBSP}Voulez-vous que nous fixions un appel mardi à 10${NBSP}h pour le regarder ensemble${NBSP}?${NBSP}»`,
  wanted: (name, list) => `Ce que ${name} voulait sans le dire${NBSP}: ${list}.`,
  wantedNothing: (name) => `${name} n’avait pas d’intention cachée dans ce scénario.`,
  untold: (list) => `Ce qu’on ne vous a jamais dit${NBSP}: ${list}.`,
  allTold: 'On vous a dit tout ce qu’il y avait à savoir.',
  knowledgeTold: (name, topic, quote, says) =>
    `${name} vous a parlé de ${topic} quand ${stop(quote)} La réponse était${NBSP}: «${NBSP}${says}${NBSP}»`,
  knowledgeOpen: (name, topic, question) =>
    `${name} ne parle de ${topic} qu’en réponse à une question ouverte, et vous n’en avez pas posé. Essayez${NBSP}: «${NBSP}${question}${NBSP}»`,
  knowledgeTrust: (name, topic, question) =>
    `${name} réserve ${topic} à quelqu’un en qui la confiance est établie. Elle vient en reconnaissant ce qui est dit, en reformulant et en posant des questions ouvertes${NBSP}; demandez ensuite${NBSP}: «${NBSP}${question}${NBSP}»`,
  knowledgeAny: (name, topic, question) =>
    `${name} vous aurait parlé de ${topic} si vous l’aviez demandé${NBSP}: «${NBSP}${question}${NBSP}»`,
  askAbout: (topic) => `Que pouvez-vous me dire au sujet de ${topic}${NBSP}?`,
  triedClosed: (quote) => `Une question fermée s’en approchait${NBSP}: ${stop(quote)}`,
  score: (score) => `Votre note globale est de ${score}/100.`,
  noReport: `Le rapport des observateurs n’est pas encore arrivé${NBSP}: je ne peux m’appuyer que sur la transcription.`,
  toImprove: (list) => `Les observateurs vous suggèrent d’améliorer${NBSP}: ${list}.`,
  wentWell: (item) => `Ce qui a bien marché${NBSP}: ${item}.`,
  suggest:
    'Demandez-moi ce que vous auriez dû dire autrement, ou parlez-moi de vos questions, des objections, de ce que votre interlocuteur voulait, de vos mots de remplissage ou de votre temps de parole.',
  list: joinFr,
  q: (text) => `«${NBSP}${text}${NBSP}»`,
};

export const COACH_LINES: Record<SessionLanguage, CoachLines> = { 'en-GB': EN, 'en-US': EN, 'fr-FR': FR };
