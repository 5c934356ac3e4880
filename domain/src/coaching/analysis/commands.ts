import type { Command } from '../../shared/command.js';
import type { CoachingSessionAnalysisRequested, CoachingSessionObserverReportRecorded } from './events.js';

/** The session's ending asks for version 1 once; a re-run asks for the next version. */
export type RequestCoachingSessionAnalysis = Command<
  'RequestCoachingSessionAnalysis',
  Omit<CoachingSessionAnalysisRequested['data'], 'version' | 'requestedAt'>
>;

/** Sent by an observer's job before it asks the model, so readers see it running. */
export type StartCoachingSessionObserverAnalysis = Command<
  'StartCoachingSessionObserverAnalysis',
  { sessionId: string; version: number; observerId: string }
>;

export type RecordCoachingSessionObserverReport = Command<
  'RecordCoachingSessionObserverReport',
  Omit<CoachingSessionObserverReportRecorded['data'], 'score' | 'recordedAt'>
>;

export type FailCoachingSessionObserverAnalysis = Command<
  'FailCoachingSessionObserverAnalysis',
  { sessionId: string; version: number; observerId: string; reason: string }
>;

/** A reviewer (`coaching-session-analysis-report-update`) corrects one criterion's score, with a comment. */
export type CorrectCoachingSessionAnalysisScore = Command<
  'CorrectCoachingSessionAnalysisScore',
  {
    sessionId: string;
    version: number;
    observerId: string;
    correctionId: string;
    criterion: string;
    score: number;
    comment: string;
    correctedBy: string;
  }
>;

export type CoachingSessionAnalysisCommand =
  | RequestCoachingSessionAnalysis
  | StartCoachingSessionObserverAnalysis
  | RecordCoachingSessionObserverReport
  | FailCoachingSessionObserverAnalysis
  | CorrectCoachingSessionAnalysisScore;
