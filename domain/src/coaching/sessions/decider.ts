import { findOutcomeMarker } from '../../ai/vocabulary.js';
import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import { sessionPriceCredits } from '../pricing/session-price.js';
import type {
  ChangeCoachingSessionVoiceSettings,
  CoachingSessionCommand,
  DeleteCoachingSession,
  RecordCoachingSessionLearnerTurn,
  RecordCoachingSessionPersonaTurn,
  StartCoachingSession,
} from './commands.js';
import {
  COACHING_SESSION_NAME_MAX,
  isTerminalCoachingSessionStatus,
  type CoachingSessionSetup,
  type CoachingSessionEndReason,
  type CoachingSessionEvent,
  type CoachingSessionStatus,
  type TerminalCoachingSessionStatus,
} from './events.js';
import {
  isVoiceSpeed,
  isVoiceTurnDetection,
  sameVoiceSettings,
  voiceSettingsAtStart,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  type CoachingSessionVoiceSettings,
} from './voice-settings.js';

export type CoachingSessionTurn = {
  turnId: string;
  role: 'learner' | 'persona';
  text: string;
  replyTo: string | null;
  at: string;
};

export type ExistingCoachingSession = CoachingSessionSetup & {
  status: Exclude<CoachingSessionStatus, ''>;
  deleted: boolean;
  startedAt: string;
  turns: CoachingSessionTurn[];
  /** The learner turn the persona has not answered yet: the application asks the provider again for it. */
  awaitingReplyTo: string | null;
  ending: { reason: CoachingSessionEndReason; usedSeconds: number; capturedCredits: number; endedAt: string } | null;
  /** What the voice plays with now: the scenario's at the start, as the player last changed them. */
  voiceSettings: CoachingSessionVoiceSettings;
};

export type CoachingSessionState = { status: 'none' } | ExistingCoachingSession;

const MS = 1000;

/** When the time limit ends the session: the timer's due time and the clock the learner sees. */
export const coachingSessionEndsAt = (session: Pick<ExistingCoachingSession, 'startedAt' | 'timeLimitSeconds'>) =>
  new Date(Date.parse(session.startedAt) + session.timeLimitSeconds * MS).toISOString();

const timeIsUp = (session: ExistingCoachingSession, now: string) =>
  Date.parse(now) >= Date.parse(coachingSessionEndsAt(session));

/** Whole seconds, so a fraction of a second never starts a paid minute; never past the time limit. */
const usedSecondsAt = (session: ExistingCoachingSession, at: string) =>
  Math.min(session.timeLimitSeconds, Math.max(0, Math.floor((Date.parse(at) - Date.parse(session.startedAt)) / MS)));

const notFound = () => new NotFoundError('coaching_session_not_found', 'This session does not exist.');

const found = (state: CoachingSessionState): ExistingCoachingSession => {
  if (state.status === 'none' || state.deleted) throw notFound();
  return state;
};

const ended = (session: ExistingCoachingSession) =>
  new ConflictError('coaching_session_ended', `This session has already ended (${session.status}).`, {
    status: session.status,
  });

/**
 * Charging is by time, every started minute, and never past the reservation. A session the persona never spoke in
 * delivered nothing (its opening failed, or the process died first), so it is free.
 */
const ending = (
  session: ExistingCoachingSession,
  outcome: { status: TerminalCoachingSessionStatus; reason: CoachingSessionEndReason },
  time: { usedSeconds: number; endedAt: string },
  personaSpoke = session.turns.some((turn) => turn.role === 'persona'),
): CoachingSessionEvent => {
  const { reservationId, reservedCredits } = session.reservation;
  const capturedCredits = personaSpoke
    ? Math.min(reservedCredits, sessionPriceCredits(session.creditsPerMinute, time.usedSeconds))
    : 0;
  return {
    type: 'CoachingSessionEnded',
    data: {
      sessionId: session.sessionId,
      organizationId: session.organizationId,
      status: outcome.status,
      reason: outcome.reason,
      usedSeconds: time.usedSeconds,
      reservationId,
      capturedCredits,
      releasedCredits: reservedCredits - capturedCredits,
      endedAt: time.endedAt,
    },
  };
};

/** The session stopped at its limit whenever a command noticed, so it ends then and is charged the whole limit. */
const timeLimitEnding = (session: ExistingCoachingSession) =>
  ending(
    session,
    { status: 'end', reason: 'time_limit' },
    { usedSeconds: session.timeLimitSeconds, endedAt: coachingSessionEndsAt(session) },
  );

const endingNow = (
  session: ExistingCoachingSession,
  status: TerminalCoachingSessionStatus,
  reason: CoachingSessionEndReason,
  now: string,
) => ending(session, { status, reason }, { usedSeconds: usedSecondsAt(session, now), endedAt: now });

const validName = (raw: string): string =>
  boundedText(raw, COACHING_SESSION_NAME_MAX, {
    code: 'invalid_coaching_session_name',
    message: `A session name has 1 to ${COACHING_SESSION_NAME_MAX} characters.`,
    details: { field: 'name' },
  });

const isCount = (value: number, min: number) => Number.isInteger(value) && value >= min;

const start = ({ data, metadata }: StartCoachingSession, state: CoachingSessionState): CoachingSessionEvent[] => {
  if (state.status !== 'none') {
    // The same reservation is the same start retried; anything else reuses an id.
    if (!state.deleted && state.reservation.reservationId === data.reservation.reservationId) return [];
    throw new ConflictError('coaching_session_exists', 'This session already exists.');
  }
  const name = validName(data.name);
  // A guest's session is read by the sharer of its link: it has nobody to be private from.
  if (data.private === true && data.player.type !== 'user') {
    throw new ValidationError('coaching_session_private_guest', 'A guest’s session cannot be private practice.', {
      field: 'private',
    });
  }
  if (
    !isCount(data.timeLimitSeconds, 1) ||
    (data.turnLimit !== null && !isCount(data.turnLimit, 1)) ||
    !isCount(data.creditsPerMinute, 0)
  ) {
    throw new ValidationError(
      'invalid_coaching_session_limits',
      'A session needs a time limit of at least a second, a turn limit of at least one turn or none, and a whole price.',
    );
  }
  const price = sessionPriceCredits(data.creditsPerMinute, data.timeLimitSeconds);
  if (data.reservation.reservedCredits !== price) {
    throw new ValidationError(
      'coaching_session_reservation_mismatch',
      `A session reserves its price for the whole time limit: ${price} credits.`,
      { price, reserved: data.reservation.reservedCredits },
    );
  }
  // The ledger releases a hold at its expiry: earlier, the learner would play on credits no longer held.
  const endsAt = Date.parse(metadata.now) + data.timeLimitSeconds * MS;
  if (!(Date.parse(data.reservation.expiresAt) > endsAt)) {
    throw new ValidationError(
      'coaching_session_reservation_expiry',
      'A session’s reservation expires after its time limit.',
      { field: 'expiresAt' },
    );
  }
  return [
    {
      type: 'CoachingSessionStarted',
      data: {
        sessionId: data.sessionId,
        organizationId: data.organizationId,
        player: data.player,
        name,
        content: data.content,
        status: data.content.mission === null ? 'free-speech' : 'in-progress',
        timeLimitSeconds: data.timeLimitSeconds,
        turnLimit: data.turnLimit,
        creditsPerMinute: data.creditsPerMinute,
        reservation: data.reservation,
        startedAt: metadata.now,
        ...(data.private === true ? { private: true } : {}),
      },
    },
  ];
};

const emptyTurn = () => new ValidationError('coaching_session_turn_empty', 'A turn says something.', { field: 'text' });

const turnIdReused = (turnId: string) =>
  new ConflictError('coaching_session_turn_id_reused', 'This turn id was already used for another turn.', {
    turn_id: turnId,
  });

const learnerTurn = (
  { data, metadata }: RecordCoachingSessionLearnerTurn,
  state: CoachingSessionState,
): CoachingSessionEvent[] => {
  const session = found(state);
  const text = data.text.trim();
  if (text.length === 0) throw emptyTurn();
  const recorded = session.turns.find((turn) => turn.turnId === data.turnId);
  if (recorded) {
    // Answered, not refused, even once the session has ended: a resent turn must not look like a new one.
    if (recorded.role !== 'learner' || recorded.text !== text) throw turnIdReused(data.turnId);
    return [];
  }
  if (isTerminalCoachingSessionStatus(session.status)) throw ended(session);
  if (timeIsUp(session, metadata.now)) return [timeLimitEnding(session)];
  // The persona answers every learner turn once; a failed reply is retried with the same turn id.
  if (session.awaitingReplyTo !== null) {
    throw new ConflictError(
      'coaching_session_awaiting_reply',
      'The persona has not answered your last turn yet: send it again to retry.',
      { turn_id: session.awaitingReplyTo },
    );
  }
  return [
    {
      type: 'CoachingSessionLearnerTurnRecorded',
      data: { sessionId: session.sessionId, turnId: data.turnId, text, at: metadata.now },
    },
  ];
};

/** The first marker decides; every marker is removed, so none reaches the people who read the transcript. */
const withoutMarkers = (raw: string) => {
  const first = findOutcomeMarker(raw);
  let text = first.text;
  for (let next = findOutcomeMarker(text); next.outcome; next = findOutcomeMarker(text)) text = next.text;
  return { marker: first.outcome ?? null, text: text.trim() };
};

const personaTurn = (
  { data, metadata }: RecordCoachingSessionPersonaTurn,
  state: CoachingSessionState,
): CoachingSessionEvent[] => {
  const session = found(state);
  if (data.text.trim().length === 0) throw emptyTurn();
  const recorded = session.turns.find((turn) => turn.turnId === data.turnId);
  if (recorded) {
    // Two runs of one reply may word it differently: the first recorded one is what the learner was shown.
    if (recorded.role !== 'persona' || recorded.replyTo !== data.replyTo) throw turnIdReused(data.turnId);
    return [];
  }
  if (isTerminalCoachingSessionStatus(session.status)) throw ended(session);
  if (timeIsUp(session, metadata.now)) return [timeLimitEnding(session)];
  const inOrder =
    session.awaitingReplyTo === null
      ? data.replyTo === null && session.turns.length === 0
      : data.replyTo === session.awaitingReplyTo;
  if (!inOrder) {
    throw new ConflictError(
      'coaching_session_turn_out_of_order',
      'The persona answers the last learner turn, or opens a conversation nobody has spoken in.',
      { reply_to: data.replyTo, awaiting_reply_to: session.awaitingReplyTo },
    );
  }
  const { marker, text } = withoutMarkers(data.text);
  const events: CoachingSessionEvent[] = [
    {
      type: 'CoachingSessionPersonaTurnRecorded',
      data: {
        sessionId: session.sessionId,
        turnId: data.turnId,
        replyTo: data.replyTo,
        text,
        marker,
        at: metadata.now,
      },
    },
  ];
  const learnerTurns = session.turns.filter((turn) => turn.role === 'learner').length;
  const time = { usedSeconds: usedSecondsAt(session, metadata.now), endedAt: metadata.now };
  if (marker !== null) {
    // Free speech has no mission to win or lose, but the persona has closed the conversation.
    const status = session.status === 'free-speech' ? 'end' : marker;
    events.push(ending(session, { status, reason: 'marker' }, time, true));
  } else if (session.turnLimit !== null && learnerTurns >= session.turnLimit) {
    // Checked after the marker: a win on the last allowed turn is a win.
    events.push(ending(session, { status: 'end', reason: 'turn_limit' }, time, true));
  }
  return events;
};

/** End, Abort and the timers arrive late or twice by nature: on an ended session they have nothing left to do. */
const stop = (
  state: CoachingSessionState,
  now: string,
  status: 'end' | 'abort',
  reason: 'learner_ended' | 'learner_aborted',
): CoachingSessionEvent[] => {
  const session = found(state);
  if (isTerminalCoachingSessionStatus(session.status)) return [];
  if (timeIsUp(session, now)) return [timeLimitEnding(session)];
  return [endingNow(session, status, reason, now)];
};

/** A job's command: "nothing to do" rather than an error the queue would retry forever. */
const live = (state: CoachingSessionState): ExistingCoachingSession | null =>
  state.status === 'none' || state.deleted || isTerminalCoachingSessionStatus(state.status) ? null : state;

/**
 * No runtime served the session after its last turn (else its timer would have ended it), so the learner could not
 * have played past it: that is where its time stops.
 */
const expireReservation = (state: CoachingSessionState, now: string): CoachingSessionEvent[] => {
  const session = live(state);
  if (session === null || Date.parse(now) < Date.parse(session.reservation.expiresAt)) return [];
  const lastAt = session.turns.at(-1)?.at ?? session.startedAt;
  return [
    ending(
      session,
      { status: 'end', reason: 'expired' },
      { usedSeconds: usedSecondsAt(session, lastAt), endedAt: lastAt },
    ),
  ];
};

const remove = ({ data, metadata }: DeleteCoachingSession, state: CoachingSessionState): CoachingSessionEvent[] => {
  if (state.status !== 'none' && state.deleted) return [];
  const session = found(state);
  const events: CoachingSessionEvent[] = [];
  // A session is settled before it goes, so its reservation is never left for the expiry to release unpaid.
  if (!isTerminalCoachingSessionStatus(session.status)) {
    events.push(
      timeIsUp(session, metadata.now) ? timeLimitEnding(session) : endingNow(session, 'abort', 'deleted', metadata.now),
    );
  }
  events.push({
    type: 'CoachingSessionDeleted',
    data: { sessionId: session.sessionId, deletedBy: data.userId, deletedAt: metadata.now },
  });
  return events;
};

/**
 * The player's voice, speed or turn detection. Only a voice session has them, and only while it plays; the same
 * settings again change nothing, so a resent request is answered as the first.
 */
const changeVoiceSettings = (
  { data, metadata }: ChangeCoachingSessionVoiceSettings,
  state: CoachingSessionState,
): CoachingSessionEvent[] => {
  const session = found(state);
  if (session.content.mode !== 'voice') {
    throw new ConflictError('coaching_session_not_voice', 'This session is played by text: it has no voice settings.');
  }
  if (isTerminalCoachingSessionStatus(session.status)) throw ended(session);
  if (timeIsUp(session, metadata.now)) return [timeLimitEnding(session)];
  const { voiceId, speed, turnDetection } = data.change;
  if (speed !== undefined && !isVoiceSpeed(speed)) {
    throw new ValidationError(
      'invalid_coaching_session_voice_speed',
      `A voice speed is from ${VOICE_SPEED_MIN} to ${VOICE_SPEED_MAX}.`,
      { field: 'speed', min: VOICE_SPEED_MIN, max: VOICE_SPEED_MAX },
    );
  }
  if (turnDetection !== undefined && !isVoiceTurnDetection(turnDetection)) {
    throw new ValidationError(
      'invalid_coaching_session_turn_detection',
      'Turn detection is voice_activity or push_to_talk.',
      { field: 'turnDetection' },
    );
  }
  const next: CoachingSessionVoiceSettings = {
    ...session.voiceSettings,
    ...(voiceId === undefined ? {} : { voiceId }),
    ...(speed === undefined ? {} : { speed }),
    ...(turnDetection === undefined ? {} : { turnDetection }),
  };
  if (sameVoiceSettings(next, session.voiceSettings)) return [];
  return [
    {
      type: 'CoachingSessionVoiceSettingsChanged',
      data: { sessionId: session.sessionId, voiceSettings: next, changedAt: metadata.now },
    },
  ];
};

/** One session, stream `coachingSessionStreamId(sessionId)`: its frozen content, its transcript and its one ending. */
export const coachingSessionDecider: Decider<CoachingSessionCommand, CoachingSessionEvent, CoachingSessionState> = {
  decide: decideByType({
    StartCoachingSession: start,
    RecordCoachingSessionLearnerTurn: learnerTurn,
    RecordCoachingSessionPersonaTurn: personaTurn,
    EndCoachingSession: (command, state) => stop(state, command.metadata.now, 'end', 'learner_ended'),
    AbortCoachingSession: (command, state) => stop(state, command.metadata.now, 'abort', 'learner_aborted'),
    ExpireCoachingSessionTimeLimit: (command, state) => {
      const session = live(state);
      return session !== null && timeIsUp(session, command.metadata.now) ? [timeLimitEnding(session)] : [];
    },
    ExpireCoachingSessionReservation: (command, state) => expireReservation(state, command.metadata.now),
    RenameCoachingSession: (command, state) => {
      const session = found(state);
      const name = validName(command.data.name);
      return name === session.name
        ? []
        : [
            {
              type: 'CoachingSessionRenamed',
              data: { sessionId: session.sessionId, name, renamedAt: command.metadata.now },
            },
          ];
    },
    ChangeCoachingSessionVoiceSettings: changeVoiceSettings,
    DeleteCoachingSession: remove,
  }),
  evolve(state, event) {
    if (event.type === 'CoachingSessionStarted') {
      const { data } = event;
      return {
        status: data.status,
        deleted: false,
        sessionId: data.sessionId,
        organizationId: data.organizationId,
        player: data.player,
        name: data.name,
        content: data.content,
        timeLimitSeconds: data.timeLimitSeconds,
        turnLimit: data.turnLimit,
        creditsPerMinute: data.creditsPerMinute,
        reservation: data.reservation,
        startedAt: data.startedAt,
        ...(data.private === true ? { private: true } : {}),
        turns: [],
        awaitingReplyTo: null,
        ending: null,
        voiceSettings: voiceSettingsAtStart(data.content),
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CoachingSessionLearnerTurnRecorded': {
        const { turnId, text, at } = event.data;
        return {
          ...state,
          turns: [...state.turns, { turnId, role: 'learner', text, replyTo: null, at }],
          awaitingReplyTo: turnId,
        };
      }
      case 'CoachingSessionPersonaTurnRecorded': {
        const { turnId, text, replyTo, at } = event.data;
        return {
          ...state,
          turns: [...state.turns, { turnId, role: 'persona', text, replyTo, at }],
          awaitingReplyTo: null,
        };
      }
      case 'CoachingSessionEnded': {
        const { status, reason, usedSeconds, capturedCredits, endedAt } = event.data;
        return { ...state, status, ending: { reason, usedSeconds, capturedCredits, endedAt } };
      }
      case 'CoachingSessionRenamed':
        return { ...state, name: event.data.name };
      case 'CoachingSessionVoiceSettingsChanged':
        return { ...state, voiceSettings: event.data.voiceSettings };
      case 'CoachingSessionDeleted':
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
  initialState: () => ({ status: 'none' }),
};
