import {
  RUBRIC_SCALE_RANGE,
  scoreOnScale,
  type AnalysisCriterionScore,
  type CoachingSessionTurn,
  type Judgement,
} from '@ai-coaching/domain';
import { z } from 'zod';
import type { ObserverFields } from '../content/content-fields.js';

// What an observer answers of one session: the schema its answer is held to (the built-in provider's measures read
// into it), and the criteria the report keeps of it.

export type RubricCriterion = ObserverFields['rubric'][number];

/** A turn an observer judges: a session's, or one of a transcript an editor tries the observer on. */
export type JudgedTurn = Pick<CoachingSessionTurn, 'turnId' | 'role' | 'text'>;

/** What a model answers of one criterion; its bounds are the criterion's scale. */
const criterionAnswerOf = (criterion: RubricCriterion) => {
  const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
  return z
    .object({
      relevant: z.boolean(),
      score: z.number().int().min(min).max(max),
      evidence: z.array(z.object({ turn_id: z.string(), quote: z.string() })),
    })
    .describe(criterion.description || criterion.name);
};
type CriterionAnswer = z.infer<ReturnType<typeof criterionAnswerOf>>;

export type ModelAnswer = {
  criteria: Record<string, CriterionAnswer>;
  went_well: string[];
  to_improve: string[];
  summary: string;
};

/**
 * The key of each criterion in the answer: its name, made unique when two criteria share one (" (2)"), so every
 * criterion is one required property of the answer.
 */
const criterionKeysOf = (rubric: readonly RubricCriterion[]): string[] => {
  const seen = new Map<string, number>();
  return rubric.map((criterion) => {
    const name = criterion.name.trim() || 'Criterion';
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
};

/**
 * The built-in provider's judgement (`BuiltinAnalysis`, docs/ai-builtin-provider.md "The observer"), read here into a
 * model's answer so that every provider goes through one schema, one check and one path: each criterion's share
 * brought onto its scale, its evidence pinned on the learner turns it quotes.
 */
const fromBuiltinAnalysis =
  (rubric: readonly RubricCriterion[], turns: readonly JudgedTurn[]) =>
  (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || !('metrics' in value) || !('judgement' in value)) return value;
    const judgement = (value as { judgement: Judgement | null }).judgement;
    if (judgement === null) return value;
    const learnerTurns = turns.filter((turn) => turn.role === 'learner');
    const keys = criterionKeysOf(rubric);
    const criteria = rubric.map((criterion, index) => {
      const judged = judgement.criteria[index];
      const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
      const share = judged?.share ?? 0;
      const score = criterion.scale === 'pass_fail' ? (share >= 0.5 ? 1 : 0) : min + Math.round(share * (max - min));
      const evidence = (judged?.evidence ?? []).flatMap((quote) => {
        const turn = learnerTurns[quote.turn];
        return turn ? [{ turn_id: turn.turnId, quote: quote.quote }] : [];
      });
      return [keys[index]!, { relevant: judged?.relevant ?? false, score, evidence }] as const;
    });
    return {
      criteria: Object.fromEntries(criteria),
      went_well: judgement.wentWell,
      to_improve: judgement.toImprove,
      summary: judgement.summary,
    };
  };

/**
 * The answer's schema for this rubric, sent to the model as its response format and checked on return: every rule
 * the check applies is in the JSON schema a strict provider follows (one required property per criterion, whole
 * scores within its scale), so such a provider cannot answer what is then refused. An answer that still leaves a
 * criterion out is not refused for it: the criterion is filled in as not relevant and named in `unanswered`, and
 * the report marks it not assessed. A mismatch is what the port's one repair retry fixes.
 */
export const answerSchemaFor = (rubric: readonly RubricCriterion[], turns: readonly JudgedTurn[]) => {
  const keys = criterionKeysOf(rubric);
  const unanswered = new Set<string>();
  const shape = z.object({
    criteria: z.object(
      Object.fromEntries(rubric.map((criterion, index) => [keys[index]!, criterionAnswerOf(criterion)])),
    ),
    went_well: z.array(z.string()),
    to_improve: z.array(z.string()),
    summary: z.string(),
  });
  const fillUnanswered = (value: unknown): unknown => {
    unanswered.clear();
    if (typeof value !== 'object' || value === null) return value;
    const criteria = (value as { criteria?: unknown }).criteria;
    if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria)) return value;
    const filled: Record<string, unknown> = { ...criteria };
    rubric.forEach((criterion, index) => {
      const key = keys[index]!;
      if (filled[key] !== undefined) return;
      unanswered.add(key);
      filled[key] = { relevant: false, score: RUBRIC_SCALE_RANGE[criterion.scale].min, evidence: [] };
    });
    return { ...value, criteria: filled };
  };
  const builtin = fromBuiltinAnalysis(rubric, turns);
  return { schema: z.preprocess((value) => fillUnanswered(builtin(value)), shape), keys, unanswered };
};

/** The model's answer as the report keeps it: the rubric's order, scale and weight, scores on the scale. */
export const criteriaOf = (
  rubric: readonly RubricCriterion[],
  answer: ModelAnswer,
  turns: readonly JudgedTurn[],
  asked: { keys: readonly string[]; unanswered: ReadonlySet<string> },
): AnalysisCriterionScore[] => {
  const turnIds = new Set(turns.map((turn) => turn.turnId));
  return rubric.map((criterion, index) => {
    const key = asked.keys[index]!;
    const found = answer.criteria[key];
    const assessed = found !== undefined && !asked.unanswered.has(key);
    const relevant = assessed && found.relevant;
    return {
      name: criterion.name,
      scale: criterion.scale,
      weight: criterion.weight,
      relevant,
      score: relevant ? scoreOnScale(criterion.scale, found.score) : null,
      // A quote the model pinned on no turn of this transcript cannot be shown where it was said.
      evidence: (found?.evidence ?? [])
        .filter((quote) => turnIds.has(quote.turn_id) && quote.quote.trim().length > 0)
        .map((quote) => ({ turnId: quote.turn_id, quote: quote.quote.trim() })),
      ...(assessed ? {} : { assessed: false as const }),
    };
  });
};
