import type { CoachingSessionAnalysisAnswer } from '@ai-coaching/contracts';
import { deterministicId } from '@ai-coaching/platform';
import type { AppServices, Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { visibleSession } from '../sessions/visibility.js';
import { runAnalysisCommand } from './analysis-stream.js';
import { analysisAnswerFor } from './reports.js';

/**
 * A reviewer corrects one criterion's score of an observer's delivered report, with a comment
 * (`coaching-session-analysis-report-update`, on a session the caller may read). The correction's id derives from
 * the request's `Idempotency-Key` when it has one, so a retried request corrects once.
 */
export const correctCoachingSessionAnalysisScore = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  input: {
    version: number;
    observer_id: string;
    criterion: string;
    score: number;
    comment: string;
    idempotencyKey?: string | undefined;
  },
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  const correctionId = input.idempotencyKey
    ? deterministicId('analysis-correction', caller.userId, input.idempotencyKey)
    : services.ids.newId();
  await runAnalysisCommand(
    services,
    origin,
    sessionId,
    {
      type: 'CorrectCoachingSessionAnalysisScore',
      data: {
        sessionId,
        version: input.version,
        observerId: input.observer_id,
        correctionId,
        criterion: input.criterion,
        score: input.score,
        comment: input.comment,
        correctedBy: caller.userId,
      },
    },
    `analysis-correction-${correctionId}`,
  );
  return analysisAnswerFor(services, sessionId, input.version);
};
