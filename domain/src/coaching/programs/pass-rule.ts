/**
 * A program's pass rule (docs/programs.md): each item is passed by an overall score of at least `minScore`, within
 * `attempts` tries (null: unlimited), counting the best try or the last; with `inOrder`, an item opens once every one
 * before it is passed. Pure: the assignments' read model and the start of an assigned session both apply it.
 */
export const PROGRAM_ITEMS_MAX = 50;
export const PROGRAM_ATTEMPTS_MAX = 10;
export const PROGRAM_COUNTS = ['best', 'last'] as const;
export type ProgramCounts = (typeof PROGRAM_COUNTS)[number];
/** What a program's pass rule is when its author says nothing: 70, as the peers default it. */
export const DEFAULT_PASS_SCORE = 70;

export type PassRule = {
  minScore: number;
  /** Tries allowed per item; null: unlimited. */
  attempts: number | null;
  counts: ProgramCounts;
  inOrder: boolean;
};

export const PROGRAM_ITEM_STATUSES = ['not_started', 'in_progress', 'passed', 'failed'] as const;
export type ProgramItemStatus = (typeof PROGRAM_ITEM_STATUSES)[number];

export type ProgramItemResult = {
  status: ProgramItemStatus;
  /** Tries that count: finished ones, up to the allowance. */
  attemptsUsed: number;
  /** null: unlimited. */
  attemptsLeft: number | null;
  /** The score that counts (the best or the last), null before any scored try. */
  score: number | null;
};

/**
 * One item's result from its finished tries in the order they were played, each with its overall score (null: the
 * try ended without one, which passes nothing). `extraAttempts`: what an operator granted beyond the rule. Tries
 * beyond the allowance do not count (an assigned start refuses them; one that slipped through changes nothing).
 */
export const programItemResult = (
  rule: PassRule,
  scores: readonly (number | null)[],
  extraAttempts = 0,
): ProgramItemResult => {
  const allowed = rule.attempts === null ? Infinity : rule.attempts + extraAttempts;
  const counted = scores.slice(0, allowed);
  const scored = counted.filter((score): score is number => score !== null);
  const best = scored.length > 0 ? Math.max(...scored) : null;
  const score = rule.counts === 'best' ? best : (counted.at(-1) ?? null);
  const attemptsLeft = allowed === Infinity ? null : allowed - counted.length;
  const passed = score !== null && score >= rule.minScore;
  const status: ProgramItemStatus = passed
    ? 'passed'
    : attemptsLeft === 0
      ? 'failed'
      : counted.length === 0
        ? 'not_started'
        : 'in_progress';
  return { status, attemptsUsed: counted.length, attemptsLeft, score };
};

/** Whether the item at `index` may be played: always, or with `inOrder` once every item before it is passed. */
export const programItemOpen = (rule: PassRule, results: readonly ProgramItemResult[], index: number): boolean =>
  !rule.inOrder || results.slice(0, index).every((result) => result.status === 'passed');

export type ProgramOutcome = { status: ProgramItemStatus; passed: number; total: number };

/** The program's own status: passed when every item is, failed as soon as one is, not started before any try. */
export const programOutcome = (results: readonly ProgramItemResult[]): ProgramOutcome => {
  const passed = results.filter((result) => result.status === 'passed').length;
  const total = results.length;
  const status: ProgramItemStatus =
    total > 0 && passed === total
      ? 'passed'
      : results.some((result) => result.status === 'failed')
        ? 'failed'
        : results.every((result) => result.status === 'not_started')
          ? 'not_started'
          : 'in_progress';
  return { status, passed, total };
};
