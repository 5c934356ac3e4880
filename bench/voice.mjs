// Realtime voice sessions under load, for one engine: what the gateway adds to each audio frame, each way, and the
// voice-to-voice time with a provider whose model takes a fixed time to answer (issue 14).
//
//   node bench/voice.mjs --engine pglite|postgres [--short] [--out results.json]
//
// Normally started by bench/run.mjs, in a fresh process. It imports the compiled workspaces.
//
// The stack is the one-process server in a process of its own (bench/api-servers.mjs voice), with a voice scenario
// on an `openai` provider. The provider is this process: the integration tests' fake OpenAI realtime server
// (tests/src/fakes/openai-realtime-server.ts, transpiled on the fly: the tests workspace is not compiled), whose
// energy VAD answers each burst of speech, its first audio delta `RESPONSE_DELAY_MS` after the end of speech is
// detected. The learners are this process too, so every moment below is read on one clock (performance.now()).
// Each of N sessions sends a 20 ms PCM16 frame every 20 ms, as a microphone does, in cycles of 400 ms of speech and
// 1.6 s of quiet (the persona's reply fits in the quiet; a reply late enough to overlap the next speech is cut by a
// barge-in, which each level counts), spread over a frame's 20 ms and over the cycle.
//
// - Inbound, per frame: the moment the learner emitted `voice.audio.in` → the moment the fake received the matching
//   `input_audio_buffer.append` (the nth frame of a session is its conversation's nth append).
// - Outbound, per audio delta: the moment the fake wrote `response.output_audio.delta` → the moment the learner
//   received the `voice.audio` chunk that starts it (matched by sample offset within the reply).
// - Voice-to-voice, per exchange: the moment the learner emitted the frame after which the fake's VAD declared the
//   end of speech (its `silence_duration_ms` of quiet heard) → the first `voice.audio` of the reply; shown as is and
//   minus the fake's fixed delay.
// The raw figures are reported: they also hold the socket.io client's and the fake's own work in this process and
// both loopback hops (client ↔ gateway, gateway ↔ fake over TLS), so they overstate what the gateway adds; this
// process's own event-loop delay is printed with each level to say how much.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadTestFakes } from './fakes.mjs';
import { connectLearner, startChildServer } from './stack.mjs';
import { engineBenchmarkArgs } from './stats.mjs';

const args = engineBenchmarkArgs('voice.mjs');
const { engine, short } = args;
/** Concurrent sessions, and how long each level plays. */
const LEVELS = short
  ? [
      { sessions: 1, seconds: 4 },
      { sessions: 50, seconds: 6 },
    ]
  : [
      { sessions: 1, seconds: 10 },
      { sessions: 50, seconds: 20 },
      { sessions: 100, seconds: 20 },
    ];
/** The fake model's time from the end of speech to its first audio. */
const RESPONSE_DELAY_MS = 200;
const FRAME_MS = 20;
const FRAME_SAMPLES = 480; // 20 ms at 24 kHz
const SPEECH_FRAMES = 20; // 400 ms
const CYCLE_FRAMES = 100; // 2 s
const KEY = 'sk-realtime-bench-0123456789';
// The targets hold at 100 sessions (issue 14); the smaller levels are reported against them too, which is stricter.
// They are the production topology's (PostgreSQL): PGlite's figures are reported only.
const TARGETS = engine === 'postgres' ? { hopP50: 5, hopP95: 15, voiceToVoiceP50: 50 } : {};

const log = (line) => console.log(`[voice ${engine}] ${line}`);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({
  samples: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});

// ── The provider ────────────────────────────────────────────────────────────────────────────────────────────────
/** Each session's timing state, by its provider conversation. */
const byConnection = new Map();
const { startFakeRealtimeServer } = (await loadTestFakes('openai-realtime-server', 'self-signed-certificate'))[
  'openai-realtime-server'
];
const fake = await startFakeRealtimeServer({
  apiKey: KEY,
  responseDelayMs: RESPONSE_DELAY_MS,
  observe: {
    append: (connection) => {
      const state = byConnection.get(connection);
      if (!state) return;
      const sentAt = state.frameSentAt[state.appended++];
      if (sentAt !== undefined) state.inbound.push(performance.now() - sentAt);
    },
    sent: (connection, event) => {
      const state = byConnection.get(connection);
      if (!state) return;
      if (event.type === 'input_audio_buffer.speech_stopped') {
        // The frame that completed the VAD's silence is the last one appended.
        state.speechEndSentAt.push(state.frameSentAt[state.appended - 1]);
      } else if (event.type === 'response.created') {
        state.providerReplies.push({ offset: 0, deltas: new Map() });
      } else if (event.type === 'response.output_audio.delta') {
        const reply = state.providerReplies.at(-1);
        reply.deltas.set(reply.offset, performance.now());
        reply.offset += Buffer.byteLength(String(event.delta), 'base64') / 2;
      }
    },
  },
});

// ── The stack ───────────────────────────────────────────────────────────────────────────────────────────────────
const learnerCount = LEVELS.reduce((sum, level) => sum + level.sessions, 0);
const startStack = () =>
  startChildServer('api-servers.mjs', ['voice', engine, fake.baseUrl, String(learnerCount), KEY], {
    name: 'the stack',
  });

log(`arranging the stack: ${learnerCount} funded learners, a voice scenario on the fake realtime provider…`);
const stack = await startStack();
const learners = [...stack.learners];

const createSession = async (token) => {
  const response = await fetch(`${stack.url}/v1/coaching/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scenario_id: stack.scenarioId }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`POST /v1/coaching/sessions: ${response.status} ${JSON.stringify(answer)}`);
  return answer.id;
};

const connect = (token) => connectLearner(stack.url, token);

// ── The learner's voice ─────────────────────────────────────────────────────────────────────────────────────────
/** A voiced frame (a 150 Hz tone with harmonics, well above the fake's VAD threshold) and a quiet one. */
const frameOf = (voiced, startSample) => {
  const bytes = Buffer.alloc(FRAME_SAMPLES * 2);
  for (let index = 0; index < FRAME_SAMPLES; index++) {
    const t = (startSample + index) / 24_000;
    const value = voiced
      ? 8000 * (0.6 * Math.sin(2 * Math.PI * 150 * t) + 0.3 * Math.sin(2 * Math.PI * 300 * t))
      : ((index * 7919) % 61) - 30;
    bytes.writeInt16LE(Math.round(value), index * 2);
  }
  return bytes;
};
const CYCLE = Array.from({ length: CYCLE_FRAMES }, (_, frame) => frameOf(frame < SPEECH_FRAMES, frame * FRAME_SAMPLES));

/** One session of a level: opened, its voice started, then played in real time until `until`. */
const openSession = async (token) => {
  const sessionId = await createSession(token);
  const socket = await connect(token);
  const started = await socket.emitWithAck('voice.start', { session_id: sessionId });
  if (!started.ok) throw new Error(`voice.start: ${started.status} ${JSON.stringify(started.error)}`);
  const state = {
    sessionId,
    socket,
    frameSentAt: [],
    appended: 0,
    inbound: [],
    outbound: [],
    speechEndSentAt: [],
    voiceToVoice: [],
    providerReplies: [],
    clientReplies: [],
    playbackStops: 0,
  };
  // voice.start opened the session's provider conversation, and sessions start one after the other.
  byConnection.set(fake.connections.at(-1), state);
  socket.on('voice.playback.stop', () => {
    state.playbackStops += 1;
  });
  socket.on('voice.audio', (header, pcm) => {
    const now = performance.now();
    let reply = state.clientReplies.at(-1);
    if (reply?.id !== header.response_id) {
      reply = { id: header.response_id, offset: 0 };
      state.clientReplies.push(reply);
      const speechEnd = state.speechEndSentAt[state.clientReplies.length - 1];
      if (speechEnd !== undefined) state.voiceToVoice.push(now - speechEnd);
    }
    // The nth reply heard is the provider's nth; a chunk that starts one of its deltas closes that delta's hop.
    const deltaSentAt = state.providerReplies[state.clientReplies.length - 1]?.deltas.get(reply.offset);
    if (deltaSentAt !== undefined) state.outbound.push(now - deltaSentAt);
    reply.offset += pcm.byteLength / 2;
  });
  return state;
};

/**
 * Frames every 20 ms on an absolute schedule (timers drift). Sessions are spread over a frame's 20 ms so that their
 * frames do not all leave at once, and over the speech cycle, as independent learners are: each ends its speech at
 * its own moment rather than all of them in the same 20 ms.
 */
const play = (state, startAt, offsetMs, phase, until) =>
  new Promise((resolve) => {
    let frame = 0;
    const next = () => {
      if (performance.now() >= until) return resolve();
      const at = startAt + offsetMs + frame * FRAME_MS;
      setTimeout(
        () => {
          state.frameSentAt[frame] = performance.now();
          state.socket.emit(
            'voice.audio.in',
            { session_id: state.sessionId, seq: frame },
            CYCLE[(frame + phase) % CYCLE_FRAMES],
          );
          frame += 1;
          next();
        },
        Math.max(0, at - performance.now()),
      );
    };
    next();
  });

const runLevel = async ({ sessions, seconds }) => {
  log(`${sessions} session(s): opening…`);
  const states = [];
  for (let index = 0; index < sessions; index++) states.push(await openSession(learners.shift()));
  log(`${sessions} session(s): playing ${seconds} s in real time…`);
  const startAt = performance.now() + 50;
  const until = startAt + seconds * 1000;
  // This process plays every learner and the provider: how late its own timers ran is part of every figure.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  await Promise.all(
    states.map((state, index) =>
      play(state, startAt, (index * FRAME_MS) / sessions, Math.floor((index * CYCLE_FRAMES) / sessions), until),
    ),
  );
  loopDelay.disable();
  // The last replies and frames in flight.
  await wait(RESPONSE_DELAY_MS + 500);
  // Counted before voice.stop, which stops the playback of a reply still playing: that is no barge-in.
  const bargeIns = states.reduce((sum, state) => sum + state.playbackStops, 0);
  for (const state of states) {
    await state.socket
      .timeout(2000)
      .emitWithAck('voice.stop', { session_id: state.sessionId })
      .catch(() => undefined);
    state.socket.disconnect();
  }
  const collect = (key) => states.flatMap((state) => state[key]);
  const sent = states.reduce((sum, state) => sum + state.frameSentAt.length, 0);
  const inbound = collect('inbound');
  const outbound = collect('outbound');
  const voiceToVoice = collect('voiceToVoice');
  if (inbound.length < sent * 0.95) throw new Error(`${inbound.length} of ${sent} frames reached the provider`);
  if (voiceToVoice.length === 0 || outbound.length === 0) throw new Error('no reply was heard');
  const figures = {
    sessions,
    seconds,
    framesSent: sent,
    bargeIns,
    // Nanoseconds to ms; the histogram's floor is its 5 ms resolution's.
    benchLoopDelay: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6 },
    inbound: summary(inbound),
    outbound: summary(outbound),
    voiceToVoice: summary(voiceToVoice),
  };
  figures.voiceToVoiceOverhead = {
    p50: figures.voiceToVoice.p50 - RESPONSE_DELAY_MS,
    p95: figures.voiceToVoice.p95 - RESPONSE_DELAY_MS,
  };
  const ms = (value) => `${value.toFixed(2)} ms`;
  log(
    `${sessions} session(s): inbound p50 ${ms(figures.inbound.p50)} p95 ${ms(figures.inbound.p95)} (${inbound.length} frames); ` +
      `outbound p50 ${ms(figures.outbound.p50)} p95 ${ms(figures.outbound.p95)} (${outbound.length} deltas); ` +
      `voice-to-voice p50 ${ms(figures.voiceToVoice.p50)} p95 ${ms(figures.voiceToVoice.p95)} (${voiceToVoice.length} replies, model ${RESPONSE_DELAY_MS} ms)` +
      `; this process's event-loop delay p99 ${ms(figures.benchLoopDelay.p99)}` +
      (bargeIns > 0 ? `; ${bargeIns} barge-ins (replies late enough to overlap the next speech)` : ''),
  );
  return figures;
};

const levels = [];
try {
  for (const level of LEVELS) levels.push(await runLevel(level));
} finally {
  await stack.stop();
  await fake.close();
}

const latency = (metric, value, target, display) => ({
  metric,
  engine,
  value,
  unit: 'ms',
  display,
  ...(target === undefined ? {} : { target, better: 'lower' }),
});
const rows = levels.flatMap((level) => {
  const at = `(${level.sessions} concurrent)`;
  const hop = (name, figures) => [
    latency(`Voice: ${name} p50 ${at}`, figures.p50, TARGETS.hopP50, `${figures.p50.toFixed(2)} ms`),
    latency(
      `Voice: ${name} p95 ${at}`,
      figures.p95,
      TARGETS.hopP95,
      `${figures.p95.toFixed(2)} ms (max ${figures.max.toFixed(1)} ms)`,
    ),
  ];
  return [
    ...hop('inbound per frame', level.inbound),
    ...hop('outbound per audio delta', level.outbound),
    latency(
      `Voice: voice-to-voice minus model ${RESPONSE_DELAY_MS} ms, p50 ${at}`,
      level.voiceToVoiceOverhead.p50,
      TARGETS.voiceToVoiceP50,
      `${level.voiceToVoiceOverhead.p50.toFixed(1)} ms (${level.voiceToVoice.p50.toFixed(1)} ms in all)`,
    ),
    latency(
      `Voice: voice-to-voice minus model ${RESPONSE_DELAY_MS} ms, p95 ${at}`,
      level.voiceToVoiceOverhead.p95,
      undefined,
      `${level.voiceToVoiceOverhead.p95.toFixed(1)} ms (${level.voiceToVoice.p95.toFixed(1)} ms in all)`,
    ),
  ];
});
const result = {
  benchmark: 'voice',
  engine,
  short,
  settings: {
    levels: LEVELS,
    responseDelayMs: RESPONSE_DELAY_MS,
    frameMs: FRAME_MS,
    cycle: { speechMs: SPEECH_FRAMES * FRAME_MS, quietMs: (CYCLE_FRAMES - SPEECH_FRAMES) * FRAME_MS },
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
  },
  figures: { levels },
  rows,
};
if (args.out) await writeFile(args.out, JSON.stringify(result, null, 2));
