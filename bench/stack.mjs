// The stack the benchmarks load: its servers, each in a process of its own (fork) so that the load the benchmark makes
// and the work the server does are not on one thread, and the learners' sockets to it.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `bench/<script>` with `args` and waits for its first message (its address, tokens…), answered with a
 * `stop()` that asks it to stop and waits for its exit. An exit before the message fails the start, named `name`.
 */
export const startChildServer = (script, args, { name, env } = {}) =>
  new Promise((resolve, reject) => {
    const child = fork(path.join(benchDir, script), args, {
      ...(env ? { env } : {}),
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.once('message', (message) => {
      child.removeAllListeners('exit');
      resolve({
        ...message,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.send('stop');
          }),
      });
    });
  });

/** A learner's socket.io connection to the stack's gateway, signed in with `token`; answers once connected. */
export const connectLearner = (url, token) =>
  new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token, protocolVersion: 1, locale: 'en-GB' },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
