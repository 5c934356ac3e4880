import { describe, expect, it } from 'vitest';
import { fold } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CoachingSessionCommand } from './commands.js';
import { coachingSessionDecider } from './decider.js';
import type { CoachingSessionContent, CoachingSessionEvent } from './events.js';
import {
  DEFAULT_VOICE_SETTINGS,
  voiceSettingsAtStart,
  type CoachingSessionVoiceSettings,
  type CoachingSessionVoiceSettingsChange,
} from './voice-settings.js';
import { at, startedWith } from './session-fixtures.js';

// The player's voice settings of their own voice session (docs/voice.md, "Voice settings"; ADR 0017).

const given = DeciderSpecification.for(coachingSessionDecider);

const scenarioSettings = {
  speed: 1.2,
  turnDetection: 'voice_activity',
  silenceMs: 700,
  recognitionModelId: 'whisper',
} as const;
const voiceContent: CoachingSessionContent = {
  scenario: { id: 'sc1', version: 2 },
  persona: { id: 'p1', version: 3 },
  mission: { id: 'm1', version: 1 },
  observers: [{ id: 'o1', version: 4 }],
  modelId: 'model-1',
  voiceId: 'voice-ava',
  language: 'en-GB',
  mode: 'voice',
  voiceSettings: scenarioSettings,
};
const started = startedWith(voiceContent);
const greeted: CoachingSessionEvent = {
  type: 'CoachingSessionPersonaTurnRecorded',
  data: { sessionId: 's1', turnId: 'g', replyTo: null, text: 'Hello.', marker: null, at: at(5) },
};
const playing = [started, greeted];

const change = (settings: CoachingSessionVoiceSettingsChange, seconds = 30): CoachingSessionCommand => ({
  type: 'ChangeCoachingSessionVoiceSettings',
  data: { sessionId: 's1', change: settings },
  metadata: { now: at(seconds) },
});
const changed = (voiceSettings: CoachingSessionVoiceSettings, seconds = 30): CoachingSessionEvent => ({
  type: 'CoachingSessionVoiceSettingsChanged',
  data: { sessionId: 's1', voiceSettings, changedAt: at(seconds) },
});
const atStart: CoachingSessionVoiceSettings = { ...scenarioSettings, voiceId: 'voice-ava' };
const settingsOf = (events: CoachingSessionEvent[]) => {
  const state = fold(coachingSessionDecider, events);
  if (state.status === 'none') throw new Error('no session');
  return state.voiceSettings;
};

describe('Coaching sessions: voice settings', () => {
  it('should start with the scenario’s settings and voice, frozen in the session', () => {
    expect(settingsOf(playing)).toEqual(atStart);
  });

  it('should read a session started before voice settings existed with the defaults', () => {
    const { voiceSettings: _none, ...older } = voiceContent;
    expect(settingsOf([startedWith(older), greeted])).toEqual({ ...DEFAULT_VOICE_SETTINGS, voiceId: 'voice-ava' });
    expect(voiceSettingsAtStart({ voiceId: null })).toEqual({
      voiceId: null,
      speed: 1,
      turnDetection: 'voice_activity',
      silenceMs: 500,
      recognitionModelId: null,
    });
  });

  it('should change what the player names and keep the rest, the author’s silence and recognition included', () => {
    given(playing)
      .when(change({ speed: 0.8, turnDetection: 'push_to_talk' }))
      .then([changed({ ...atStart, speed: 0.8, turnDetection: 'push_to_talk' })]);
    given(playing)
      .when(change({ voiceId: 'voice-brian' }))
      .then([changed({ ...atStart, voiceId: 'voice-brian' })]);
    given(playing)
      .when(change({ voiceId: null }))
      .then([changed({ ...atStart, voiceId: null })]);
  });

  it('should apply the last change, and answer a repeated change with nothing', () => {
    const slower = changed({ ...atStart, speed: 0.8 });
    expect(settingsOf([...playing, slower])).toEqual({ ...atStart, speed: 0.8 });
    given([...playing, slower])
      .when(change({ speed: 0.8 }))
      .thenNothing();
    given(playing)
      .when(change({ speed: 1.2, voiceId: 'voice-ava' }))
      .thenNothing();
    given(playing).when(change({})).thenNothing();
  });

  it('should refuse a text session: it has no voice to set', () => {
    given([startedWith({ ...voiceContent, mode: 'text' }), greeted])
      .when(change({ speed: 1.5 }))
      .thenThrows(ConflictError, isCode('coaching_session_not_voice'));
  });

  it('should refuse an ended session, as turns are, and a deleted or unknown one as missing', () => {
    const ended: CoachingSessionEvent = {
      type: 'CoachingSessionEnded',
      data: {
        sessionId: 's1',
        organizationId: 'org-1',
        status: 'end',
        reason: 'learner_ended',
        usedSeconds: 20,
        reservationId: 'r1',
        capturedCredits: 2,
        releasedCredits: 18,
        endedAt: at(20),
      },
    };
    given([...playing, ended])
      .when(change({ speed: 1.5 }))
      .thenThrows(
        ConflictError,
        (error) => error.code === 'coaching_session_ended' && error.details?.['status'] === 'end',
      );
    const deleted: CoachingSessionEvent = {
      type: 'CoachingSessionDeleted',
      data: { sessionId: 's1', deletedBy: 'ada', deletedAt: at(21) },
    };
    given([...playing, ended, deleted])
      .when(change({ speed: 1.5 }))
      .thenThrows(NotFoundError, isCode('coaching_session_not_found'));
    given([])
      .when(change({ speed: 1.5 }))
      .thenThrows(NotFoundError, isCode('coaching_session_not_found'));
  });

  it('should end the session at its time limit instead of changing a session whose time is up', () => {
    given(playing)
      .when(change({ speed: 1.5 }, 650))
      .then([
        {
          type: 'CoachingSessionEnded',
          data: {
            sessionId: 's1',
            organizationId: 'org-1',
            status: 'end',
            reason: 'time_limit',
            usedSeconds: 600,
            reservationId: 'r1',
            capturedCredits: 20,
            releasedCredits: 0,
            endedAt: at(600),
          },
        },
      ]);
  });

  it('should refuse a speed outside 0.5–2 and an unknown turn detection, naming the field', () => {
    for (const speed of [0.4, 2.1, Number.NaN]) {
      given(playing)
        .when(change({ speed }))
        .thenThrows(
          ValidationError,
          (error) => error.code === 'invalid_coaching_session_voice_speed' && error.details?.['field'] === 'speed',
        );
    }
    given(playing)
      .when(change({ speed: 0.5 }))
      .then([changed({ ...atStart, speed: 0.5 })]);
    given(playing)
      .when(change({ speed: 2 }))
      .then([changed({ ...atStart, speed: 2 })]);
    given(playing)
      .when(change({ turnDetection: 'whenever' as never }))
      .thenThrows(ValidationError, isCode('invalid_coaching_session_turn_detection'));
  });
});
