import http from 'node:http';
import net from 'node:net';

/** How long a draining server keeps its idle keep-alive connections open for the requests already on their way. */
export const HTTP_DRAIN_GRACE_MS = 1000;

/**
 * Closes an HTTP server without failing a request (SIGTERM: a rolling restart, a scale-down). `server.close()` alone
 * stops listening and at once destroys every idle keep-alive connection: a request that a client (nginx reusing its
 * upstream connections) sent on one at that moment gets a reset, and nginx answers a POST so cut with a 502 rather
 * than send it again. Instead: stop listening; answer every request from now on with `Connection: close`, so that no
 * client reuses a connection after its answer; close the connections idle after `graceMs`, and the others as they
 * become idle; resolve once every connection has ended (the requests in flight answered; upgraded sockets are their owner's to close).
 */
export const drainHttpServer = (server: http.Server, { graceMs = HTTP_DRAIN_GRACE_MS } = {}): Promise<void> => {
  const closeAfterAnswer = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.prependListener('request', closeAfterAnswer);
  return new Promise<void>((resolve) => {
    let sweep: NodeJS.Timeout | undefined;
    // net.Server's close: stops listening and waits for the connections, leaving the idle ones open for now.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(grace);
      clearInterval(sweep);
      server.off('request', closeAfterAnswer);
      resolve();
    });
    const grace = setTimeout(() => {
      // http.Server's close: closes the idle connections and stops its timeout checks (listening has stopped). Then
      // the connections whose answer was still on its way become idle in turn: closed as they do.
      http.Server.prototype.close.call(server, () => undefined);
      sweep = setInterval(() => server.closeIdleConnections(), 50);
      sweep.unref();
    }, graceMs);
    grace.unref();
  });
};
