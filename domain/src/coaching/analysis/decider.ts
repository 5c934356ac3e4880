import type { Decider } from '../../shared/decider.js';
import { ConflictError } from '../../shared/errors.js';
import type { CoachingSessionAnalysisCommand } from './commands.js';
import type { CoachingSessionAnalysisEvent } from './events.js';
import { weightedAnalysisScore } from './scores.js';

export type ObserverAnalysisStatus = 'pending' | 'running' | 'done' | 'failed';

export type CoachingSessionAnalysisVersion = {
  version: number;
  observers: { observerId: string; observerVersion: number; status: ObserverAnalysisStatus }[];
};

export type CoachingSessionAnalysisState = { versions: CoachingSessionAnalysisVersion[] };

const finished = (status: ObserverAnalysisStatus) => status === 'done' || status === 'failed';

/** An observer's slot in a version; null when the job names something never requested (nothing to do). */
const slotOf = (state: CoachingSessionAnalysisState, version: number, observerId: string) =>
  state.versions.find((entry) => entry.version === version)?.observers.find((o) => o.observerId === observerId) ?? null;

/**
 * Jobs run at least once, and a killed worker's job runs again elsewhere: every observer command after the first
 * result of its version finds nothing to do, so one result is appended whoever gets there first.
 */
export const coachingSessionAnalysisDecider: Decider<
  CoachingSessionAnalysisCommand,
  CoachingSessionAnalysisEvent,
  CoachingSessionAnalysisState
> = {
  decide(command, state) {
    const now = command.metadata.now;
    switch (command.type) {
      case 'RequestCoachingSessionAnalysis': {
        const latest = state.versions.at(-1);
        // The ending is seen by every path that ends a session (and again by the start-up catch-up): version 1 once.
        if (command.data.trigger === 'session_ended' && latest) return [];
        if (latest && latest.observers.some((observer) => !finished(observer.status))) {
          throw new ConflictError(
            'coaching_session_analysis_running',
            'The analysis of this session is still running: re-run it once it has finished.',
            { version: latest.version },
          );
        }
        return [
          {
            type: 'CoachingSessionAnalysisRequested',
            data: {
              sessionId: command.data.sessionId,
              organizationId: command.data.organizationId,
              version: (latest?.version ?? 0) + 1,
              trigger: command.data.trigger,
              requestedBy: command.data.requestedBy,
              observers: command.data.observers,
              metrics: command.data.metrics,
              requestedAt: now,
            },
          },
        ];
      }
      case 'StartCoachingSessionObserverAnalysis': {
        const { sessionId, version, observerId } = command.data;
        if (slotOf(state, version, observerId)?.status !== 'pending') return [];
        return [
          { type: 'CoachingSessionObserverAnalysisStarted', data: { sessionId, version, observerId, startedAt: now } },
        ];
      }
      case 'RecordCoachingSessionObserverReport': {
        const slot = slotOf(state, command.data.version, command.data.observerId);
        if (slot === null || finished(slot.status)) return [];
        return [
          {
            type: 'CoachingSessionObserverReportRecorded',
            data: { ...command.data, score: weightedAnalysisScore(command.data.criteria), recordedAt: now },
          },
        ];
      }
      case 'FailCoachingSessionObserverAnalysis': {
        const slot = slotOf(state, command.data.version, command.data.observerId);
        if (slot === null || finished(slot.status)) return [];
        return [{ type: 'CoachingSessionObserverAnalysisFailed', data: { ...command.data, failedAt: now } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type?: unknown }).type)}`);
      }
    }
  },
  evolve(state, event) {
    const mark = (version: number, observerId: string, status: ObserverAnalysisStatus) => ({
      versions: state.versions.map((entry) =>
        entry.version !== version
          ? entry
          : {
              ...entry,
              observers: entry.observers.map((observer) =>
                observer.observerId === observerId ? { ...observer, status } : observer,
              ),
            },
      ),
    });
    switch (event.type) {
      case 'CoachingSessionAnalysisRequested':
        return {
          versions: [
            ...state.versions,
            {
              version: event.data.version,
              observers: event.data.observers.map((observer) => ({
                observerId: observer.id,
                observerVersion: observer.version,
                status: 'pending' as const,
              })),
            },
          ],
        };
      case 'CoachingSessionObserverAnalysisStarted':
        return mark(event.data.version, event.data.observerId, 'running');
      case 'CoachingSessionObserverReportRecorded':
        return mark(event.data.version, event.data.observerId, 'done');
      case 'CoachingSessionObserverAnalysisFailed':
        return mark(event.data.version, event.data.observerId, 'failed');
      default:
        return state;
    }
  },
  initialState: () => ({ versions: [] }),
};

/** A version's status from its observers': done when all reported, failed when all finished and one failed. */
export const analysisVersionStatus = (statuses: readonly ObserverAnalysisStatus[]): ObserverAnalysisStatus => {
  if (statuses.every((status) => status === 'done')) return 'done';
  if (statuses.every(finished)) return 'failed';
  if (statuses.every((status) => status === 'pending')) return 'pending';
  return 'running';
};
