import type { ServerResponse } from 'node:http';

/** Starts a server-sent event stream; the returned function sends one `data:` event of JSON. */
export const openEventStream = (response: ServerResponse) => {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  return (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
};
