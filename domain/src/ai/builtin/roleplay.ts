import type { RoleplayBrief, TranscriptTurn } from '../adapter.js';
import { classifyQuestion } from '../conversation-metrics/questions.js';
import { indexOfPhrase, matchTokens, sentencesOf } from '../conversation-metrics/text.js';
import { findOutcomeMarker } from '../vocabulary.js';
import type { OutcomeMarker, RoleplayOutcome } from '../vocabulary.js';
import { PERSONA_LINES } from './lines.js';
import type { PersonaLines } from './lines.js';

// The built-in provider's persona: no language model, only the brief and the transcript. Every
// answer is a function of those two, so a session replays identically and tests can state exact
// lines. What the persona has already said is read back from the transcript (an objection is
// raised once it appears in a persona turn), so it keeps no state and works after a real model too.

export type BuiltinTurn = { text: string; outcome?: RoleplayOutcome };

const saidIn = (tokens: readonly string[], phrase: string): boolean => indexOfPhrase(tokens, matchTokens(phrase)) >= 0;

const closing = (line: string, marker: OutcomeMarker): BuiltinTurn => {
  const text = `${line} ${marker}`;
  const { outcome } = findOutcomeMarker(text);
  return outcome === undefined ? { text } : { text, outcome };
};

/** The first candidate that differs from the persona's previous line, so no line is said twice in a row. */
const notRepeating = (candidates: readonly string[], previous: string | undefined): string => {
  const fresh = candidates.find((candidate) => candidate.trim() !== previous?.trim());
  return fresh ?? candidates[0] ?? '';
};

const withNext = (reply: string, objection: string | undefined): string =>
  objection === undefined ? reply : `${reply} ${objection}`;

/** The persona's reply to the learner's questions, or undefined when the turn asks nothing. */
const replyToQuestions = (
  brief: RoleplayBrief,
  lines: PersonaLines,
  learnerText: string,
  learnerTurns: number,
  previous: string | undefined,
  nextObjection: string | undefined,
): string | undefined => {
  const questions = sentencesOf(learnerText)
    .filter((sentence) => classifyQuestion(sentence, brief.language) !== null)
    .map(matchTokens);
  if (questions.length === 0) return undefined;
  const asks = (phrase: string): boolean => questions.some((tokens) => saidIn(tokens, phrase));

  let best: { answer: string; hits: number } | undefined;
  for (const topic of brief.persona.background) {
    const hits = topic.keywords.filter(asks).length;
    if (hits > 0 && (best === undefined || hits > best.hits)) best = { answer: topic.answer, hits };
  }
  const answer =
    best?.answer ??
    (lines.identityQuestions.some(asks) ? lines.introduction(brief.persona.name, brief.persona.role) : undefined);
  if (answer !== undefined) {
    const repeated = lines.repeat(answer);
    // Said in the previous turn already: say so, unless that is how the previous turn put it.
    const firstChoice =
      previous !== undefined &&
      saidIn(matchTokens(previous), answer) &&
      previous.trim() !== withNext(repeated, nextObjection)
        ? repeated
        : answer;
    return notRepeating([withNext(firstChoice, nextObjection), withNext(answer, nextObjection)], previous);
  }
  const [one, other] = lines.deflections;
  const ordered = learnerTurns % 2 === 0 ? [one, other] : [other, one];
  return notRepeating(
    ordered.map((deflection) => withNext(deflection, nextObjection)),
    previous,
  );
};

/**
 * The persona's next line. In order: the greeting before the learner has spoken; `[[LOSE]]` when the
 * learner's last turn says a failure phrase; `[[WIN]]` once every success phrase has been said; `[[END]]`
 * at the turn limit; an answer from the background to a question (then the next objection); the next
 * objection not raised yet; else a prompt to go on.
 */
export const builtinRoleplayTurn = (brief: RoleplayBrief, transcript: readonly TranscriptTurn[]): BuiltinTurn => {
  const lines = PERSONA_LINES[brief.language];
  const learnerTurns = transcript.filter((turn) => turn.speaker === 'learner');
  const last = learnerTurns.at(-1);
  if (last === undefined) {
    const greeting = brief.persona.greeting?.trim();
    return { text: greeting ? greeting : lines.greeting(brief.persona.name) };
  }

  const lastTokens = matchTokens(last.text);
  if (brief.mission.failurePhrases.some((phrase) => saidIn(lastTokens, phrase))) return closing(lines.lose, '[[LOSE]]');

  // A mission without success phrases cannot be won, only played to its end.
  const successPhrases = brief.mission.successPhrases.filter((phrase) => matchTokens(phrase).length > 0);
  const learnerTokens = learnerTurns.map((turn) => matchTokens(turn.text));
  const won =
    successPhrases.length > 0 &&
    successPhrases.every((phrase) => learnerTokens.some((tokens) => saidIn(tokens, phrase)));
  if (won) return closing(lines.win, '[[WIN]]');
  if (learnerTurns.length >= brief.turnLimit) return closing(lines.end, '[[END]]');

  const personaTurns = transcript.filter((turn) => turn.speaker === 'persona');
  const personaTokens = personaTurns.map((turn) => matchTokens(turn.text));
  const previous = personaTurns.at(-1)?.text;
  const nextObjection = brief.mission.objections.find(
    (objection) => matchTokens(objection).length > 0 && !personaTokens.some((tokens) => saidIn(tokens, objection)),
  );

  const reply = replyToQuestions(brief, lines, last.text, learnerTurns.length, previous, nextObjection);
  if (reply !== undefined) return { text: reply };
  if (nextObjection !== undefined) return { text: nextObjection };

  const { prompts } = lines;
  const start = learnerTurns.length % prompts.length;
  return { text: notRepeating([...prompts.slice(start), ...prompts.slice(0, start)], previous) };
};
