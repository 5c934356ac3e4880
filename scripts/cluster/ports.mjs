// Free ports for a cluster started beside others (the smoke, the system bench): the edge at base + 80 and every
// process at base + its offset.
import net from 'node:net';
import { processesOf } from './topology.mjs';

export const portFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first port base from `from` on (by hundreds) where the edge (base + 80) and every process's port are free. */
export const freePorts = async (from) => {
  for (let base = from; base < 60_000; base += 100) {
    const ports = [base + 80, ...processesOf({ portBase: base }).map((info) => info.port)];
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return { portBase: base, edgePort: base + 80 };
  }
  throw new Error('no free ports');
};
