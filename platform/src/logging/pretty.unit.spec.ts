import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, isPrettyLog, prettyDestination } from './logger.js';

describe('logger on a terminal', () => {
  it('is readable on a terminal and JSON everywhere else, unless LOG_FORMAT says otherwise', () => {
    expect(isPrettyLog('auto', true)).toBe(true);
    expect(isPrettyLog('auto', false)).toBe(false);
    expect(isPrettyLog('json', true)).toBe(false);
    expect(isPrettyLog('pretty', false)).toBe(true);
  });

  it('writes one readable line per entry, secrets still redacted', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    createLogger({ level: 'info', name: 'ai-coaching' }, prettyDestination(sink)).info(
      { url: 'http://localhost:3000', password: 'hunter2' },
      'listening',
    );
    const line = lines.join('');
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(ai-coaching\): listening/);
    expect(line).toContain('http://localhost:3000');
    expect(line).not.toContain('hunter2');
    expect(() => JSON.parse(line)).toThrow();
  });
});
