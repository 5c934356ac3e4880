import type { SessionLanguage } from '../../ai/vocabulary.js';
import type { CoachingSessionVoiceSettings, ScenarioVoiceSettings } from './voice-settings.js';

/** Spec §4 "Session result status"; '' exists in the spec's vocabulary but no session is ever in it. */
export const COACHING_SESSION_STATUSES = ['', 'free-speech', 'in-progress', 'win', 'loose', 'end', 'abort'] as const;
export type CoachingSessionStatus = (typeof COACHING_SESSION_STATUSES)[number];

/** Once in one of these, a session's status never changes again. */
export const TERMINAL_COACHING_SESSION_STATUSES = ['win', 'loose', 'end', 'abort'] as const;
export type TerminalCoachingSessionStatus = (typeof TERMINAL_COACHING_SESSION_STATUSES)[number];

export const isTerminalCoachingSessionStatus = (status: string): status is TerminalCoachingSessionStatus =>
  (TERMINAL_COACHING_SESSION_STATUSES as readonly string[]).includes(status);

/** Why a session ended; the status alone does not tell a learner's End from the time limit. */
export const COACHING_SESSION_END_REASONS = [
  'marker',
  'turn_limit',
  'time_limit',
  'learner_ended',
  'learner_aborted',
  'deleted',
  'expired',
] as const;
export type CoachingSessionEndReason = (typeof COACHING_SESSION_END_REASONS)[number];

export const COACHING_SESSION_NAME_MAX = 200;

export const coachingSessionStreamId = (sessionId: string): string => `coaching-session-${sessionId}`;

export type CoachingSessionContentVersion = { id: string; version: number };

/**
 * What was played, frozen at the start: editing or publishing the content later never changes a session, so its
 * transcript, price and reports always refer to what the learner actually faced.
 */
export type CoachingSessionContent = {
  scenario: CoachingSessionContentVersion;
  persona: CoachingSessionContentVersion;
  /** null: free speech. */
  mission: CoachingSessionContentVersion | null;
  observers: CoachingSessionContentVersion[];
  modelId: string;
  voiceId: string | null;
  language: SessionLanguage;
  mode: 'text' | 'voice';
  /**
   * The scenario's voice settings at the start (its voice is `voiceId`); absent from sessions started before they
   * existed, which play with `DEFAULT_VOICE_SETTINGS`.
   */
  voiceSettings?: ScenarioVoiceSettings;
};

/** Guests are not accounts: they hold a token for one shared session. */
export type CoachingSessionPlayer = { type: 'user'; userId: string } | { type: 'guest'; guestId: string };

export type CoachingSessionReservation = { reservationId: string; reservedCredits: number; expiresAt: string };

/** What a session is started with, and keeps: who plays what, for how long, at what price, on which reservation. */
export type CoachingSessionSetup = {
  sessionId: string;
  organizationId: string;
  player: CoachingSessionPlayer;
  /** The scenario's name, until renamed. */
  name: string;
  content: CoachingSessionContent;
  /** The scenario's, else the mission's, else the application's cap: the reservation needs a bound. */
  timeLimitSeconds: number;
  /** Learner turns; null: none. */
  turnLimit: number | null;
  creditsPerMinute: number;
  reservation: CoachingSessionReservation;
  /**
   * Private practice (docs/programs.md, "Private practice"): only its player reads it, and it counts for no
   * assignment. Absent from sessions started before it existed, and from every session that is not private.
   */
  private?: boolean;
};

export type CoachingSessionStarted = {
  type: 'CoachingSessionStarted';
  data: CoachingSessionSetup & { status: 'free-speech' | 'in-progress'; startedAt: string };
};

export type CoachingSessionLearnerTurnRecorded = {
  type: 'CoachingSessionLearnerTurnRecorded';
  data: { sessionId: string; turnId: string; text: string; at: string };
};

export type CoachingSessionPersonaTurnRecorded = {
  type: 'CoachingSessionPersonaTurnRecorded';
  data: {
    sessionId: string;
    turnId: string;
    /** The learner turn it answers; null: the persona's opening line. */
    replyTo: string | null;
    /** Without outcome markers: what people see. */
    text: string;
    /** The first marker the reply held, whatever it did to the session (free speech has no win or loss). */
    marker: 'win' | 'loose' | 'end' | null;
    at: string;
  };
};

/**
 * The one ending of a session. It carries what the ledger needs to capture the reservation, so the process manager
 * that settles the credits reads this event alone.
 */
export type CoachingSessionEnded = {
  type: 'CoachingSessionEnded';
  data: {
    sessionId: string;
    organizationId: string;
    status: TerminalCoachingSessionStatus;
    reason: CoachingSessionEndReason;
    usedSeconds: number;
    reservationId: string;
    capturedCredits: number;
    releasedCredits: number;
    endedAt: string;
  };
};

export type CoachingSessionRenamed = {
  type: 'CoachingSessionRenamed';
  data: { sessionId: string; name: string; renamedAt: string };
};

/** The player changed how their voice session speaks or listens: `voiceSettings` is the whole result. */
export type CoachingSessionVoiceSettingsChanged = {
  type: 'CoachingSessionVoiceSettingsChanged';
  data: { sessionId: string; voiceSettings: CoachingSessionVoiceSettings; changedAt: string };
};

export type CoachingSessionDeleted = {
  type: 'CoachingSessionDeleted';
  data: { sessionId: string; deletedBy: string | null; deletedAt: string };
};

export type CoachingSessionEvent =
  | CoachingSessionStarted
  | CoachingSessionLearnerTurnRecorded
  | CoachingSessionPersonaTurnRecorded
  | CoachingSessionEnded
  | CoachingSessionRenamed
  | CoachingSessionVoiceSettingsChanged
  | CoachingSessionDeleted;
