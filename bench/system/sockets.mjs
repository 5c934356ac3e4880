// The sockets of the system bench's users: socket.io through the edge, websocket only (no sticky sessions), with the
// client's own reconnection, and the session turn as the web client sends it: the same `turn_id` again after a drop
// or a timeout, which the gateway records and answers once.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket signed in with `token`; every drop it reconnects from is recorded (`record.reconnects`). */
export const openSocket = ({ base, token, address, record, kind }) => {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: 300,
    reconnectionDelayMax: 2000,
    auth: { token, protocolVersion: 1, locale: 'en-GB' },
    localAddress: address,
  });
  let dropped;
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    dropped ??= { at: Date.now(), t: performance.now(), reason };
  });
  socket.on('connect', () => {
    if (!dropped) return;
    record.reconnects.push({ kind, at: dropped.at, ms: performance.now() - dropped.t, reason: dropped.reason });
    dropped = undefined;
  });
  socket.on('connect_error', (error) => {
    record.fail(`${kind}: socket connect`, error.data?.code ?? error.message, { retried: true });
    // Refused by the server's middleware: the client does not try again by itself.
    if (!socket.active) setTimeout(() => socket.connect(), 1000);
  });
  return socket;
};

/** Resolves once `socket` is connected, or false after `ms`. */
export const connected = (socket, ms = 30_000) =>
  socket.connected
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => {
          socket.off('connect', done);
          resolve(false);
        }, ms);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        socket.once('connect', done);
      });

const RETRY_FOR_MS = 60_000;
const DROPPED = Symbol('dropped');
const ACK_TIMEOUT_MS = 10_000;

/**
 * One learner turn (`session.turn`, or `voice.text`), sent again with its id after a timeout, a drop or a 5xx until
 * answered. Answers `{ answer }` (the turn's answer), or `{ refused }` (a 4xx: the session ended, say), or
 * `{ lost }` when it was never answered within a minute.
 */
export const sendTurn = async ({ socket, record, kind, event = 'session.turn', message }) => {
  const deadline = performance.now() + RETRY_FOR_MS;
  for (let attempt = 0; performance.now() < deadline; attempt++) {
    if (!(await connected(socket, deadline - performance.now()))) break;
    const started = performance.now();
    let result;
    let onDrop;
    try {
      // As the web client does (socket-transport.ts): a drop before the answer sends the turn again once reconnected
      // (to another gateway when its own went), under the same id; the gateway answers it once.
      result = await Promise.race([
        socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, message),
        new Promise((resolve) => socket.once('disconnect', (onDrop = () => resolve(DROPPED)))),
      ]);
    } catch {
      record.fail(`${kind}: ${event}`, 'ack timeout', { retried: true });
      continue;
    } finally {
      socket.off('disconnect', onDrop);
    }
    if (result === DROPPED) {
      record.count(`${kind}: ${event} resent after its socket moved to another gateway`);
      continue;
    }
    if (result.ok) {
      record.latency(`${kind}: ${event}`, performance.now() - started);
      if (attempt > 0) record.count(`retried ${kind}: ${event}, then answered`);
      return { answer: result.answer };
    }
    if (result.status >= 500) {
      record.fail(`${kind}: ${event}`, `${result.status} ${result.error?.code ?? ''}`, { retried: true });
      await wait(Math.min(2000, 200 * 2 ** attempt));
      continue;
    }
    return { refused: result };
  }
  record.fail(`${kind}: ${event}`, 'never answered');
  return { lost: true };
};
