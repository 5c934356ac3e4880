import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainHttpServer } from './drain-http-server.js';

// A server told to stop answers what it was asked, on connections it already had, without a reset.

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

const slowServer = async (delayMs: number) => {
  const server = http.createServer((_request, response) => {
    setTimeout(() => response.end('answered'), delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

/** One raw keep-alive connection, to send requests on it when the test decides. */
const rawConnection = async (port: number) => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.once('close', () => resolve('closed'));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  return {
    send: () => socket.write('GET / HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n'),
    answers: () => received.split('HTTP/1.1 ').filter(Boolean),
    ended,
    destroy: () => socket.destroy(),
  };
};

describe('drainHttpServer', () => {
  it('answers the requests in flight, then refuses new connections', async () => {
    const { server, port } = await slowServer(300);
    const agent = new http.Agent({ keepAlive: true });
    const answers = Array.from({ length: 5 }, () => fetchThrough(agent, port).then((response) => response.status));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = drainHttpServer(server, { graceMs: 200 });
    expect(await Promise.all(answers)).toEqual([200, 200, 200, 200, 200]);
    await drained;
    await expect(fetchThrough(new http.Agent(), port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('answers a request that arrives on an idle keep-alive connection while it drains, where close() resets it', async () => {
    const { server, port } = await slowServer(0);
    const connection = await rawConnection(port);
    connection.send();
    await expect.poll(() => connection.answers().length).toBe(1);
    const drained = drainHttpServer(server, { graceMs: 500 });
    // The connection was idle when the drain began; a proxy reusing it sends a request now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    connection.send();
    await expect.poll(() => connection.answers().length).toBe(2);
    expect(connection.answers()[1]).toMatch(/^200 OK[\s\S]*Connection: close/i);
    expect(await connection.ended).toBe('closed');
    await drained;
  });

  it('closes an idle connection that nobody uses once the grace period is over', async () => {
    const { server, port } = await slowServer(0);
    const connection = await rawConnection(port);
    connection.send();
    await expect.poll(() => connection.answers().length).toBe(1);
    const started = Date.now();
    await drainHttpServer(server, { graceMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await connection.ended).toBe('closed');
  });
});

/** GET / through `agent`: the status and the Connection header of the answer. */
const fetchThrough = (agent: http.Agent, port: number) =>
  new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
      })
      .on('error', reject);
  });
