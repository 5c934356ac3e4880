import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { createLifecycle } from './lifecycle.js';

describe('lifecycle', () => {
  it('closes components in reverse order of start, once, even when one fails or hangs', async () => {
    const closed: string[] = [];
    const lifecycle = createLifecycle(createLogger({ level: 'silent' }), { timeoutMs: 50 });
    lifecycle.add('database', async () => void closed.push('database'));
    lifecycle.add('stuck', () => new Promise(() => undefined));
    lifecycle.add('broken', async () => {
      closed.push('broken');
      throw new Error('boom');
    });
    lifecycle.add('http server', async () => void closed.push('http server'));
    await Promise.all([lifecycle.close(), lifecycle.close()]);
    expect(closed).toEqual(['http server', 'broken', 'database']);
  });
});
