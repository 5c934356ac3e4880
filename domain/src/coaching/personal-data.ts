import type { AnyDomainEvent } from '../events.js';
import type { PersonalDataPolicy, PersonalDataRule } from '../shared/personal-data.js';
import { coachingSessionStreamId } from './sessions/events.js';

/**
 * A coaching session's transcript is personal data (issue 12 §7), and so is everything quoting or judging it: the
 * name the learner gave the session, the questions the metrics quote, the observers' evidence, praise, advice and
 * summary, a reviewer's comment on a corrected score, the learner's conversations with the coach about it, and its
 * reviewers' comments and its learner's replies. All of it, in the session's stream, its analysis stream, its chats'
 * streams and its comments' stream, is sealed with the one key of that session
 * (every one of those events names its `sessionId`), so deleting the session shreds them all. Scores, statuses, times
 * and ids are not personal text and stay in the clear: the ledger, reports and dashboards still add up after a
 * deletion.
 *
 * An event that gains a personal field must be listed here (docs/coaching-sessions.md "Personal data").
 */
export const coachingPersonalData: PersonalDataPolicy = {
  rules: {
    CoachingSessionStarted: { paths: ['name'] },
    CoachingSessionRenamed: { paths: ['name'] },
    CoachingSessionLearnerTurnRecorded: { paths: ['text'] },
    CoachingSessionPersonaTurnRecorded: { paths: ['text'] },
    CoachingSessionAnalysisRequested: { paths: ['metrics.questions.asked[].text'] },
    CoachingSessionObserverReportRecorded: {
      paths: ['criteria[].evidence[].quote', 'wentWell[]', 'toImprove[]', 'summary'],
    },
    CoachingSessionAnalysisScoreCorrected: { paths: ['comment'] },
    CoachingChatStarted: { paths: ['title'] },
    CoachingChatExchangeRecorded: { paths: ['question', 'answer'] },
    CoachingChatRenamed: { paths: ['title'] },
    CoachingSessionCommentAdded: { paths: ['body'] },
    CoachingSessionCommentEdited: { paths: ['body'] },
    // A guest's name, on the link's stream: it names the guest's session, whose deletion shreds it too.
    CoachingSharedSessionJoined: { paths: ['displayName'] },
  } satisfies Partial<Record<AnyDomainEvent['type'], PersonalDataRule>>,
  subjectOf: (data) => (typeof data.sessionId === 'string' ? data.sessionId : undefined),
  originStreamOf: coachingSessionStreamId,
};
