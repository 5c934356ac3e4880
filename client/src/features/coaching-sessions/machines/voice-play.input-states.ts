import { isTerminalCoachingSessionStatus } from '@ai-coaching/domain';
import { and, enqueueActions, raise } from 'xstate';
import { errorOf } from './retry';
import { voicePlaySetup } from './voice-play.actions';
import { isPersonaSpeaking } from './voice-responses';

// The voice play machine's regions for the learner's input, parallel to the session's: the microphone, push-to-talk
// and typed turns. voice-play.machine.ts composes them.

/** The microphone: opening, open (muted or not), or unavailable until the learner tries again. */
export const microphoneRegion = voicePlaySetup.createStateConfig({
  initial: 'on',
  states: {
    on: {
      invoke: { id: 'capture', src: 'capture' },
      initial: 'opening',
      on: {
        'mic.failed': {
          target: 'unavailable',
          actions: { type: 'setMicrophoneError', params: ({ event }) => ({ code: event.code }) },
        },
      },
      states: {
        opening: { on: { 'mic.opened': 'open' } },
        open: {
          initial: 'unmuted',
          states: {
            unmuted: {
              id: 'voiceUnmuted',
              on: {
                'user.mute': {
                  target: 'muted',
                  actions: { type: 'setMuted', params: { muted: true } },
                },
              },
            },
            muted: {
              on: {
                'user.unmute': { target: 'unmuted', actions: { type: 'setMuted', params: { muted: false } } },
              },
            },
          },
        },
      },
    },
    unavailable: {
      on: {
        'user.retryMicrophone': {
          target: 'on',
          actions: { type: 'setMicrophoneError', params: { code: null } },
        },
      },
    },
  },
});

/** Push-to-talk: idle, or held (frames flow, the release commits the turn). */
export const talkRegion = voicePlaySetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.talkStart': {
          guard: and(['isLive', 'hearsAudio', 'isUnmuted', 'isPushToTalk']),
          target: 'pushing',
        },
      },
    },
    // Frames flow while held; the release ends the turn (voice.commit).
    pushing: {
      entry: [
        // Speaking over the persona is a barge-in.
        enqueueActions(({ context, enqueue }) => {
          if (!isPersonaSpeaking(context)) return;
          enqueue('sendStop');
          enqueue({ type: 'cutResponses', params: { responseId: null } });
          enqueue('flushPlayback');
        }),
        'startPushing',
      ],
      exit: 'stopPushing',
      on: {
        'user.talkEnd': { target: 'idle', actions: 'sendCommit' },
        'user.mute': { target: 'idle', actions: 'sendCommit' },
        'gateway.disconnected': 'idle',
        'CONNECTION.LOST': 'idle',
      },
    },
  },
});

/** A typed turn: idle, sending (the same id until answered), or failed (retried, resent after a drop, discarded). */
export const typingRegion = voicePlaySetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.send': {
          guard: and(['hasDraft', 'isLive']),
          target: 'sending',
          actions: [
            // The gateway stops the persona on a new turn; the rest of its voice is dropped here too.
            enqueueActions(({ context, enqueue }) => {
              if (!isPersonaSpeaking(context)) return;
              enqueue({ type: 'cutResponses', params: { responseId: null } });
              enqueue('flushPlayback');
            }),
            'startTurn',
          ],
        },
      },
    },
    sending: {
      invoke: {
        src: 'sendText',
        input: ({ context }) => {
          const pending = context.pendingTurn;
          if (pending === null) throw new Error('sending needs a pending turn');
          return { sessionId: context.sessionId, turn: { turn_id: pending.id, text: pending.text } };
        },
        onDone: [
          {
            guard: ({ event }) => isTerminalCoachingSessionStatus(event.output.status),
            target: 'idle',
            actions: [
              { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
              // The outcome follows the reply's audio; the answer already says it, in case it is missed.
              raise({ type: 'voice.answeredEnded' }),
            ],
          },
          {
            target: 'idle',
            actions: { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'failTurn', params: errorOf } },
      },
    },
    failed: {
      on: {
        // A drop: the same turn id is sent again once the voice is back, and answered once.
        'voice.live': {
          guard: ({ context }) => context.pendingTurn?.lost === true,
          target: 'sending',
        },
        'user.retry': { guard: 'isLive', target: 'sending', actions: 'clearError' },
        'user.discard': { guard: 'canDiscard', target: 'idle', actions: 'discardTurn' },
      },
    },
  },
});
