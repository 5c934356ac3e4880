import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

// What the HTTP fakes share: reading a body, answering JSON, and a server on a free local port that closes at once.

/** The whole body of a request, as bytes. */
export const readBodyBytes = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** The whole body of a request, as UTF-8 text. */
export const readBody = async (request: IncomingMessage): Promise<string> =>
  (await readBodyBytes(request)).toString('utf8');

export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

export type ListeningServer = {
  port: number;
  /** Destroys the open connections first: a keep-alive client must not hold a test's teardown. */
  close(): Promise<void>;
};

/** Listens on 127.0.0.1 on a port of the system's choosing. */
export const listenLocally = async (server: Server | HttpsServer): Promise<ListeningServer> => {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

/**
 * An HTTP server on 127.0.0.1 for an async handler: a handler that throws answers 500 with `errorBody`, or cuts the
 * response when its head was already sent.
 */
export const startHttpServer = async (
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  errorBody: (error: unknown) => unknown = (error) => ({ error: { message: String(error) } }),
): Promise<ListeningServer & { server: Server; origin: string }> => {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, errorBody(error));
      else response.destroy();
    });
  });
  const listening = await listenLocally(server);
  return { ...listening, server, origin: `http://127.0.0.1:${listening.port}` };
};
