import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { containFaults, withinFaultScope } from './fault-containment.js';

/** A logger writing JSON lines into an array. */
const recordingLogger = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('containFaults', () => {
  it('logs an escaped error with the scope it came from and closes that scope alone', async () => {
    const { logger, lines } = recordingLogger();
    const target = new EventEmitter();
    const net = containFaults(logger, target);
    const faulted: string[] = [];

    // An error raised later, from a timer the request started, as a stream's unheard 'error' would be.
    withinFaultScope({ context: { requestId: 'req-1' }, onFault: () => faulted.push('req-1') }, () => {
      setTimeout(() => target.emit('uncaughtException', new Error('Unexpected end of form'), 'uncaughtException'), 1);
    });
    withinFaultScope({ context: { requestId: 'req-2' }, onFault: () => faulted.push('req-2') }, () => undefined);
    await settle();

    expect(faulted).toEqual(['req-1']);
    expect(net.escaped()).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        fault: 'uncaught_exception',
        requestId: 'req-1',
        err: expect.objectContaining({ message: 'Unexpected end of form' }),
        msg: 'an error escaped its handler; the process goes on',
      }),
    ]);
    net.remove();
  });

  it('contains a rejection nobody awaited, outside any scope too, and survives a failing close', async () => {
    const { logger, lines } = recordingLogger();
    const target = new EventEmitter();
    const net = containFaults(logger, target);

    target.emit('unhandledRejection', new Error('no scope'));
    withinFaultScope(
      {
        context: { socketId: 's-1', event: 'voice.start' },
        onFault: () => {
          throw new Error('already closed');
        },
      },
      () => target.emit('unhandledRejection', new Error('in a socket event')),
    );

    expect(net.escaped()).toBe(2);
    expect(
      lines.map((line) => [line.fault, line.socketId, (line.err as { message: string } | undefined)?.message]),
    ).toEqual([
      ['unhandled_rejection', undefined, 'no scope'],
      ['unhandled_rejection', 's-1', 'in a socket event'],
      [undefined, undefined, 'already closed'],
    ]);
    net.remove();
    expect(target.listenerCount('uncaughtException') + target.listenerCount('unhandledRejection')).toBe(0);
  });
});
