import type { Logger } from '../logging/logger.js';

export type Closer = { name: string; close: () => Promise<void> };

/**
 * Components register how to close themselves as they start; shutdown closes them in reverse
 * order (the HTTP server stops taking requests before the database it needs goes away), each
 * bounded by a timeout so one stuck component cannot hold the process forever.
 */
export const createLifecycle = (logger: Logger, options: { timeoutMs: number }) => {
  const closers: Closer[] = [];
  let closing: Promise<void> | undefined;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const closer of [...closers].reverse()) {
        const started = Date.now();
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            closer.close(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
            }),
          ]);
          logger.debug({ component: closer.name, ms: Date.now() - started }, 'closed');
        } catch (error) {
          logger.error({ component: closer.name, err: error }, 'component did not close cleanly');
        } finally {
          clearTimeout(timer);
        }
      }
    })();
    return closing;
  };

  return {
    add(name: string, closeFn: () => Promise<void>) {
      closers.push({ name, close: closeFn });
    },
    close,
    /** SIGTERM and SIGINT drain and close everything, then exit; a second signal exits at once. */
    handleSignals(exit: (code: number) => void = (code) => process.exit(code)) {
      let received = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (received) return exit(1);
        received = true;
        logger.info({ signal }, 'shutting down');
        void close().then(() => {
          logger.info('shut down cleanly');
          exit(0);
        });
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    },
  };
};

export type Lifecycle = ReturnType<typeof createLifecycle>;
