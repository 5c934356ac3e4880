// Text sessions under load, for one engine: what the stack adds to the first token, and analysis throughput.
//
//   node bench/sessions.mjs --engine pglite|postgres [--short] [--out results.json]
//
// Normally started by bench/run.mjs, once per engine in a fresh process. It imports the compiled workspaces.
//
// The stack is the one-process server (API, gateway, workers, projections) in a process of its own
// (bench/api-servers.mjs sessions), with a scenario whose persona and two observers play on an OpenAI-compatible
// provider. The provider is this process: a Chat Completions server speaking the real wire protocol (SSE chunks for
// the persona, a JSON completion for the observers' structured output) with a model's pace. 50 learners each open a
// socket, start a session over HTTP and play their turns over the gateway at the same time; the last turn wins, which
// starts two observers' reports per session.
//
// First-token overhead (issue 12): for each turn, the moment its first reply delta reached the learner's socket minus
// the moment the provider wrote its first content chunk; both are read on this process's clock. Targets p50 ≤ 10 ms
// and p95 ≤ 30 ms. Reports per minute: observer reports done between the first session's end and the last report.
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectLearner, startChildServer } from './stack.mjs';
import { engineBenchmarkArgs } from './stats.mjs';

const args = engineBenchmarkArgs('sessions.mjs');
const { engine, short } = args;
const SESSIONS = 50;
const TURNS = short ? 2 : 4;
/** A model's pace: a word every 20 ms, and a structured answer in 300 ms. */
const CHUNK_INTERVAL_MS = 20;
const OBSERVER_LATENCY_MS = 300;
// The targets are the production topology's (PostgreSQL). PGlite runs its queries on the process's one thread, so
// under 50 sessions at once a delta waits for the query in hand: the embedded default's figures are reported only.
const TARGETS = engine === 'postgres' ? { p50: 10, p95: 30 } : {};

const log = (line) => console.log(`[sessions ${engine}] ${line}`);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// ── The provider ────────────────────────────────────────────────────────────────────────────────────────────────
/** When the provider wrote the first content chunk of each turn's reply, by the turn's tag. */
const providerFirstChunk = new Map();
let observerAnswers = 0;

const REPLY =
  'That is a fair question. Our budget is tight this quarter, but tell me what it would change for my team.';
const WIN = 'Fine, you have a deal. Send me the contract today. [[WIN]]';
const OBSERVER_ANSWER = JSON.stringify({
  // One property per rubric criterion, as the report's structured output asks (observer-answer.ts).
  criteria: {
    Questions: { relevant: true, score: 4, evidence: [] },
    Close: { relevant: true, score: 3, evidence: [] },
  },
  went_well: ['Asked about the team'],
  to_improve: ['Ask for the deal earlier'],
  summary: 'A steady call.',
});

const readJson = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')));
    request.on('error', reject);
  });

const chunk = (id, delta, finish = null) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'bench-chat',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

let completionSequence = 0;
const provider = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/v1/models') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(
      JSON.stringify({ object: 'list', data: [{ id: 'bench-chat', object: 'model', owned_by: 'bench' }] }),
    );
  }
  if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
    response.writeHead(404, { 'content-type': 'application/json' });
    return response.end(JSON.stringify({ error: { message: 'not found' } }));
  }
  const body = await readJson(request);
  const id = `chatcmpl-bench-${++completionSequence}`;
  if (body.response_format) {
    await wait(OBSERVER_LATENCY_MS);
    observerAnswers += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'bench-chat',
        choices: [
          { index: 0, message: { role: 'assistant', content: OBSERVER_ANSWER, refusal: null }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 400, completion_tokens: 60, total_tokens: 460 },
      }),
    );
  }
  const learnerTurns = body.messages.filter((message) => message.role === 'user');
  const last = String(learnerTurns.at(-1)?.content ?? '');
  const tag = /^\[([\w-]+)\]/.exec(last)?.[1];
  const words = (last.includes('deal') ? WIN : REPLY).match(/\S+\s*/g);
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.write(chunk(id, { role: 'assistant', content: '', refusal: null }));
  for (const [index, word] of words.entries()) {
    if (index > 0) await wait(CHUNK_INTERVAL_MS);
    if (response.destroyed) return;
    response.write(chunk(id, { content: word }));
    if (index === 0 && tag) providerFirstChunk.set(tag, performance.now());
  }
  response.write(chunk(id, {}, 'stop'));
  response.end('data: [DONE]\n\n');
});
await new Promise((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerUrl = `http://127.0.0.1:${provider.address().port}/v1`;

// ── The stack ───────────────────────────────────────────────────────────────────────────────────────────────────
const startStack = () =>
  startChildServer('api-servers.mjs', ['sessions', engine, providerUrl, String(SESSIONS)], { name: 'the stack' });

log(`arranging the stack: ${SESSIONS} funded learners, a scenario on the bench provider…`);
const stack = await startStack();
const call = async (token, method, route, body) => {
  const response = await fetch(`${stack.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
};

const connect = (token) => connectLearner(stack.url, token);

/** When the first delta of each turn reached its learner's socket, by the turn's tag. */
const clientFirstDelta = new Map();
const endedAt = [];

const play = async (token, index) => {
  const socket = await connect(token);
  const session = await call(token, 'POST', '/v1/coaching/sessions', { scenario_id: stack.scenarioId });
  socket.on('session.reply.delta', (delta) => {
    if (!clientFirstDelta.has(delta.turn_id)) clientFirstDelta.set(delta.turn_id, performance.now());
  });
  for (let turn = 1; turn <= TURNS; turn += 1) {
    const tag = `s${index}-t${turn}`;
    const text = turn === TURNS ? `[${tag}] So, do we have a deal?` : `[${tag}] What would it change for your team?`;
    const result = await socket.emitWithAck('session.turn', { session_id: session.id, turn_id: tag, text });
    if (!result.ok) throw new Error(`turn ${tag}: ${result.status} ${result.error.code}`);
    if (turn === TURNS && result.answer.status !== 'win')
      throw new Error(`session ${session.id} ended ${result.answer.status}`);
  }
  endedAt.push(performance.now());
  socket.disconnect();
  return session.id;
};

const figures = {};
try {
  log(`playing ${SESSIONS} sessions at once, ${TURNS} turns each, over the gateway…`);
  const playStarted = performance.now();
  const sessionIds = await Promise.all(stack.learners.map((token, index) => play(token, index)));
  const playSeconds = (performance.now() - playStarted) / 1000;

  const overheads = [];
  for (const [tag, received] of clientFirstDelta) {
    const written = providerFirstChunk.get(tag);
    if (written !== undefined) overheads.push(received - written);
  }
  if (overheads.length !== SESSIONS * TURNS) {
    throw new Error(`${overheads.length} of ${SESSIONS * TURNS} turns have both first-token moments`);
  }
  figures.firstToken = {
    samples: overheads.length,
    p50: percentile(overheads, 50),
    p95: percentile(overheads, 95),
    max: Math.max(...overheads),
  };
  log(
    `first-token overhead over ${overheads.length} turns: p50 ${figures.firstToken.p50.toFixed(2)} ms, p95 ${figures.firstToken.p95.toFixed(2)} ms, max ${figures.firstToken.max.toFixed(2)} ms (play took ${playSeconds.toFixed(1)} s)`,
  );

  log('waiting for every report…');
  const token = stack.learners[0];
  const firstEnd = Math.min(...endedAt);
  const pending = new Set(sessionIds.map((id, index) => `${index}:${id}`));
  const deadline = performance.now() + 10 * 60_000;
  let failed = 0;
  while (pending.size > 0) {
    if (performance.now() > deadline) throw new Error(`${pending.size} reports still unfinished after 10 minutes`);
    for (const entry of [...pending]) {
      const [index, id] = entry.split(':');
      const report = await call(
        stack.learners[Number(index)] ?? token,
        'GET',
        `/v1/coaching/sessions/${id}/analysis`,
      ).catch(() => null);
      if (report && (report.status === 'done' || report.status === 'failed')) {
        failed += report.observers.filter((observer) => observer.status === 'failed').length;
        pending.delete(entry);
      }
    }
    if (pending.size > 0) await wait(250);
  }
  const reports = SESSIONS * 2;
  const minutes = (performance.now() - firstEnd) / 60_000;
  figures.reports = { reports, failed, minutes, perMinute: reports / minutes, observerAnswers };
  if (failed > 0) throw new Error(`${failed} of ${reports} observer reports failed`);
  log(
    `${reports} observer reports in ${(minutes * 60).toFixed(1)} s: ${figures.reports.perMinute.toFixed(0)} reports/min`,
  );
} finally {
  await stack.stop();
  provider.close();
}

const rows = [
  {
    metric: `Sessions: first-token overhead p50 (${SESSIONS} concurrent)`,
    engine,
    value: figures.firstToken.p50,
    unit: 'ms',
    display: `${figures.firstToken.p50.toFixed(2)} ms`,
    ...(TARGETS.p50 === undefined ? {} : { target: TARGETS.p50, better: 'lower' }),
  },
  {
    metric: `Sessions: first-token overhead p95 (${SESSIONS} concurrent)`,
    engine,
    value: figures.firstToken.p95,
    unit: 'ms',
    display: `${figures.firstToken.p95.toFixed(2)} ms (max ${figures.firstToken.max.toFixed(1)} ms)`,
    ...(TARGETS.p95 === undefined ? {} : { target: TARGETS.p95, better: 'lower' }),
  },
  {
    metric: 'Sessions: analysis reports per minute',
    engine,
    value: figures.reports.perMinute,
    unit: '/min',
    display: `${figures.reports.perMinute.toFixed(0)}/min (${figures.reports.reports} reports, observer ${OBSERVER_LATENCY_MS} ms each)`,
  },
];
const result = {
  benchmark: 'sessions',
  engine,
  short,
  settings: {
    sessions: SESSIONS,
    turns: TURNS,
    chunkIntervalMs: CHUNK_INTERVAL_MS,
    observerLatencyMs: OBSERVER_LATENCY_MS,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
  },
  figures,
  rows,
};
if (args.out) await writeFile(args.out, JSON.stringify(result, null, 2));
