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
import { starterLibraryItems, STARTER_LANGUAGES, type StarterLibraryItem } from './starter-library.js';

// The starter library's corpus (issue 25): for every starter scenario in every language, a strong, a middling and a
// weak conversation, typed as a learner who never read the rules would type them, played turn by turn against the
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

const played = new Map<string, Played>();
const playedOf = (scenario: StarterLibraryItem, level: CorpusLevel) => {
  const key = `${scenario.key}:${scenario.language}:${level}`;
  let result = played.get(key);
  if (!result) {
    result = play(scenario, STARTER_CORPUS[scenario.key as keyof typeof STARTER_CORPUS][scenario.language][level]);
    played.set(key, result);
  }
  return result;
};

// CORPUS_PRINT=1 prints every conversation and its scores, for whoever writes or reviews the corpus.
if (process.env['CORPUS_PRINT']) {
  for (const scenario of scenarios) {
    for (const level of CORPUS_LEVELS) {
      const { transcript, judgements } = playedOf(scenario, level);
      process.stdout.write(
        `=== ${scenario.key} ${scenario.language} ${level}\n` +
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
    }
  }
}

describe('The starter library’s corpus', () => {
  it('holds a strong, a middling and a weak conversation for every starter scenario in every language', () => {
    for (const scenario of scenarios) {
      for (const level of CORPUS_LEVELS) {
        const lines = STARTER_CORPUS[scenario.key as keyof typeof STARTER_CORPUS][scenario.language][level];
        expect(lines.length, `${scenario.key} ${scenario.language} ${level}`).toBeGreaterThanOrEqual(4);
        expect(lines.length, `${scenario.key} ${scenario.language} ${level}`).toBeLessThanOrEqual(10);
      }
    }
    expect(Object.keys(STARTER_CORPUS).sort()).toEqual([...new Set(scenarios.map((item) => item.key))].sort());
  });

  describe.each(scenarios.map((scenario) => [`${scenario.key} (${scenario.language})`, scenario] as const))(
    '%s',
    (_, scenario) => {
      it('wins the strong conversation with every observer scoring it at least 70', () => {
        for (const { observer, judgement } of playedOf(scenario, 'strong').judgements) {
          expect(judgement.outcome, observer).toBe('win');
          expect(judgement.overall, observer).toBeGreaterThanOrEqual(70);
        }
      });

      it('does not win the middling conversation, scored between 35 and 70 by every observer', () => {
        for (const { observer, judgement } of playedOf(scenario, 'middling').judgements) {
          expect(judgement.outcome, observer).not.toBe('win');
          expect(judgement.overall, observer).toBeGreaterThan(35);
          expect(judgement.overall, observer).toBeLessThan(70);
        }
      });

      it('loses or ends the weak conversation, scored 35 or less by every observer', () => {
        for (const { observer, judgement } of playedOf(scenario, 'weak').judgements) {
          expect(['lose', 'end', 'open'], observer).toContain(judgement.outcome);
          expect(judgement.overall, observer).toBeLessThanOrEqual(35);
        }
      });

      it('scores strong above middling above weak with every observer', () => {
        const [strong, middling, weak] = CORPUS_LEVELS.map((level) => playedOf(scenario, level).judgements);
        strong!.forEach(({ observer, judgement }, index) => {
          expect(judgement.overall!, observer).toBeGreaterThan(middling![index]!.judgement.overall!);
          expect(middling![index]!.judgement.overall!, observer).toBeGreaterThan(weak![index]!.judgement.overall!);
        });
      });

      it('plays every line of every conversation: none is left after the outcome', () => {
        for (const level of CORPUS_LEVELS) {
          const lines = STARTER_CORPUS[scenario.key as keyof typeof STARTER_CORPUS][scenario.language][level];
          const learnerTurns = playedOf(scenario, level).transcript.filter((turn) => turn.speaker === 'learner');
          expect(learnerTurns.length, level).toBe(lines.length);
        }
      });

      it('never has the persona say the same sentence twice in a conversation', () => {
        for (const level of CORPUS_LEVELS) {
          const said = playedOf(scenario, level)
            .transcript.filter((turn) => turn.speaker === 'persona')
            .flatMap((turn) => sentencesOf(turn.text.replace(/\[\[\w+\]\]/g, '')))
            .map((sentence) => sentence.trim().toLowerCase())
            .filter((sentence) => sentence.length > 0);
          expect(said.length, `${level}: ${said.join(' | ')}`).toBe(new Set(said).size);
        }
      });
    },
  );

  it('gives the same outcomes in every language, conversation for conversation', () => {
    for (const key of Object.keys(STARTER_CORPUS)) {
      const outcomes = STARTER_LANGUAGES.map((language) => {
        const scenario = scenarios.find((item) => item.key === key && item.language === language)!;
        return CORPUS_LEVELS.map((level) => playedOf(scenario, level).judgements.map((j) => j.judgement.outcome));
      });
      for (const other of outcomes.slice(1)) expect(other, key).toEqual(outcomes[0]);
    }
  });
});
