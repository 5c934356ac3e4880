import { describe, expect, it } from 'vitest';
import {
  programItemOpen,
  programItemResult,
  programOutcome,
  type PassRule,
  type ProgramItemResult,
} from './pass-rule.js';

const rule = (overrides: Partial<PassRule> = {}): PassRule => ({
  minScore: 70,
  attempts: 3,
  counts: 'best',
  inOrder: false,
  ...overrides,
});
const result = (status: ProgramItemResult['status']): ProgramItemResult => ({
  status,
  attemptsUsed: 0,
  attemptsLeft: null,
  score: null,
});

describe('Program pass rule', () => {
  describe('an item', () => {
    it('given no try, when scored, then it is not started with every attempt left', () => {
      expect(programItemResult(rule(), [])).toEqual({
        status: 'not_started',
        attemptsUsed: 0,
        attemptsLeft: 3,
        score: null,
      });
    });

    it('given a try below the score with attempts left, then it is in progress', () => {
      expect(programItemResult(rule(), [55])).toEqual({
        status: 'in_progress',
        attemptsUsed: 1,
        attemptsLeft: 2,
        score: 55,
      });
    });

    it('given a try at exactly the minimum score, then it is passed', () => {
      expect(programItemResult(rule(), [40, 70]).status).toBe('passed');
      expect(programItemResult(rule(), [40, 69]).status).toBe('in_progress');
    });

    it('given the best try counts, when a later try scores lower, then it stays passed on the best score', () => {
      expect(programItemResult(rule(), [80, 30])).toMatchObject({ status: 'passed', score: 80, attemptsLeft: 1 });
    });

    it('given the last try counts, when a later try scores lower, then the later one decides', () => {
      expect(programItemResult(rule({ counts: 'last' }), [80, 30])).toMatchObject({
        status: 'in_progress',
        score: 30,
      });
      expect(programItemResult(rule({ counts: 'last' }), [80, 30, 60])).toMatchObject({
        status: 'failed',
        score: 60,
        attemptsLeft: 0,
      });
    });

    it('given the last allowed try below the score, then it is failed', () => {
      expect(programItemResult(rule(), [10, 20, 30])).toEqual({
        status: 'failed',
        attemptsUsed: 3,
        attemptsLeft: 0,
        score: 30,
      });
    });

    it('given a try that ended without a score, then it used an attempt and passed nothing', () => {
      expect(programItemResult(rule({ attempts: 1 }), [null])).toEqual({
        status: 'failed',
        attemptsUsed: 1,
        attemptsLeft: 0,
        score: null,
      });
      expect(programItemResult(rule({ counts: 'last' }), [90, null]).status).toBe('in_progress');
    });

    it('given extra attempts granted after a failure, then it is in progress again, and a pass counts', () => {
      expect(programItemResult(rule(), [10, 20, 30], 1)).toMatchObject({ status: 'in_progress', attemptsLeft: 1 });
      expect(programItemResult(rule(), [10, 20, 30, 75], 1)).toMatchObject({ status: 'passed', attemptsLeft: 0 });
    });

    it('given tries beyond the allowance, then they count for nothing', () => {
      expect(programItemResult(rule({ attempts: 1 }), [20, 95])).toMatchObject({
        status: 'failed',
        attemptsUsed: 1,
        score: 20,
      });
    });

    it('given unlimited attempts, then it is never failed and has no count of attempts left', () => {
      const many = Array.from({ length: 25 }, () => 10);
      expect(programItemResult(rule({ attempts: null }), many)).toEqual({
        status: 'in_progress',
        attemptsUsed: 25,
        attemptsLeft: null,
        score: 10,
      });
    });
  });

  describe('the order of items', () => {
    const results = [result('passed'), result('in_progress'), result('not_started')];

    it('given items in any order, then every item is open', () => {
      expect([0, 1, 2].map((index) => programItemOpen(rule(), results, index))).toEqual([true, true, true]);
    });

    it('given items in order, then an item opens once every item before it is passed', () => {
      expect([0, 1, 2].map((index) => programItemOpen(rule({ inOrder: true }), results, index))).toEqual([
        true,
        true,
        false,
      ]);
    });
  });

  describe('the program', () => {
    it('given every item passed, then the program is passed', () => {
      expect(programOutcome([result('passed'), result('passed')])).toEqual({ status: 'passed', passed: 2, total: 2 });
    });

    it('given one item failed, then the program is failed whatever the others', () => {
      expect(programOutcome([result('passed'), result('failed'), result('not_started')])).toEqual({
        status: 'failed',
        passed: 1,
        total: 3,
      });
    });

    it('given no try at all, then it is not started; given one, in progress', () => {
      expect(programOutcome([result('not_started'), result('not_started')]).status).toBe('not_started');
      expect(programOutcome([result('passed'), result('not_started')]).status).toBe('in_progress');
    });
  });
});
