import { coachingAnalysisRerunOperations, coachingSessionAnalysisOperations } from '@ai-coaching/contracts';

// Apart from the api file, which stays without zod (client/CONTEXT.md "API files").

/** What a report's "Correct" form sends. */
export const correctScoreFormSchema = coachingSessionAnalysisOperations.correctScore.body;

/** What "Re-run reports" sends. */
export const analysisRerunFormSchema = coachingAnalysisRerunOperations.start.body;
