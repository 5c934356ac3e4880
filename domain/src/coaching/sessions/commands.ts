import type { Command } from '../../shared/command.js';
import type { CoachingSessionSetup } from './events.js';
import type { CoachingSessionVoiceSettingsChange } from './voice-settings.js';

/** Sent once the ledger holds the reservation, so a session never plays on credits it does not have. */
export type StartCoachingSession = Command<'StartCoachingSession', CoachingSessionSetup>;

/** `turnId` comes from the client, so a resent turn (dropped socket, retry after a failed reply) is recorded once. */
export type RecordCoachingSessionLearnerTurn = Command<
  'RecordCoachingSessionLearnerTurn',
  { sessionId: string; turnId: string; text: string }
>;

/** Sent only once the provider answered in full: a failed reply is never recorded. `text` still holds its markers. */
export type RecordCoachingSessionPersonaTurn = Command<
  'RecordCoachingSessionPersonaTurn',
  { sessionId: string; turnId: string; replyTo: string | null; text: string }
>;

export type EndCoachingSession = Command<'EndCoachingSession', { sessionId: string }>;

export type AbortCoachingSession = Command<'AbortCoachingSession', { sessionId: string }>;

/** Sent by the timer due at the time limit; an early run does nothing. */
export type ExpireCoachingSessionTimeLimit = Command<'ExpireCoachingSessionTimeLimit', { sessionId: string }>;

/**
 * Sent by the reservation-expiry job before it expires the ledger's hold: it settles a session no runtime ended
 * (the process died with its timer), so the ledger captures instead of releasing everything.
 */
export type ExpireCoachingSessionReservation = Command<'ExpireCoachingSessionReservation', { sessionId: string }>;

export type RenameCoachingSession = Command<'RenameCoachingSession', { sessionId: string; name: string }>;

/** The player's own voice, speed or turn detection; what it leaves out stays as it is. */
export type ChangeCoachingSessionVoiceSettings = Command<
  'ChangeCoachingSessionVoiceSettings',
  { sessionId: string; change: CoachingSessionVoiceSettingsChange }
>;

export type DeleteCoachingSession = Command<'DeleteCoachingSession', { sessionId: string; userId: string | null }>;

export type CoachingSessionCommand =
  | StartCoachingSession
  | RecordCoachingSessionLearnerTurn
  | RecordCoachingSessionPersonaTurn
  | EndCoachingSession
  | AbortCoachingSession
  | ExpireCoachingSessionTimeLimit
  | ExpireCoachingSessionReservation
  | RenameCoachingSession
  | ChangeCoachingSessionVoiceSettings
  | DeleteCoachingSession;
