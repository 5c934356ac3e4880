import type { VoiceStartAnswer } from '@ai-coaching/contracts';
import { vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { PlaySession, PlaySessionTransport } from './play-types';
import { createVoicePlayMachine } from './voice-play.machine';
import type { VoiceCapture, VoiceDevices, VoiceGatewayEvent, VoicePlayer, VoiceTransport } from './voice-play.types';

// The voice play machine's specs share these: a voice session, `voice.start`'s answer, and the machine over a fake
// gateway and fake audio devices that record what they were asked. The text play machine's spec borrows `deferred`.

export const SESSION = 'session-1';
export const GREETING = {
  id: 'greeting',
  role: 'persona' as const,
  text: 'Hello, how can I help?',
  at: '2026-01-01T10:00:00Z',
};

export const startAnswer = (capabilities: Partial<VoiceStartAnswer['capabilities']> = {}): VoiceStartAnswer => ({
  session_id: SESSION,
  protocol_version: 1,
  input: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, frame_ms: 20 },
  output: { encoding: 'pcm_s16le', sample_rate: 24_000, channels: 1, max_chunk_ms: 100 },
  capabilities: {
    recognition: 'push_to_talk',
    turn_detection: 'manual',
    audio_in: false,
    barge_in: true,
    transcripts: true,
    ...capabilities,
  },
  status: 'in-progress',
  speaking: null,
  recording: false,
});
/** A realtime provider: it hears the microphone and finds the end of turns itself. */
export const REALTIME = { recognition: 'audio', turn_detection: 'voice_activity', audio_in: true } as const;
/** The same provider when the learner holds a key to talk. */
export const MANUAL_AUDIO = { recognition: 'audio', turn_detection: 'manual', audio_in: true } as const;

export const session = (overrides: Partial<PlaySession> = {}): PlaySession =>
  ({
    id: SESSION,
    scenario_id: 'scenario-1',
    status: 'in-progress',
    cost_credits: 0,
    started_at: '2026-01-01T10:00:00Z',
    name: 'Spoken call',
    organization_id: 'org-1',
    user_id: 'user-1',
    guest_name: null,
    persona_id: 'persona-1',
    mission_id: null,
    model_id: 'model-1',
    language: 'en-GB',
    mode: 'voice',
    time_limit_seconds: 600,
    turn_limit: null,
    ends_at: '2026-01-01T10:10:00Z',
    credits_per_minute: 0,
    reserved_credits: 0,
    end_reason: null,
    awaiting_reply_to: null,
    turns: [GREETING],
    mission_goal: null,
    persona_name: 'Margaret Hughes',
    ...overrides,
  }) as PlaySession;

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const networkError = () => Object.assign(new Error('lost'), { status: 0, code: 'network_error' });
/** `ms` of the persona's voice at 24 kHz. */
export const pcm = (ms: number) => new Int16Array(24 * ms).fill(1000);
export const frame = () => new Int16Array(480).fill(300);

type Fakes = {
  start?: VoiceTransport['start'];
  sendText?: VoiceTransport['sendText'];
  load?: PlaySessionTransport['load'];
  openCapture?: VoiceDevices['openCapture'];
};

/** The voice machine over a fake gateway and fake audio devices, with what they were asked. */
export function arrange(fakes: Fakes = {}) {
  let gateway: ((event: VoiceGatewayEvent) => void) | null = null;
  let captured: Parameters<VoiceDevices['openCapture']>[0] | null = null;
  let playedBy: ((played: Record<string, number>) => void) | null = null;
  let heard: Record<string, number> = {};
  const capture = { setMuted: vi.fn<VoiceCapture['setMuted']>(), stop: vi.fn(async () => undefined) };
  const player = {
    play: vi.fn<VoicePlayer['play']>(),
    drain: vi.fn(),
    flush: vi.fn(async () => heard),
    isSuspended: () => false,
    resume: async () => undefined,
    close: vi.fn(async () => undefined),
  };
  const transport = {
    listen: vi.fn<VoiceTransport['listen']>((_, onEvent) => {
      gateway = onEvent;
      return () => {
        gateway = null;
      };
    }),
    start: vi.fn<VoiceTransport['start']>(fakes.start ?? (async () => startAnswer())),
    sendText: vi.fn<VoiceTransport['sendText']>(
      fakes.sendText ??
        (async (_, turn) => ({ reply: 'Sure.', status: 'in-progress', response_id: `reply-${turn.turn_id}` })),
    ),
    sendAudio: vi.fn<VoiceTransport['sendAudio']>(),
    commit: vi.fn<VoiceTransport['commit']>(),
    reportPlayback: vi.fn<VoiceTransport['reportPlayback']>(),
    stop: vi.fn<VoiceTransport['stop']>(),
  };
  const devices: VoiceDevices = {
    openCapture:
      fakes.openCapture ??
      (async (listeners) => {
        captured = listeners;
        return capture;
      }),
    openPlayback: async ({ onPlayed }) => {
      playedBy = onPlayed;
      return player;
    },
  };
  const load = vi.fn<PlaySessionTransport['load']>(fakes.load ?? (async () => session()));
  let ids = 0;
  const actor = createActor(createVoicePlayMachine({ transport, devices, load }), {
    input: { sessionId: SESSION, turns: [GREETING], createTurnId: () => `turn-${++ids}` },
  });
  actor.start();
  const from = (event: VoiceGatewayEvent) => {
    if (!gateway) throw new Error('nobody listens to the gateway');
    gateway(event);
  };
  return {
    actor,
    transport,
    capture,
    player,
    load,
    /** The gateway sends this. */
    from,
    audio: (responseId: string, seq: number, ms: number, turnId = responseId.replace('reply-', '')) =>
      from({
        type: 'gateway.audio',
        header: { session_id: SESSION, response_id: responseId, turn_id: turnId, seq, sample_rate: 24_000 },
        pcm: pcm(ms),
      }),
    done: (responseId: string, status: 'completed' | 'cancelled' = 'completed') =>
      from({
        type: 'gateway.responseDone',
        done: { session_id: SESSION, response_id: responseId, turn_id: responseId, status, chunks: 1 },
      }),
    transcript: (turnId: string, role: 'learner' | 'persona', text: string, final: boolean) =>
      from({ type: 'gateway.transcript', transcript: { session_id: SESSION, turn_id: turnId, role, text, final } }),
    /** The playback worklet says how much it has played. */
    played: (played: Record<string, number>) => {
      heard = played;
      playedBy?.(played);
    },
    /** The microphone hands over a 20 ms frame. */
    speak: () => captured?.onFrame(frame()),
  };
}

export type Arranged = ReturnType<typeof arrange>;
type Snapshot = ReturnType<Arranged['actor']['getSnapshot']>;
export const inState = (actor: Arranged['actor'], state: Parameters<Snapshot['matches']>[0]) =>
  waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });
export const live = async (arranged: Arranged) => {
  await inState(arranged.actor, { active: { session: 'live', microphone: { on: 'open' } } });
  return arranged;
};
export const lines = (arranged: Arranged) =>
  arranged.actor.getSnapshot().context.lines.map(({ role, text, final }) => [role, text, final]);
export const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));
