import { LATEST_BUILD_MANIFEST_PATH, parseLatestBuildManifest } from './latest-build-manifest';

/** Spec §9 lists 300 among its numbers; five minutes is a sensible poll for "a new version is deployed". */
export const BUILD_POLL_INTERVAL_MS = 300_000;
/** Spec §4 "Version check": a page reload guard of 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;
export const LAST_RELOAD_KEY = 'lastBuildReloadAt';

export type BuildWatcherOptions = {
  currentId: string;
  fetchManifest?: () => Promise<unknown>;
  /** sessionStorage in the browser: the guard must survive the reload it guards. */
  store: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  now?: () => number;
  intervalMs?: number;
};

const defaultFetch = async () => {
  const response = await fetch(LATEST_BUILD_MANIFEST_PATH, { cache: 'no-store' });
  return response.ok ? response.json() : null;
};

/**
 * Polls the latest-build manifest; once its id differs from this bundle's, the next navigation reloads the page
 * (navigation-guard.ts), unless a reload happened less than 10 seconds ago, so a bad deployment cannot loop.
 */
export const createBuildWatcher = (options: BuildWatcherOptions) => {
  const fetchManifest = options.fetchManifest ?? defaultFetch;
  const now = options.now ?? Date.now;
  let latestId: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  // A tab coming back to the foreground may have slept through several polls: check at once.
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };

  const check = async (): Promise<void> => {
    try {
      const manifest = parseLatestBuildManifest(await fetchManifest());
      if (manifest) latestId = manifest.id;
    } catch {
      // Offline or mid-deployment: try again at the next tick.
    }
  };

  return {
    check,
    start() {
      // The development server has no stable build id to compare against.
      if (options.currentId === 'development' || timer) return;
      timer = setInterval(() => void check(), options.intervalMs ?? BUILD_POLL_INTERVAL_MS);
      document.addEventListener('visibilitychange', onVisible);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onVisible);
    },
    updateAvailable: () => latestId !== null && latestId !== options.currentId,
    shouldReload(): boolean {
      if (latestId === null || latestId === options.currentId) return false;
      const last = Number(options.store.getItem(LAST_RELOAD_KEY) ?? 0);
      return now() - last >= RELOAD_GUARD_MS;
    },
    markReload() {
      options.store.setItem(LAST_RELOAD_KEY, String(now()));
    },
  };
};

export type BuildWatcher = ReturnType<typeof createBuildWatcher>;
