import type { VoiceStartAnswer, VoiceTextAnswer } from '@ai-coaching/contracts';
import { and, assign, fromPromise, not, or, raise, sendTo, type ActorRefFrom } from 'xstate';
import type { PlaySession } from './play-types';
import { retrying } from './retry';
import { lineOfTurn, voicePlaySetup } from './voice-play.actions';
import { captureActor, listenActor, playbackActor } from './voice-play.devices';
import { microphoneRegion, talkRegion, typingRegion } from './voice-play.input-states';
import type { PlaybackCommand, PlaybackReport, VoicePlayContext, VoicePlayDeps, VoiceTurn } from './voice-play.types';
import { flushReports, progressReports } from './voice-responses';

// The voice play screen (issue 14 §4; docs/voice.md "Browser voice screen"): the `voice` state of the play-session
// machine runs this machine over the gateway's voice protocol. The socket, the microphone's capture and the playback
// are injected, so the turn flow, barge-in, push-to-talk, mute and reconnects are tested without a browser. Its
// types are in voice-play.types.ts, its guards and actions in voice-play.actions.ts, the learner's input regions in
// voice-play.input-states.ts and the device actors in voice-play.devices.ts.

const sessionIdOf = ({ context }: { context: VoicePlayContext }) => ({ sessionId: context.sessionId });
const answerOf = ({ event }: { event: { output: VoiceStartAnswer } }) => ({ answer: event.output });

export const voicePlayMachine = voicePlaySetup.createMachine({
  id: 'voicePlay',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    createTurnId: input.createTurnId ?? (() => crypto.randomUUID()),
    answer: null,
    recording: false,
    lines: input.turns.map(lineOfTurn),
    draft: '',
    pendingTurn: null,
    responses: {},
    inputMode: 'voice_activity',
    pushing: false,
    learnerVoice: false,
    level: 0,
    microphoneError: null,
    soundBlocked: false,
    playbackFailed: false,
    audioSeq: 0,
    error: null,
    status: null,
    attempts: 0,
  }),
  output: ({ context }) => ({ status: context.status, lines: context.lines }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: [
        { id: 'listen', src: 'listen', input: ({ context }) => ({ sessionId: context.sessionId }) },
        { id: 'playback', src: 'playback' },
      ],
      on: {
        'gateway.audio': {
          // A stopped response's chunks still on their way are dropped.
          guard: ({ context, event }) => context.responses[event.header.response_id]?.cut !== true,
          actions: [
            {
              type: 'addReceived',
              params: ({ event }) => ({ responseId: event.header.response_id, samples: event.pcm.length }),
            },
            { type: 'playChunk', params: ({ event }) => ({ responseId: event.header.response_id, pcm: event.pcm }) },
          ],
        },
        'gateway.responseDone': {
          actions: [
            { type: 'markDone', params: ({ event }) => ({ responseId: event.done.response_id }) },
            'drainPlayback',
          ],
        },
        'gateway.transcript': {
          actions: { type: 'showTranscript', params: ({ event }) => ({ transcript: event.transcript }) },
        },
        'gateway.error': {
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: { code: event.error.code, message: event.error.message, status: null } }),
          },
        },
        // The gateway decided the learner barged in: playback stops now and says what was heard.
        'gateway.playbackStop': {
          actions: [
            { type: 'cutResponses', params: ({ event }) => ({ responseId: event.stop.response_id }) },
            'flushPlayback',
          ],
        },
        'gateway.speech': {
          actions: { type: 'setLearnerVoice', params: ({ event }) => ({ speaking: event.speech.state === 'started' }) },
        },
        'playback.progress': {
          actions: [
            {
              type: 'reportPlayback',
              params: ({ context, event }) => ({ reports: progressReports(context.responses, event.played) }),
            },
            {
              type: 'recordPlayed',
              params: ({ context, event }) => ({ reports: progressReports(context.responses, event.played) }),
            },
          ],
        },
        'playback.flushed': {
          actions: [
            {
              type: 'reportPlayback',
              params: ({ context, event }) => ({ reports: flushReports(context.responses, event.played) }),
            },
            {
              type: 'recordFlushed',
              params: ({ context, event }) => ({ reports: flushReports(context.responses, event.played) }),
            },
          ],
        },
        'playback.blocked': { actions: assign({ soundBlocked: true }) },
        'playback.unblocked': { actions: assign({ soundBlocked: false }) },
        'playback.failed': { actions: assign({ playbackFailed: true, soundBlocked: false }) },
        'user.enableSound': { actions: sendTo('playback', { type: 'resume' } satisfies PlaybackCommand) },
        'mic.level': { actions: { type: 'setLevel', params: ({ event }) => ({ level: event.level }) } },
        'mic.frame': {
          guard: and([
            'isLive',
            'hearsAudio',
            'isUnmuted',
            // Push-to-talk: only while the button is held; hands-free: always, the gateway hears turns end.
            or([not('isPushToTalk'), 'isPushing']),
          ]),
          actions: [
            { type: 'sendAudio', params: ({ context, event }) => ({ seq: context.audioSeq, frame: event.frame }) },
            'countFrame',
          ],
        },
        'user.type': { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
        'user.inputMode': { actions: { type: 'setInputMode', params: ({ event }) => ({ mode: event.mode }) } },
      },
      states: {
        session: {
          initial: 'connecting',
          states: {
            connecting: {
              initial: 'starting',
              states: retrying(
                'starting',
                {
                  src: 'start',
                  input: sessionIdOf,
                  onDone: [
                    {
                      guard: { type: 'startSaysEnded', params: answerOf },
                      target: '#voiceDraining',
                      actions: { type: 'applyStart', params: answerOf },
                    },
                    { target: '#voiceLive', actions: { type: 'applyStart', params: answerOf } },
                  ],
                },
                { orElse: '#voicePlay.active.session.failed', wakeOn: ['gateway.connected', 'CONNECTION.RESTORED'] },
              ),
            },
            live: {
              id: 'voiceLive',
              entry: raise({ type: 'voice.live' }),
              initial: 'listening',
              on: {
                'gateway.disconnected': 'reconnecting',
                'CONNECTION.LOST': 'reconnecting',
                'user.settingsChanged': 'connecting',
                'gateway.outcome': {
                  target: '#voiceDraining',
                  actions: { type: 'setStatus', params: ({ event }) => ({ status: event.outcome.status }) },
                },
                'voice.answeredEnded': 'closing',
              },
              states: {
                // Which of the three is derived from what is heard and played: the screen shows it.
                listening: {
                  always: [
                    { guard: 'isLearnerSpeaking', target: 'learnerSpeaking' },
                    { guard: 'isPersonaSpeaking', target: 'personaSpeaking' },
                  ],
                },
                learnerSpeaking: {
                  always: { guard: not('isLearnerSpeaking'), target: 'listening' },
                },
                personaSpeaking: {
                  always: [
                    { guard: 'isLearnerSpeaking', target: 'learnerSpeaking' },
                    { guard: not('isPersonaSpeaking'), target: 'listening' },
                  ],
                  on: {
                    // The learner stops the persona: the gateway stops sending, playback drops the rest.
                    'user.stop': {
                      actions: ['sendStop', { type: 'cutResponses', params: { responseId: null } }, 'flushPlayback'],
                    },
                  },
                },
              },
            },
            reconnecting: {
              entry: ['resetAttempts', 'stopPushing', { type: 'setLearnerVoice', params: { speaking: false } }],
              initial: 'starting',
              states: {
                ...retrying(
                  'starting',
                  {
                    src: 'start',
                    input: sessionIdOf,
                    onDone: { target: 'reloading', actions: { type: 'applyStart', params: answerOf } },
                  },
                  { orElse: '#voicePlay.active.session.failed', wakeOn: ['gateway.connected', 'CONNECTION.RESTORED'] },
                ),
                // Nothing is replayed: the turns missed meanwhile come from the session's transcript.
                reloading: {
                  invoke: {
                    src: 'load',
                    input: ({ context }) => ({ sessionId: context.sessionId }),
                    onDone: [
                      {
                        guard: { type: 'sessionIsOver', params: ({ event }) => ({ session: event.output }) },
                        target: '#voiceDraining',
                        actions: { type: 'mergeSession', params: ({ event }) => ({ session: event.output }) },
                      },
                      {
                        target: '#voiceLive',
                        actions: { type: 'mergeSession', params: ({ event }) => ({ session: event.output }) },
                      },
                    ],
                    // The voice is back; the transcript only misses what the next reload will tell.
                    onError: '#voiceLive',
                  },
                },
              },
            },
            // The session ended: the persona's last words are heard, then the play machine shows the ending.
            closing: {
              initial: 'awaitingOutcome',
              states: {
                // The answer came before the reply's audio: `voice.outcome` follows the last of it.
                awaitingOutcome: {
                  on: {
                    'gateway.outcome': {
                      target: 'draining',
                      actions: { type: 'setStatus', params: ({ event }) => ({ status: event.outcome.status }) },
                    },
                  },
                  after: { outcomeMax: 'draining' },
                },
                draining: {
                  id: 'voiceDraining',
                  always: { guard: not('isPersonaSpeaking'), target: '#voicePlay.done' },
                  after: { closingMax: '#voicePlay.done' },
                },
              },
            },
            /** The voice cannot be opened (not a voice session, not the caller's): the error says why. */
            failed: {},
          },
        },
        microphone: microphoneRegion,
        talk: talkRegion,
        typing: typingRegion,
      },
    },
    done: { type: 'final' },
  },
});

/** The machine with the gateway and the browser's audio: each device an actor that lives as long as its state. */
export const createVoicePlayMachine = ({ transport, devices, load }: VoicePlayDeps) =>
  voicePlayMachine.provide({
    actors: {
      listen: listenActor(transport),
      capture: captureActor(devices),
      playback: playbackActor(devices),
      start: fromPromise<VoiceStartAnswer, { sessionId: string }>(({ input, signal }) =>
        transport.start(input.sessionId, { signal }),
      ),
      sendText: fromPromise<VoiceTextAnswer, { sessionId: string; turn: VoiceTurn }>(({ input, signal }) =>
        transport.sendText(input.sessionId, input.turn, { signal }),
      ),
      load: fromPromise<PlaySession, { sessionId: string }>(({ input, signal }) => load(input.sessionId, { signal })),
    },
    actions: {
      sendAudio: ({ context }, { seq, frame }: { seq: number; frame: Int16Array }) =>
        transport.sendAudio(context.sessionId, seq, frame),
      sendCommit: ({ context }) => transport.commit(context.sessionId),
      reportPlayback: ({ context }, { reports }: { reports: PlaybackReport[] }) => {
        for (const { responseId, playedMs } of reports)
          transport.reportPlayback(context.sessionId, responseId, playedMs);
      },
      sendStop: ({ context }) => transport.stop(context.sessionId),
    },
  });

export type VoicePlayMachine = typeof voicePlayMachine;
export type VoicePlayActorRef = ActorRefFrom<VoicePlayMachine>;
