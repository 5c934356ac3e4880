// The analysis area's use cases, as the workspace exports them (the other files are its own).
export { analyseEndedSession, analyseSessionOfReservation, scheduleCoachingAnalyses } from './ended-sessions.js';
export { analyseObserver } from './observer-job.js';
export { readCoachingSessionAnalysis } from './reports.js';
export { tryObserver } from './observer-trials.js';
export { rerunCoachingSessionAnalysis, rerunSessionAnalysisForJob, type SessionRerunOutcome } from './reruns.js';
export { correctCoachingSessionAnalysisScore } from './corrections.js';
