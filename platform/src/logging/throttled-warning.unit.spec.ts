import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { throttledWarning } from './throttled-warning.js';

describe('[PLATFORM]: a warning that repeats with every message', () => {
  it('logs the first at once, then one line per period saying how many were left out', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let clock = 0;
    const warn = throttledWarning(logger, 'could not check a socket message', { everyMs: 10_000, now: () => clock });

    warn({ socketId: 'a' });
    for (let index = 0; index < 500; index++) {
      clock += 10;
      warn({ socketId: 'b' });
    }
    clock = 10_001;
    warn({ socketId: 'c' });
    clock = 10_002;
    warn({ socketId: 'd' });

    expect(lines.map(({ socketId, suppressed, msg }) => ({ socketId, suppressed, msg }))).toEqual([
      { socketId: 'a', suppressed: undefined, msg: 'could not check a socket message' },
      { socketId: 'c', suppressed: 500, msg: 'could not check a socket message' },
    ]);
  });
});
