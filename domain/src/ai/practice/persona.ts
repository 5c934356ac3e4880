import type { TranscriptTurn } from '../call.js';
import { fold, sentencesOf } from '../conversation-metrics/text.js';
import { findOutcomeMarker, type OutcomeMarker, type RoleplayOutcome } from '../vocabulary.js';
import type { RoleplayBrief } from './brief.js';
import { replayConversation, type Closing, type Move, type Part } from './conversation.js';
import { PRACTICE_LINES, type LinePool, type PracticeLines } from './persona-lines.js';

// The practice engine's persona: the next line, from the brief and the transcript only. The rules decide what to
// say (conversation.ts); this file words it, never saying a sentence the persona said before in the session.

export type BuiltinTurn = { text: string; outcome?: RoleplayOutcome };

const MARKERS: Record<Closing, OutcomeMarker> = {
  win: '[[WIN]]',
  lose_rudeness: '[[LOSE]]',
  lose_pressure: '[[LOSE]]',
  lose_concession: '[[LOSE]]',
  lose_patience: '[[LOSE]]',
  end_patience: '[[END]]',
  end_rudeness: '[[END]]',
  end_limit: '[[END]]',
};

const key = (sentence: string) =>
  fold(sentence)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Picks lines for one reply: the first of a pool not said yet, from a place the turn's number picks; when the whole
 * pool has been said, one of the spare lines not said yet.
 */
const chooser = (said: Set<string>, seed: number, spare: LinePool) => {
  const fresh = (line: string) => sentencesOf(line).every((sentence) => !said.has(key(sentence)));
  const rotated = (pool: LinePool) => {
    const start = pool.length === 0 ? 0 : seed % pool.length;
    return [...pool.slice(start), ...pool.slice(0, start)];
  };
  return (pool: LinePool): string => {
    const ordered = rotated(pool);
    const line = ordered.find(fresh) ?? spare.find(fresh) ?? ordered[0] ?? '';
    for (const sentence of sentencesOf(line)) said.add(key(sentence));
    return line;
  };
};

/** The first sentence of a fact, for saying it again briefly. */
const gist = (says: string) => sentencesOf(says)[0] ?? says;

const wordPart = (part: Part, lines: PracticeLines, brief: RoleplayBrief, pick: (pool: LinePool) => string): string => {
  switch (part.kind) {
    case 'acknowledged':
      return pick(part.by === 'summary' ? lines.acknowledgedSummary : lines.acknowledgedEmpathy);
    case 'fact':
      // A lead of its own ("Good question."), so the fact is said as written, capitals and all.
      return `${pick(lines.factLeads)} ${part.item.says}`;
    case 'guarded':
      return pick(
        part.needs === 'trust'
          ? lines.guardedTrust
          : part.needs === 'open_question'
            ? lines.guardedOpen
            : lines.guardedNothing,
      );
    case 'recap':
      return pick(lines.recap(gist(part.item.says)));
    case 'covered':
      return pick(lines.covered);
    case 'nothing_more':
      return pick(lines.nothingMore);
    case 'identity':
      return lines.identity(brief.persona.name, brief.persona.role);
    case 'raise':
      return part.early ? `${pick(lines.raiseEarly)} ${part.objection.text}` : part.objection.text;
    case 'probe':
      return pick(lines.probe[part.missing]);
    case 'resolved':
      return pick(lines.resolved);
    case 'conceded':
      return pick(lines.conceded);
    case 'pressure':
      return pick(lines.pressure);
    case 'rudeness':
      return pick(lines.rudeness);
    case 'blocked':
      return pick(lines.blocked);
    case 'vague':
      return pick(lines.vague);
    case 'hesitant':
      return pick(lines.hesitant);
    case 'agreed':
      return pick(lines.agreed);
    case 'interested':
      return pick(lines.interested);
    case 'clarify':
      return pick(lines.clarify);
    case 'impatient':
      return pick(lines.impatient);
  }
};

/** The persona's words for one move. */
export const wordMove = (brief: RoleplayBrief, move: Move, earlierPersonaLines: readonly string[]): BuiltinTurn => {
  const lines = PRACTICE_LINES[brief.language];
  const said = new Set(earlierPersonaLines.flatMap((line) => sentencesOf(line).map(key)));
  const pick = chooser(said, move.index * 7 + move.text.length, lines.spare);
  if (move.closing) {
    const text = `${pick(lines.closings[move.closing])} ${MARKERS[move.closing]}`;
    const { outcome } = findOutcomeMarker(text);
    return outcome === undefined ? { text } : { text, outcome };
  }
  const words = move.parts.map((part) => wordPart(part, lines, brief, pick));
  return { text: words.join(' ') };
};

/**
 * The persona's next line: its greeting before the learner has spoken, else its answer to the learner's last turn
 * by the rules of conversation.ts, ending with `[[WIN]]`, `[[LOSE]]` or `[[END]]` when the mission's conditions say so.
 */
export const builtinRoleplayTurn = (brief: RoleplayBrief, transcript: readonly TranscriptTurn[]): BuiltinTurn => {
  const lines = PRACTICE_LINES[brief.language];
  if (!transcript.some((turn) => turn.speaker === 'learner')) {
    const greeting = brief.persona.greeting?.trim();
    return { text: greeting ? greeting : lines.greeting(brief.persona.name) };
  }
  const state = replayConversation(brief, transcript);
  // The conversation ended earlier (a closing the learner typed past): the persona says its closing again.
  const move = state.moves.at(-1)!;
  const personaLines = transcript.filter((turn) => turn.speaker === 'persona').map((turn) => turn.text);
  return wordMove(brief, move, personaLines);
};
