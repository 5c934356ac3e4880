import type { TranscriptTurn } from '../call.js';
import type { RoleplayBrief, KnowledgeItem, ObjectionMove, Objection, SuccessBehaviour } from './brief.js';
import { isUltimatum, lexiconOf, readTurn, stemOf, type Detection, type Intent, type TurnReading } from './intents.js';

// The practice engine's rules (issue 25, docs/ai-builtin-provider.md): the conversation state is derived from the
// learner's turns alone, replayed from the start every time, so the engine keeps nothing between calls, replays a
// session identically and can take over a conversation another provider started. Each learner turn gives a `Move`:
// what it changed (trust, patience, facts, objections) and what the persona answers (`parts`, turned into words by
// persona-lines.ts). The observer and the coach read the same moves, so the scores agree with what happened.

/**
 * Whether the mission trades: where nothing is to be traded (a complaint, a service call), an offer is a remedy that
 * shows value, not a concession.
 */
export const tradesConcessions = (brief: RoleplayBrief): boolean =>
  brief.mission.failure.includes('unconditional_concession') ||
  brief.mission.objections.some((objection) => objection.resolvedBy.includes('trade'));

export type ObjectionStatus = 'pending' | 'open' | 'resolved' | 'conceded';

export type ObjectionState = {
  objection: Objection;
  status: ObjectionStatus;
  moves: Set<ObjectionMove>;
  /** Learner turn numbers (0-based) where it was raised and where it ended. */
  raisedAt?: number;
  settledAt?: number;
};

export type Closing =
  | 'win'
  | 'lose_rudeness'
  | 'lose_pressure'
  | 'lose_concession'
  | 'lose_patience'
  | 'end_patience'
  | 'end_rudeness'
  | 'end_limit';

/** One piece of the persona's answer, in the order said. */
export type Part =
  | { kind: 'acknowledged'; by: 'empathy' | 'summary' }
  | { kind: 'fact'; item: KnowledgeItem }
  | { kind: 'guarded'; item?: KnowledgeItem; needs: 'open_question' | 'trust' | 'nothing' }
  | { kind: 'recap'; item: KnowledgeItem }
  | { kind: 'covered' }
  | { kind: 'nothing_more' }
  | { kind: 'identity' }
  | { kind: 'raise'; objection: Objection; early: boolean }
  | { kind: 'probe'; missing: ObjectionMove }
  | { kind: 'resolved' }
  | { kind: 'conceded' }
  | { kind: 'pressure' }
  | { kind: 'rudeness' }
  | { kind: 'blocked' }
  | { kind: 'vague' }
  | { kind: 'hesitant' }
  | { kind: 'agreed' }
  | { kind: 'interested' }
  | { kind: 'clarify' }
  | { kind: 'impatient' };

export type Move = {
  /** The learner turn's number among the learner's turns (0-based) and its text. */
  index: number;
  text: string;
  reading: TurnReading;
  trust: number;
  patience: number;
  parts: Part[];
  /** Knowledge items this turn brought out. */
  revealed: KnowledgeItem[];
  /** What the turn did towards resolving an objection (a value statement counts when it lands). */
  made: ObjectionMove[];
  /** Whether the turn moved the conversation on (a question, empathy, value, a proposal…). */
  productive: boolean;
  closing?: Closing;
};

export type ConversationState = {
  moves: Move[];
  objections: ObjectionState[];
  /** How many objections this difficulty raises: the first ones of the mission's list. */
  inPlay: number;
  revealed: Set<KnowledgeItem>;
  trust: number;
  patience: number;
  needsAsked: number;
  empathy: number;
  summaries: number;
  nextStepAgreed: boolean;
  rudeness: number;
  pressure: number;
  concessions: number;
  closing?: Closing;
};

const MOOD_TRUST = { friendly: 1, neutral: 0, sceptical: -1, irritated: -2 } as const;

/** The trust a guarded fact needs, and a proposal of a next step: a harder persona asks for more. */
export const trustNeeded = (brief: RoleplayBrief): number => 2 + brief.mission.difficulty;

const clampTrust = (trust: number) => Math.min(10, Math.max(0, trust));

/** The words a question about the item holds, by stem: its topic's and its keywords'. */
const stemsOfItem = (item: KnowledgeItem, brief: RoleplayBrief): Set<string> => {
  const { stopwords } = lexiconOf(brief.language);
  const words = [item.topic, ...item.keywords].flatMap(
    (phrase) =>
      phrase
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .match(/[\p{L}\p{N}]+/gu)
        ?.filter((word) => word.length > 1 && !stopwords.has(word)) ?? [],
  );
  return new Set(words.map(stemOf));
};

const itemStems = new WeakMap<RoleplayBrief, { item: KnowledgeItem; stems: Set<string> }[]>();
/** The persona's knowledge with each item's stems, worked out once per brief. */
const itemsOf = (brief: RoleplayBrief) => {
  let items = itemStems.get(brief);
  if (!items) {
    items = brief.persona.knowledge.map((item) => ({ item, stems: stemsOfItem(item, brief) }));
    itemStems.set(brief, items);
  }
  return items;
};

/**
 * The knowledge item a sentence asks about: the one sharing most stems with it; on a tie, one not told yet (a
 * follow-up question is after what comes next), else the first.
 */
const itemAskedAbout = (
  content: readonly string[],
  items: readonly { item: KnowledgeItem; stems: Set<string> }[],
  told: ReadonlySet<KnowledgeItem>,
) => {
  const stems = new Set(content.map(stemOf));
  let best: { item: KnowledgeItem; hits: number } | undefined;
  for (const { item, stems: itemStems } of items) {
    const hits = [...itemStems].filter((stem) => stems.has(stem)).length;
    const better =
      best === undefined || hits > best.hits || (hits === best.hits && told.has(best.item) && !told.has(item));
    if (hits > 0 && better) best = { item, hits };
  }
  return best?.item;
};

const SUCCESS_CHECKS: Record<SuccessBehaviour, (state: ConversationState) => boolean> = {
  asked_about_needs: (state) => state.needsAsked > 0,
  resolved_every_objection: (state) =>
    state.objections.slice(0, state.inPlay).every((objection) => objection.status === 'resolved'),
  agreed_next_step: (state) => state.nextStepAgreed,
  showed_empathy: (state) => state.empathy > 0,
  summarised: (state) => state.summaries > 0,
};

/** Whether the state shows a success behaviour. */
export const behaviourSeen = (state: ConversationState, behaviour: SuccessBehaviour): boolean =>
  SUCCESS_CHECKS[behaviour](state);

const startState = (brief: RoleplayBrief): ConversationState => {
  const { persona, mission } = brief;
  return {
    moves: [],
    objections: mission.objections.map((objection) => ({ objection, status: 'pending', moves: new Set() })),
    inPlay: Math.min(mission.objections.length, mission.difficulty),
    revealed: new Set(),
    trust: clampTrust(persona.openness + MOOD_TRUST[persona.mood]),
    patience: 2 + 2 * persona.patience - (mission.difficulty - 1),
    needsAsked: 0,
    empathy: 0,
    summaries: 0,
    nextStepAgreed: false,
    rudeness: 0,
    pressure: 0,
    concessions: 0,
  };
};

type TurnContext = {
  brief: RoleplayBrief;
  state: ConversationState;
  reading: TurnReading;
  index: number;
  parts: Part[];
  revealed: KnowledgeItem[];
  items: { item: KnowledgeItem; stems: Set<string> }[];
  /** Objection moves this turn made. */
  made: Set<ObjectionMove>;
  productive: boolean;
  trustGained: boolean;
};

const openObjection = (state: ConversationState) => state.objections.find((objection) => objection.status === 'open');
const nextObjection = (state: ConversationState) =>
  state.objections.slice(0, state.inPlay).find((objection) => objection.status === 'pending');

const gainTrust = (turn: TurnContext) => {
  // At most one point a turn: a speech full of nice words is not worth more than one good sentence.
  if (turn.trustGained) return;
  turn.trustGained = true;
  turn.state.trust = clampTrust(turn.state.trust + 1);
};

const raise = (turn: TurnContext, objection: ObjectionState, early: boolean) => {
  objection.status = 'open';
  objection.raisedAt = turn.index;
  turn.parts.push({ kind: 'raise', objection: objection.objection, early });
};

const PROPOSALS: readonly Intent[] = ['next_step', 'vague_next_step', 'closing', 'trade', 'concession'];

/** Questions: a fact for a good question, a guarded answer that invites a better one otherwise. */
const answerQuestions = (turn: TurnContext) => {
  const { state, reading, brief } = turn;
  const questions = reading.sentences.filter((sentence) => sentence.question !== null).slice(0, 2);
  for (const question of questions) {
    turn.productive = true;
    const open = question.question === 'open';
    const said = (intent: Detection['intent']) =>
      reading.detections.some((detection) => detection.intent === intent && detection.sentence === question.text);
    // A proposal put as a question ("Could we meet on Monday?") is answered as a proposal.
    if (PROPOSALS.some(said)) continue;
    if (said('identity_question')) {
      turn.parts.push({ kind: 'identity' });
      continue;
    }
    const asksNeeds = said('needs_question');
    let item = itemAskedAbout(question.content, turn.items, state.revealed);
    if (item === undefined && open) {
      // "What matters most to you?", "What can I do for you?": the next thing the persona may tell.
      item = turn.items.map(({ item: candidate }) => candidate).find((candidate) => !state.revealed.has(candidate));
      if (item === undefined) {
        // "Nothing more" once something was told; a persona with nothing to tell stays guarded instead.
        turn.parts.push(state.revealed.size > 0 ? { kind: 'nothing_more' } : { kind: 'guarded', needs: 'nothing' });
        if (asksNeeds) state.needsAsked += 1;
        continue;
      }
    }
    if (item === undefined) {
      turn.parts.push({ kind: 'guarded', needs: 'nothing' });
      continue;
    }
    // Two questions on one topic in one turn: the one answer covers both.
    if (turn.revealed.includes(item)) continue;
    if (state.revealed.has(item)) {
      const asked = state.moves.filter((move) => move.parts.some((part) => 'item' in part && part.item === item));
      if (asked.length >= 2) {
        turn.parts.push({ kind: 'covered' });
        state.patience -= 1;
      } else {
        turn.parts.push({ kind: 'recap', item });
      }
      continue;
    }
    const allowed =
      item.gate === 'any' ||
      (item.gate === 'open_question' && open) ||
      (item.gate === 'trust' && state.trust >= trustNeeded(brief));
    if (!allowed) {
      turn.parts.push({ kind: 'guarded', item, needs: item.gate === 'trust' ? 'trust' : 'open_question' });
      continue;
    }
    state.revealed.add(item);
    turn.revealed.push(item);
    turn.parts.push({ kind: 'fact', item });
    if (open) {
      state.needsAsked += 1;
      gainTrust(turn);
    }
  }
  if (questions.some((question) => question.question === 'open')) turn.made.add('explore');
};

/** Whether a statement of value speaks to something the persona said or to the objection on the table. */
const valueLands = (turn: TurnContext, detection: Detection): boolean => {
  const stems = new Set(
    readTurn(detection.sentence, turn.brief.language).sentences.flatMap((s) => s.content.map(stemOf)),
  );
  const revealedStems = turn.items
    .filter(({ item }) => turn.state.revealed.has(item))
    .flatMap(({ stems: itemStems }) => [...itemStems]);
  return openObjection(turn.state) !== undefined || revealedStems.some((stem) => stems.has(stem));
};

/** Next steps and closing questions: agreed only once nothing stands in the way. */
const answerProposal = (turn: TurnContext) => {
  const { state, reading, brief } = turn;
  const concrete = reading.has('next_step') || reading.has('closing');
  if (!concrete && !reading.has('vague_next_step')) return;
  turn.productive = true;
  const open = openObjection(state);
  const pending = nextObjection(state);
  if (open !== undefined && open.status === 'open' && !turn.parts.some((part) => part.kind === 'resolved')) {
    turn.parts.push({ kind: 'blocked' });
    return;
  }
  if (pending !== undefined) {
    raise(turn, pending, true);
    return;
  }
  // Too early: the persona does not trust the learner enough yet, or was never asked what it needs (where that is
  // part of the mission).
  const unasked = brief.mission.success.includes('asked_about_needs') && state.needsAsked === 0;
  if (state.trust < trustNeeded(brief) || unasked) {
    turn.parts.push({ kind: 'hesitant' });
    return;
  }
  if (!concrete) {
    turn.parts.push({ kind: 'vague' });
    return;
  }
  state.nextStepAgreed = true;
  turn.parts.push({ kind: 'agreed' });
};

/** The objection on the table: what this turn did about it, and whether that settles it. */
const workOnObjection = (turn: TurnContext) => {
  const { state, reading } = turn;
  const open = openObjection(state);
  if (open === undefined) return;
  for (const move of turn.made) open.moves.add(move);
  const missing = open.objection.resolvedBy.filter((move) => !open.moves.has(move));
  if (missing.length === 0) {
    open.status = 'resolved';
    open.settledAt = turn.index;
    turn.parts.push({ kind: 'resolved' });
    gainTrust(turn);
    return;
  }
  const raisedNow = open.raisedAt === turn.index;
  if (raisedNow) return;
  // Asked about, or still nothing done: the persona says what it is waiting for.
  const askedSomething = reading.sentences.some((sentence) => sentence.question !== null);
  if (turn.made.size > 0 || !askedSomething) turn.parts.push({ kind: 'probe', missing: missing[0]! });
};

const endWith = (turn: TurnContext, closing: Closing) => {
  turn.state.closing = closing;
};

/** One learner turn through the rules. */
const play = (brief: RoleplayBrief, state: ConversationState, text: string, index: number): Move => {
  const reading = readTurn(text, brief.language);
  const turn: TurnContext = {
    brief,
    state,
    reading,
    index,
    parts: [],
    revealed: [],
    items: itemsOf(brief),
    made: new Set(),
    productive: false,
    trustGained: false,
  };
  const { failure } = brief.mission;

  if (reading.has('rudeness')) {
    state.rudeness += 1;
    state.trust = clampTrust(state.trust - 3);
    state.patience -= 2;
    if (failure.includes('rudeness')) endWith(turn, 'lose_rudeness');
    else if (state.rudeness >= 2) endWith(turn, 'end_rudeness');
    else turn.parts.push({ kind: 'rudeness' });
  }
  const pressure = reading.first('pressure');
  if (!state.closing && pressure) {
    // An ultimatum counts as a second push: it leaves no way out.
    state.pressure += isUltimatum(pressure, brief.language) ? 2 : 1;
    state.trust = clampTrust(state.trust - 1);
    state.patience -= 1;
    if (failure.includes('pressure') && state.pressure >= 2) endWith(turn, 'lose_pressure');
    else turn.parts.push({ kind: 'pressure' });
  }
  const trading = tradesConcessions(brief);
  if (!state.closing && reading.has('concession') && !trading) {
    turn.made.add('value');
    turn.productive = true;
  } else if (!state.closing && reading.has('concession')) {
    state.concessions += 1;
    state.trust = clampTrust(state.trust - 1);
    const target = openObjection(state) ?? nextObjection(state);
    if (failure.includes('unconditional_concession')) {
      endWith(turn, 'lose_concession');
    } else {
      if (target) {
        target.status = 'conceded';
        target.settledAt = index;
      }
      turn.parts.push({ kind: 'conceded' });
    }
  }

  const repeated = state.moves.some((move) => move.reading.words === reading.words);
  if (!state.closing && repeated) {
    // The same words again: the persona says so, and it moves nothing on.
    turn.parts.push({ kind: 'covered' });
  } else if (!state.closing) {
    if (reading.has('empathy') || reading.has('summary')) {
      if (reading.has('empathy')) state.empathy += 1;
      if (reading.has('summary')) state.summaries += 1;
      turn.made.add('acknowledge');
      turn.productive = true;
      gainTrust(turn);
      turn.parts.push({ kind: 'acknowledged', by: reading.has('summary') ? 'summary' : 'empathy' });
    }
    answerQuestions(turn);
    const value = reading.detections.find((detection) => detection.intent === 'value');
    if (value && valueLands(turn, value)) {
      turn.made.add('value');
      turn.productive = true;
      gainTrust(turn);
    }
    if (reading.has('trade')) {
      turn.productive = true;
      // A trade offered before the objection it answers brings that objection up.
      const pending = openObjection(state) === undefined ? nextObjection(state) : undefined;
      if (pending) raise(turn, pending, false);
      turn.made.add('trade');
    }
    workOnObjection(turn);
    answerProposal(turn);
    if (value && !turn.made.has('value') && turn.parts.length === 0) {
      turn.productive = true;
      turn.parts.push({ kind: 'interested' });
    }

    // The next objection comes up once the learner has explored a little, or starts to argue their case.
    const pending = nextObjection(state);
    const discovered = state.moves.length + 1 >= 2 && state.needsAsked + state.empathy + state.summaries > 0;
    const arguing = turn.made.has('value') || reading.has('trade');
    if (pending && openObjection(state) === undefined && (discovered || arguing || state.moves.length >= 3)) {
      if (!turn.parts.some((part) => part.kind === 'raise')) raise(turn, pending, false);
    }
  }

  if (!turn.productive && !state.closing) {
    state.patience -= 1;
    // Said nothing the persona can work with: it takes the initiative with its next objection, else asks.
    const pending = openObjection(state) === undefined ? nextObjection(state) : undefined;
    if (pending && !turn.parts.some((part) => part.kind === 'raise')) raise(turn, pending, false);
    else if (!turn.parts.some((part) => part.kind === 'probe' || part.kind === 'covered')) {
      turn.parts.push({ kind: 'clarify' });
    }
  } else if (turn.parts.length === 0 && !state.closing) {
    turn.parts.push({ kind: 'interested' });
  }
  return {
    index,
    text,
    reading,
    trust: state.trust,
    patience: state.patience,
    parts: turn.parts,
    revealed: turn.revealed,
    made: [...turn.made],
    productive: turn.productive,
  };
};

const settle = (brief: RoleplayBrief, state: ConversationState, move: Move) => {
  const { success, failure } = brief.mission;
  if (!state.closing && success.length > 0 && success.every((behaviour) => behaviourSeen(state, behaviour))) {
    state.closing = 'win';
  }
  if (!state.closing && state.patience <= 0) {
    state.closing = failure.includes('patience_exhausted') ? 'lose_patience' : 'end_patience';
  }
  if (!state.closing && move.index + 1 >= brief.turnLimit) state.closing = 'end_limit';
  if (!state.closing && state.patience === 1) move.parts.push({ kind: 'impatient' });
  if (state.closing) move.closing = state.closing;
};

/** The conversation so far, learner turn by learner turn, ending at the first closing. */
export const replayConversation = (brief: RoleplayBrief, transcript: readonly TranscriptTurn[]): ConversationState => {
  const state = startState(brief);
  const learnerTurns = transcript.filter((turn) => turn.speaker === 'learner');
  for (const [index, turn] of learnerTurns.entries()) {
    const move = play(brief, state, turn.text, index);
    state.moves.push(move);
    settle(brief, state, move);
    if (state.closing) break;
  }
  return state;
};
