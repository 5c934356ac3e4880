import {
  builtinRoleplayTurn,
  judgeConversation,
  sentencesOf,
  type Judgement,
  type RoleplayBrief,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { greetingOf, practiceBriefOf } from '../sessions/persona-brief.js';
import { missionOf, observerOf, personaOf } from './content-fields.js';
import { CORPUS_LEVELS, STARTER_CORPUS, type CorpusLevel } from './starter-corpus.js';
import type { StarterScenarioKey } from './starter-library-content.js';
import { starterLibraryItems, STARTER_LANGUAGES, type StarterLibraryItem } from './starter-library.js';

// The starter library's corpus (issue 25): for every starter scenario in every language, strong, middling and weak
// conversations, typed as a learner who never read the rules would type them, played turn by turn against the
// built-in practice engine from the seeded items exactly as a session plays them, and judged by every observer the
// scenario uses. The conversations are in starter-corpus.ts.

const items = starterLibraryItems();
const byId = new Map(items.map((item) => [item.itemId, item]));
const scenarios = items.filter((item) => item.kind === 'scenario');

/** The brief a session gives the built-in provider: the seeded persona and mission, the greeting, the turn limit. */
const briefOf = (scenario: StarterLibraryItem): RoleplayBrief => {
  const persona = byId.get(String(scenario.fields['persona_id']))!;
  const mission = byId.get(String(scenario.fields['mission_id']))!;
  const missionFields = missionOf(mission.fields);
  return practiceBriefOf(personaOf(persona.fields), missionFields, {
    language: scenario.language,
    greeting: greetingOf(persona.fields),
    turnLimit: missionFields.turn_limit,
  });
};

const criteriaOf = (scenario: StarterLibraryItem) =>
  (scenario.fields['observer_ids'] as string[]).map((id) => {
    const observer = observerOf(byId.get(id)!.fields);
    return {
      name: observer.name,
      criteria: observer.rubric.map(({ name, description, weight }) => ({ name, description, weight })),
    };
  });

type Played = { transcript: TranscriptTurn[]; judgements: { observer: string; judgement: Judgement }[] };

/** Plays the learner's lines one by one, stopping at the first outcome, and judges with every observer. */
const play = (scenario: StarterLibraryItem, lines: readonly string[]): Played => {
  const brief = briefOf(scenario);
  const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: builtinRoleplayTurn(brief, []).text }];
  for (const text of lines) {
    transcript.push({ speaker: 'learner', text });
    const turn = builtinRoleplayTurn(brief, transcript);
    transcript.push({ speaker: 'persona', text: turn.text });
    if (turn.outcome) break;
  }
  const judgements = criteriaOf(scenario).map(({ name, criteria }) => ({
    observer: name,
    judgement: judgeConversation(brief, transcript, criteria),
  }));
  return { transcript, judgements };
};

const conversationsOf = (scenario: StarterLibraryItem, level: CorpusLevel) =>
  STARTER_CORPUS[scenario.key as StarterScenarioKey][scenario.language][level];

const played = new Map<string, Played[]>();
/** Every conversation of a level, played once and kept for every assertion. */
const playedOf = (scenario: StarterLibraryItem, level: CorpusLevel): Played[] => {
  const key = `${scenario.key}:${scenario.language}:${level}`;
  let result = played.get(key);
  if (!result) {
    result = conversationsOf(scenario, level).map((lines) => play(scenario, lines));
    played.set(key, result);
  }
  return result;
};

// CORPUS_PRINT=1 prints every conversation and its scores, for whoever writes or reviews the corpus.
if (process.env['CORPUS_PRINT']) {
  for (const scenario of scenarios) {
    for (const level of CORPUS_LEVELS) {
      playedOf(scenario, level).forEach(({ transcript, judgements }, index) => {
        process.stdout.write(
          `=== ${scenario.key} ${scenario.language} ${level} ${index + 1}\n` +
            transcript.map((turn) => `${turn.speaker === 'learner' ? 'L' : 'P'}: ${turn.text}`).join('\n') +
            '\n' +
            judgements
              .map(
                ({ observer, judgement }) =>
                  `  ${observer}: ${judgement.outcome} ${judgement.overall} | ` +
                  judgement.criteria.map((c) => `${c.name}=${c.behaviour}:${c.share.toFixed(2)}`).join(', '),
              )
              .join('\n') +
            '\n',
        );
      });
    }
  }
}

describe('The starter library’s corpus', () => {
  it('holds strong, middling and weak conversations of 4 to 10 turns for every starter scenario in every language', () => {
    expect(Object.keys(STARTER_CORPUS).sort()).toEqual([...new Set(scenarios.map((item) => item.key))].sort());
    for (const scenario of scenarios) {
      for (const level of CORPUS_LEVELS) {
        const conversations = conversationsOf(scenario, level);
        expect(conversations.length, `${scenario.key} ${scenario.language} ${level}`).toBeGreaterThan(0);
        for (const lines of conversations) {
          expect(lines.length, `${scenario.key} ${scenario.language} ${level}`).toBeGreaterThanOrEqual(4);
          expect(lines.length, `${scenario.key} ${scenario.language} ${level}`).toBeLessThanOrEqual(10);
        }
      }
    }
  });

  describe.each(scenarios.map((scenario) => [`${scenario.key} (${scenario.language})`, scenario] as const))(
    '%s',
    (_, scenario) => {
      const each = (level: CorpusLevel) =>
        playedOf(scenario, level).flatMap(({ judgements }, index) =>
          judgements.map(({ observer, judgement }) => ({ label: `${level} ${index + 1}, ${observer}`, judgement })),
        );

      it('wins every strong conversation, each observer scoring it at least 70', () => {
        for (const { label, judgement } of each('strong')) {
          expect(judgement.outcome, label).toBe('win');
          expect(judgement.overall, label).toBeGreaterThanOrEqual(70);
        }
      });

      it('wins no middling conversation, each observer scoring it between 35 and 70', () => {
        for (const { label, judgement } of each('middling')) {
          expect(judgement.outcome, label).not.toBe('win');
          expect(judgement.overall, label).toBeGreaterThan(35);
          expect(judgement.overall, label).toBeLessThan(70);
        }
      });

      it('loses or ends every weak conversation, each observer scoring it 35 or less', () => {
        for (const { label, judgement } of each('weak')) {
          expect(['lose', 'end', 'open'], label).toContain(judgement.outcome);
          expect(judgement.overall, label).toBeLessThanOrEqual(35);
        }
      });

      it('scores every strong conversation above every middling one, and every middling above every weak, by each observer', () => {
        const [strong, middling, weak] = CORPUS_LEVELS.map((level) => playedOf(scenario, level));
        const overall = (conversation: Played, observer: number) =>
          conversation.judgements[observer]!.judgement.overall!;
        strong![0]!.judgements.forEach(({ observer }, index) => {
          const lowestStrong = Math.min(...strong!.map((conversation) => overall(conversation, index)));
          const [highestMiddling, lowestMiddling] = [Math.max, Math.min].map((pick) =>
            pick(...middling!.map((conversation) => overall(conversation, index))),
          );
          const highestWeak = Math.max(...weak!.map((conversation) => overall(conversation, index)));
          expect(lowestStrong, observer).toBeGreaterThan(highestMiddling!);
          expect(lowestMiddling, observer).toBeGreaterThan(highestWeak);
        });
      });

      it('backs every score it gives with the learner’s own sentences', () => {
        for (const level of CORPUS_LEVELS) {
          playedOf(scenario, level).forEach(({ transcript, judgements }, index) => {
            const learner = transcript.filter((turn) => turn.speaker === 'learner').map((turn) => turn.text);
            for (const { observer, judgement } of judgements) {
              for (const criterion of judgement.criteria) {
                const label = `${level} ${index + 1}, ${observer}, ${criterion.name}`;
                if (criterion.relevant && criterion.share >= 0.5) {
                  expect(criterion.evidence.length, label).toBeGreaterThan(0);
                }
                for (const { quote } of criterion.evidence) {
                  expect(
                    learner.some((text) => text.includes(quote)),
                    `${label}: ${quote}`,
                  ).toBe(true);
                }
              }
            }
          });
        }
      });

      it('plays every line of every conversation: none is left after the outcome', () => {
        for (const level of CORPUS_LEVELS) {
          conversationsOf(scenario, level).forEach((lines, index) => {
            const learnerTurns = playedOf(scenario, level)[index]!.transcript.filter(
              (turn) => turn.speaker === 'learner',
            );
            expect(learnerTurns.length, `${level} ${index + 1}`).toBe(lines.length);
          });
        }
      });

      it('never has the persona say the same sentence twice in a conversation', () => {
        for (const level of CORPUS_LEVELS) {
          playedOf(scenario, level).forEach(({ transcript }, index) => {
            const said = transcript
              .filter((turn) => turn.speaker === 'persona')
              .flatMap((turn) => sentencesOf(turn.text.replace(/\[\[\w+\]\]/g, '')))
              .map((sentence) => sentence.trim().toLowerCase())
              .filter((sentence) => sentence.length > 0);
            expect(said.length, `${level} ${index + 1}: ${said.join(' | ')}`).toBe(new Set(said).size);
          });
        }
      });
    },
  );

  it('gives the same outcomes in every language, conversation for conversation', () => {
    for (const key of Object.keys(STARTER_CORPUS)) {
      const outcomes = STARTER_LANGUAGES.map((language) => {
        const scenario = scenarios.find((item) => item.key === key && item.language === language)!;
        return CORPUS_LEVELS.map((level) =>
          playedOf(scenario, level).map(({ judgements }) => judgements.map(({ judgement }) => judgement.outcome)),
        );
      });
      for (const other of outcomes.slice(1)) expect(other, key).toEqual(outcomes[0]);
    }
  });
});
