import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, createBuildWatcher } from './build-watcher';

const createMemoryStore = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};
const manifest = (id: string) => ({ id, version: '1.4.1', builtAt: '2026-11-24T00:00:00.000Z' });

describe('build watcher (spec §4 version check)', () => {
  it('asks for a reload once the manifest names another build, and not for the same one', async () => {
    let served = manifest('build-a');
    const watcher = createBuildWatcher({
      currentId: 'build-a',
      fetchManifest: async () => served,
      store: createMemoryStore(),
    });
    await watcher.check();
    expect(watcher.shouldReload()).toBe(false);
    served = manifest('build-b');
    await watcher.check();
    expect(watcher.updateAvailable()).toBe(true);
    expect(watcher.shouldReload()).toBe(true);
  });

  it('does not reload again within 10 seconds of the last reload', async () => {
    let now = 1_000_000;
    const store = createMemoryStore();
    const watcher = createBuildWatcher({
      currentId: 'old',
      fetchManifest: async () => manifest('new'),
      store,
      now: () => now,
    });
    await watcher.check();
    watcher.markReload();
    now += RELOAD_GUARD_MS - 1;
    expect(watcher.shouldReload()).toBe(false);
    now += 1;
    expect(watcher.shouldReload()).toBe(true);
  });

  it('ignores answers that are not a manifest and failed polls', async () => {
    const answers: (() => Promise<unknown>)[] = [
      async () => '<html>proxy error</html>',
      () => Promise.reject(new Error('offline')),
    ];
    const watcher = createBuildWatcher({
      currentId: 'a',
      fetchManifest: () => answers.shift()!(),
      store: createMemoryStore(),
    });
    await watcher.check();
    await watcher.check();
    expect(watcher.shouldReload()).toBe(false);
  });
});
