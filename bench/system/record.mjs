// What the system bench measures as its users see it: latencies by kind of request and socket event, failures with
// their moment (epoch ms, to set them against the faults' windows), retries, and its own record of what each client
// sent and was answered (the transcripts the invariants compare with the event store).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const createRecord = () => {
  const latencies = new Map();
  const failures = [];
  const counts = new Map();
  return {
    latencies,
    failures,
    counts,
    /** Text turns each session's client had answered, in order, by session id: `{turnId, text}`. */
    transcripts: new Map(),
    /** Sessions the bench played, by id: `{kind: 'text' | 'guest' | 'voice', ended: boolean}`. */
    sessions: new Map(),
    /** Socket reconnections: `{at, ms}` (at: when the socket dropped, epoch ms). */
    reconnects: [],
    /** Voice sessions that heard audio again after their gateway went: `{at, ms}`. */
    voiceResumes: [],
    count(name, by = 1) {
      counts.set(name, (counts.get(name) ?? 0) + by);
    },
    latency(kind, ms) {
      let values = latencies.get(kind);
      if (!values) latencies.set(kind, (values = []));
      values.push(ms);
    },
    /** A failed attempt: `what` is its status or error code; `retried` says whether the client tried again. */
    fail(kind, what, { retried = false, at = Date.now() } = {}) {
      failures.push({ kind, what: String(what), at, retried });
    },
  };
};

/**
 * Whether a failed attempt is the system's failure (a 5xx, a reset, a refused connection, a timeout, a turn never
 * answered), not a refusal the system meant (a 4xx: a rate limit, credits run out).
 */
export const isServerFailure = (failure) => !/^4\d\d/.test(failure.what);

const RETRIABLE = new Set([502, 503, 504]);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP exchange from `address` (a loopback address of its own: Linux routes all of 127.0.0.0/8 to this machine, so
 * nginx sees each simulated person at their own address, as the API's per-address limits would in production) on a
 * kept-alive connection of that address. Answers `{status, text}`; a failure carries whether its connection was a
 * reused one (`reused`), which nginx may have closed just as the request went out.
 */
const exchange = (agent, url, { method, headers, body }) =>
  new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent, timeout: 30_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error) => reject(Object.assign(error, { reused: request.reusedSocket })));
    request.end(body);
  });

const agents = new Map();
/** The kept-alive connections of one address. */
export const agentOf = (address) => {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 4 })));
  return agent;
};

/**
 * A user's HTTP client through the edge: their token, their own address, an Idempotency-Key on every write kept across
 * retries. A refused connection, a reset, a timeout, 502, 503 and 504 are tried again, backing off, for at most
 * `retryForMs`: what a careful client does, and why every write carries a key.
 */
export const createHttp = ({ base, record, address, retryForMs = 20_000 }) => {
  let token = '';
  const agent = agentOf(address);
  const request = async (kind, method, path, { body, as = token, expect = [200, 201, 202, 204], raw = false } = {}) => {
    const key = method === 'GET' ? undefined : randomUUID();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      ...(as ? { authorization: `Bearer ${as}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    };
    const deadline = performance.now() + retryForMs;
    let resent = false;
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let status;
      let what;
      try {
        const response = await exchange(agent, `${base}${path}`, { method, headers, body: payload });
        status = response.status;
        // The web client's rule too: the same request still running elsewhere is asked again, not given up.
        const inProgress = status === 409 && codeOf(response.text) === 'idempotency_request_in_progress';
        if (expect.includes(status) || (!RETRIABLE.has(status) && status < 500 && !inProgress)) {
          if (expect.includes(status)) record.latency(kind, performance.now() - started);
          else record.fail(kind, `${status} ${codeOf(response.text)}`);
          if (attempt > 0) record.count(`retried ${kind}, then answered`);
          return { status, body: raw ? response.text : response.text ? safeJson(response.text) : null };
        }
        what = inProgress ? `${status} idempotency_request_in_progress` : status;
      } catch (error) {
        what = error.code ?? error.name ?? 'error';
        // The edge closed a kept-alive connection as the request went out on it (nginx does so to its idle client
        // connections when it reloads, as the cluster does to take a process out of rotation): nothing was answered,
        // and clients send such a request again by themselves, as Node's documentation shows and browsers do
        // (RFC 9112 §9.3.1). Counted, not a failure, once.
        if (error.reused && (what === 'ECONNRESET' || what === 'EPIPE') && !resent) {
          resent = true;
          record.count('requests resent on a new connection after the edge closed a kept-alive one');
          attempt -= 1;
          continue;
        }
      }
      const retry = performance.now() < deadline;
      record.fail(kind, what, { retried: retry });
      if (!retry) return { status: status ?? 0, body: null, failed: String(what) };
      await wait(Math.min(2000, 200 * 2 ** attempt));
    }
  };
  return {
    request,
    signIn: (value) => {
      token = value;
    },
    get token() {
      return token;
    },
  };
};

const safeJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const codeOf = (text) => safeJson(text)?.code ?? '';

/** A request that must succeed (the arrangement): its body, or an error naming it. */
export const must = async (answer, what) => {
  const { status, body, failed } = await answer;
  if (failed || status >= 300) throw new Error(`${what}: ${failed ?? status} ${JSON.stringify(body)?.slice(0, 300)}`);
  return body;
};
