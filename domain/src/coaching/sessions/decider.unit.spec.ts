import { describe, expect, it } from 'vitest';
import { fold } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CoachingSessionCommand } from './commands.js';
import { coachingSessionDecider, coachingSessionEndsAt } from './decider.js';
import type { CoachingSessionEndReason, CoachingSessionEvent, TerminalCoachingSessionStatus } from './events.js';
import { at, reservation, startedWith, startWith, t0 } from './session-fixtures.js';

const given = DeciderSpecification.for(coachingSessionDecider);
const deadline = at(600);

const content = {
  scenario: { id: 'sc1', version: 2 },
  persona: { id: 'p1', version: 3 },
  mission: { id: 'm1', version: 1 },
  observers: [{ id: 'o1', version: 4 }],
  modelId: 'model-1',
  voiceId: null,
  language: 'en-GB' as const,
  mode: 'text' as const,
};
const start = startWith(content);
const started = startedWith(content);
const freeSpeech: CoachingSessionEvent = {
  ...started,
  data: { ...started.data, content: { ...content, mission: null }, status: 'free-speech', turnLimit: null },
} as CoachingSessionEvent;

const learner = (turnId: string, text: string, seconds: number): CoachingSessionCommand => ({
  type: 'RecordCoachingSessionLearnerTurn',
  data: { sessionId: 's1', turnId, text },
  metadata: { now: at(seconds) },
});
const learnerSaid = (turnId: string, text: string, seconds: number): CoachingSessionEvent => ({
  type: 'CoachingSessionLearnerTurnRecorded',
  data: { sessionId: 's1', turnId, text, at: at(seconds) },
});
const persona = (turnId: string, replyTo: string | null, text: string, seconds: number): CoachingSessionCommand => ({
  type: 'RecordCoachingSessionPersonaTurn',
  data: { sessionId: 's1', turnId, replyTo, text },
  metadata: { now: at(seconds) },
});
const personaSaid = (
  turnId: string,
  replyTo: string | null,
  text: string,
  seconds: number,
  marker: 'win' | 'loose' | 'end' | null = null,
): CoachingSessionEvent => ({
  type: 'CoachingSessionPersonaTurnRecorded',
  data: { sessionId: 's1', turnId, replyTo, text, marker, at: at(seconds) },
});
const endedWith = (
  status: TerminalCoachingSessionStatus,
  reason: CoachingSessionEndReason,
  usedSeconds: number,
  capturedCredits: number,
  endedAt: string,
): CoachingSessionEvent => ({
  type: 'CoachingSessionEnded',
  data: {
    sessionId: 's1',
    organizationId: 'org-1',
    status,
    reason,
    usedSeconds,
    reservationId: 'r1',
    capturedCredits,
    releasedCredits: 20 - capturedCredits,
    endedAt,
  },
});
const command = (type: CoachingSessionCommand['type'], seconds: number): CoachingSessionCommand =>
  ({ type, data: { sessionId: 's1' }, metadata: { now: at(seconds) } }) as CoachingSessionCommand;

/** Started, greeted at 5 s, the learner spoke at 30 s. */
const opened = [started, personaSaid('g', null, 'Hello.', 5), learnerSaid('l1', 'Hi Margaret.', 30)];
/** …and the persona answered at 40 s. */
const playing = [...opened, personaSaid('a1', 'l1', 'Why should I pay more?', 40)];

describe('Coaching sessions', () => {
  describe('start', () => {
    it('should start in progress with the content versions, limits, price and reservation frozen', () => {
      given([]).when(start).then([started]);
      expect(coachingSessionEndsAt({ startedAt: t0, timeLimitSeconds: 600 })).toBe(deadline);
    });

    it('should start a scenario without a mission in free speech', () => {
      given([])
        .when({ ...start, data: { ...start.data, content: { ...content, mission: null }, turnLimit: null } })
        .then([freeSpeech]);
    });

    it('should record a retried start once, and refuse another start under the same id', () => {
      given([started]).when(start).thenNothing();
      given([started])
        .when({ ...start, data: { ...start.data, reservation: { ...reservation, reservationId: 'r2' } } })
        .thenThrows(ConflictError, isCode('coaching_session_exists'));
    });

    it('should refuse a reservation other than the price of the whole time limit, or expiring before it', () => {
      given([])
        .when({ ...start, data: { ...start.data, reservation: { ...reservation, reservedCredits: 18 } } })
        .thenThrows(ValidationError, isCode('coaching_session_reservation_mismatch'));
      given([])
        .when({ ...start, data: { ...start.data, reservation: { ...reservation, expiresAt: deadline } } })
        .thenThrows(ValidationError, isCode('coaching_session_reservation_expiry'));
    });

    it('should refuse limits that are not counts, and an empty name', () => {
      given([])
        .when({ ...start, data: { ...start.data, timeLimitSeconds: 0 } })
        .thenThrows(ValidationError, isCode('invalid_coaching_session_limits'));
      given([])
        .when({ ...start, data: { ...start.data, turnLimit: 1.5 } })
        .thenThrows(ValidationError, isCode('invalid_coaching_session_limits'));
      given([])
        .when({ ...start, data: { ...start.data, name: '  ' } })
        .thenThrows(ValidationError, isCode('invalid_coaching_session_name'));
    });

    it('should record private practice on the start, and keep it in the state', () => {
      const privately = { ...start, data: { ...start.data, private: true } };
      const startedPrivately = { ...started, data: { ...started.data, private: true } } as CoachingSessionEvent;
      given([]).when(privately).then([startedPrivately]);
      const state = fold(coachingSessionDecider, [startedPrivately]);
      expect(state.status !== 'none' && state.private).toBe(true);
    });

    it('should read a start recorded without `private`, and one not asked to be private, as not private', () => {
      given([])
        .when({ ...start, data: { ...start.data, private: false } })
        .then([started]);
      const state = fold(coachingSessionDecider, [started]);
      expect(state.status !== 'none' && state.private === true).toBe(false);
    });

    it('should refuse private practice for a guest: the sharer of the link reads their session', () => {
      given([])
        .when({ ...start, data: { ...start.data, player: { type: 'guest', guestId: 'g1' }, private: true } })
        .thenThrows(ValidationError, isCode('coaching_session_private_guest'));
    });
  });

  describe('turns', () => {
    it('should record the opening, then each learner turn and the reply to it', () => {
      given([started])
        .when(persona('g', null, 'Hello.', 5))
        .then([personaSaid('g', null, 'Hello.', 5)]);
      given([started, personaSaid('g', null, 'Hello.', 5)])
        .when(learner('l1', ' Hi Margaret. ', 30))
        .then([learnerSaid('l1', 'Hi Margaret.', 30)]);
      given(opened)
        .when(persona('a1', 'l1', 'Why should I pay more?', 40))
        .then([personaSaid('a1', 'l1', 'Why should I pay more?', 40)]);
    });

    it('should let the learner speak first when the opening failed', () => {
      given([started])
        .when(learner('l1', 'Hello?', 20))
        .then([learnerSaid('l1', 'Hello?', 20)]);
    });

    it('should record a resent turn once, and refuse its id for another text', () => {
      given(opened)
        .when(learner('l1', 'Hi Margaret.', 31))
        .thenNothing();
      given(opened)
        .when(persona('a1', 'l1', 'Worded differently.', 45))
        .then([personaSaid('a1', 'l1', 'Worded differently.', 45)]);
      given(playing)
        .when(persona('a1', 'l1', 'Worded differently.', 45))
        .thenNothing();
      given(opened)
        .when(learner('l1', 'Something else', 31))
        .thenThrows(ConflictError, isCode('coaching_session_turn_id_reused'));
      given(opened)
        .when(learner('g', 'Hello.', 31))
        .thenThrows(ConflictError, isCode('coaching_session_turn_id_reused'));
    });

    it('should refuse a new learner turn while the last one awaits its reply', () => {
      given(opened)
        .when(learner('l2', 'Are you there?', 50))
        .thenThrows(
          ConflictError,
          (error) => error.code === 'coaching_session_awaiting_reply' && error.details?.['turn_id'] === 'l1',
        );
    });

    it('should refuse a reply to anything but the learner turn awaiting one', () => {
      given(playing)
        .when(persona('a2', 'l1', 'Again?', 50))
        .thenThrows(ConflictError, isCode('coaching_session_turn_out_of_order'));
      given(opened)
        .when(persona('g2', null, 'Hello again.', 50))
        .thenThrows(ConflictError, isCode('coaching_session_turn_out_of_order'));
    });

    it('should refuse an empty turn', () => {
      given(playing)
        .when(learner('l2', '   ', 50))
        .thenThrows(ValidationError, isCode('coaching_session_turn_empty'));
    });
  });

  describe('outcome markers', () => {
    const cases = [
      ['Deal. [[WIN]]', 'win'],
      ['Deal. #-WIN-#', 'win'],
      ['Goodbye. [[LOSE]]', 'loose'],
      ['Let us stop here. [[END]]', 'end'],
    ] as const;
    for (const [reply, status] of cases) {
      it(`should end with ${status} on "${reply}", and keep the reply without its marker`, () => {
        const text = reply.replace(/\s*(\[\[\w+\]\]|#-WIN-#)$/, '');
        given(opened)
          .when(persona('a1', 'l1', reply, 70))
          .then([personaSaid('a1', 'l1', text, 70, status), endedWith(status, 'marker', 70, 4, at(70))]);
      });
    }

    it('should let the first marker decide, and remove them all', () => {
      given(opened)
        .when(persona('a1', 'l1', 'No. [[LOSE]] [[WIN]] [[LOSE]]', 70))
        .then([personaSaid('a1', 'l1', 'No.', 70, 'loose'), endedWith('loose', 'marker', 70, 4, at(70))]);
    });

    it('should end a free-speech session with end whatever the marker: there is no mission to win or lose', () => {
      const free = [freeSpeech, personaSaid('g', null, 'Hello.', 5), learnerSaid('l1', 'Bye!', 30)];
      given(free)
        .when(persona('a1', 'l1', 'Bye. [[WIN]]', 40))
        .then([personaSaid('a1', 'l1', 'Bye.', 40, 'win'), endedWith('end', 'marker', 40, 2, at(40))]);
    });

    it('should record a reply that is only a marker with an empty text', () => {
      given(opened)
        .when(persona('a1', 'l1', '[[END]]', 70))
        .then([personaSaid('a1', 'l1', '', 70, 'end'), endedWith('end', 'marker', 70, 4, at(70))]);
    });

    it('should keep a terminal status: later turns are refused, End, Abort and the timers do nothing', () => {
      const won = [...opened, personaSaid('a1', 'l1', 'Deal.', 70, 'win'), endedWith('win', 'marker', 70, 4, at(70))];
      expect(fold(coachingSessionDecider, won)).toMatchObject({ status: 'win', ending: { capturedCredits: 4 } });
      given(won)
        .when(learner('l2', 'Thanks!', 80))
        .thenThrows(
          ConflictError,
          (error) => error.code === 'coaching_session_ended' && error.details?.['status'] === 'win',
        );
      given(won)
        .when(persona('x', 'l1', 'Hm.', 80))
        .thenThrows(ConflictError, isCode('coaching_session_ended'));
      given(won)
        .when(learner('l1', 'Hi Margaret.', 80))
        .thenNothing();
      for (const type of [
        'EndCoachingSession',
        'AbortCoachingSession',
        'ExpireCoachingSessionTimeLimit',
        'ExpireCoachingSessionReservation',
      ] as const) {
        given(won).when(command(type, 1000)).thenNothing();
      }
    });
  });

  describe('limits', () => {
    const third = [
      ...playing,
      learnerSaid('l2', 'Because of the service.', 60),
      personaSaid('a2', 'l2', 'Go on.', 70),
      learnerSaid('l3', 'And the quality.', 100),
    ];

    it('should end with end once the persona has answered the last allowed learner turn', () => {
      given(third)
        .when(persona('a3', 'l3', 'Thank you for your time.', 130))
        .then([
          personaSaid('a3', 'l3', 'Thank you for your time.', 130),
          endedWith('end', 'turn_limit', 130, 6, at(130)),
        ]);
    });

    it('should count a win on the last allowed turn as a win', () => {
      given(third)
        .when(persona('a3', 'l3', 'Agreed. [[WIN]]', 130))
        .then([personaSaid('a3', 'l3', 'Agreed.', 130, 'win'), endedWith('win', 'marker', 130, 6, at(130))]);
    });

    it('should end at the time limit instead of recording a turn that comes later, charging the whole limit', () => {
      const timeUp = endedWith('end', 'time_limit', 600, 20, deadline);
      given(playing)
        .when(learner('l2', 'One more thing.', 600))
        .then([timeUp]);
      given(opened)
        .when(persona('a1', 'l1', 'Deal. [[WIN]]', 605))
        .then([timeUp]);
      given(playing).when(command('EndCoachingSession', 700)).then([timeUp]);
    });

    it('should let the time-limit timer end the session at the limit, and do nothing when it runs early', () => {
      given(playing).when(command('ExpireCoachingSessionTimeLimit', 599)).thenNothing();
      given(playing)
        .when(command('ExpireCoachingSessionTimeLimit', 601))
        .then([endedWith('end', 'time_limit', 600, 20, deadline)]);
    });
  });

  describe('endings and charges', () => {
    it('should end on the learner’s End, charging every started minute', () => {
      given(playing)
        .when(command('EndCoachingSession', 61))
        .then([endedWith('end', 'learner_ended', 61, 4, at(61))]);
      given(playing)
        .when(command('EndCoachingSession', 60.9))
        .then([endedWith('end', 'learner_ended', 60, 2, at(60.9))]);
    });

    it('should abort at any time, charged like an end for the time used', () => {
      given(playing)
        .when(command('AbortCoachingSession', 200))
        .then([endedWith('abort', 'learner_aborted', 200, 8, at(200))]);
    });

    it('should charge nothing when the persona never spoke', () => {
      given([started])
        .when(command('AbortCoachingSession', 90))
        .then([endedWith('abort', 'learner_aborted', 90, 0, at(90))]);
    });

    it('should do nothing on a second End or Abort', () => {
      const endedByLearner = [...playing, endedWith('end', 'learner_ended', 61, 4, at(61))];
      given(endedByLearner).when(command('EndCoachingSession', 62)).thenNothing();
      given(endedByLearner).when(command('AbortCoachingSession', 62)).thenNothing();
    });

    it('should settle an abandoned session at its reservation expiry, charging up to its last turn', () => {
      given(playing).when(command('ExpireCoachingSessionReservation', 899)).thenNothing();
      given(playing)
        .when(command('ExpireCoachingSessionReservation', 900))
        .then([endedWith('end', 'expired', 40, 2, at(40))]);
      given([started])
        .when(command('ExpireCoachingSessionReservation', 1000))
        .then([endedWith('end', 'expired', 0, 0, t0)]);
    });
  });

  describe('rename and delete', () => {
    const rename = (name: string): CoachingSessionCommand => ({
      type: 'RenameCoachingSession',
      data: { sessionId: 's1', name },
      metadata: { now: at(700) },
    });
    const remove: CoachingSessionCommand = {
      type: 'DeleteCoachingSession',
      data: { sessionId: 's1', userId: 'ada' },
      metadata: { now: at(120) },
    };
    const deleted: CoachingSessionEvent = {
      type: 'CoachingSessionDeleted',
      data: { sessionId: 's1', deletedBy: 'ada', deletedAt: at(120) },
    };
    const endedByLearner = [...playing, endedWith('end', 'learner_ended', 61, 4, at(61))];

    it('should rename a session, ended or not, once', () => {
      given(endedByLearner)
        .when(rename(' First try '))
        .then([{ type: 'CoachingSessionRenamed', data: { sessionId: 's1', name: 'First try', renamedAt: at(700) } }]);
      given(playing).when(rename('Hold the price')).thenNothing();
      given(playing).when(rename('')).thenThrows(ValidationError, isCode('invalid_coaching_session_name'));
    });

    it('should delete an ended session once', () => {
      given(endedByLearner).when(remove).then([deleted]);
      given([...endedByLearner, deleted])
        .when(remove)
        .thenNothing();
    });

    it('should abort a session still playing before deleting it, so its reservation is settled', () => {
      given(playing)
        .when(remove)
        .then([endedWith('abort', 'deleted', 120, 4, at(120)), deleted]);
    });

    it('should refuse everything on a deleted session, and leave nothing for its jobs to do', () => {
      const gone = [...endedByLearner, deleted];
      given(gone).when(rename('Again')).thenThrows(NotFoundError, isCode('coaching_session_not_found'));
      given(gone)
        .when(learner('l9', 'Hello?', 130))
        .thenThrows(NotFoundError, isCode('coaching_session_not_found'));
      given(gone)
        .when(command('EndCoachingSession', 130))
        .thenThrows(NotFoundError, isCode('coaching_session_not_found'));
      given(gone).when(start).thenThrows(ConflictError, isCode('coaching_session_exists'));
      given(gone).when(command('ExpireCoachingSessionReservation', 1000)).thenNothing();
    });

    it('should not find a session that was never started', () => {
      given([])
        .when(learner('l1', 'Hi', 1))
        .thenThrows(NotFoundError, isCode('coaching_session_not_found'));
      given([]).when(remove).thenThrows(NotFoundError, isCode('coaching_session_not_found'));
      given([]).when(command('ExpireCoachingSessionTimeLimit', 1000)).thenNothing();
    });
  });
});
