import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { createContext, use, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The app's TanStack Query client, created when a page first needs it. The query library is a twelfth of the
 * start-up JavaScript, and the pages a first visit sees (landing, login) have no cached data to keep (issue 9
 * §3.1); every other page gets the client before it renders (the navigation guard's `preparePage`), and a piece of the
 * landing page that needs it (the password forms) waits for it behind `<WithQueryClient>`.
 */
export type QueryClientHolder = {
  /** The client, or null while no page needed it. */
  current(): QueryClient | null;
  /** Creates the client on the first call; the same promise until it exists. Retried after a failure. */
  load(): Promise<QueryClient>;
  subscribe(listener: () => void): () => void;
};

export const createQueryClientHolder = (create: () => Promise<QueryClient>): QueryClientHolder => {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => client,
    load() {
      if (client) return Promise.resolve(client);
      loading ??= create().then(
        (created) => {
          client = created;
          for (const listener of [...listeners]) listener();
          return created;
        },
        (error: unknown) => {
          // A chunk that failed to download is asked for again next time.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

const HolderContext = createContext<QueryClientHolder | null>(null);

const useHolder = () => {
  const holder = useContext(HolderContext);
  if (!holder)
    throw new Error('The query client needs <LazyQueryClientProvider> (src/app/providers/app-providers.tsx)');
  return holder;
};

const useCurrentClient = (holder: QueryClientHolder) =>
  useSyncExternalStore(holder.subscribe, holder.current, holder.current);

/**
 * TanStack's `QueryClientProvider`, for a client that may not exist yet. The context stays where it is when the client
 * arrives, so nothing under it is mounted again.
 */
export const LazyQueryClientProvider = ({ holder, children }: { holder: QueryClientHolder; children: ReactNode }) => {
  const client = useCurrentClient(holder);
  useEffect(() => {
    if (!client) return;
    // What QueryClientProvider does: refetches on focus and reconnection, paused mutations resumed.
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <HolderContext.Provider value={holder}>
      <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>
    </HolderContext.Provider>
  );
};

/**
 * Whether the query client exists yet: for a piece of the app's chrome (the top bar's notices) that shows once a page
 * made it, rather than making the first pages of a visit wait for it.
 */
export const useQueryClientLoaded = (): boolean => useCurrentClient(useHolder()) !== null;

/**
 * Renders its children once the query client exists, suspending until then (a `<Suspense>` above shows the wait);
 * `needed={false}` renders them at once. `preload` starts what the children will load themselves (a lazy component's
 * module) alongside the client, rather than after it.
 */
export const WithQueryClient = ({
  needed = true,
  preload,
  children,
}: {
  needed?: boolean;
  preload?: () => Promise<unknown>;
  children: ReactNode;
}) => {
  const holder = useHolder();
  const client = useCurrentClient(holder);
  if (needed && !client) {
    void preload?.().catch(() => undefined);
    use(holder.load());
  }
  return children;
};
