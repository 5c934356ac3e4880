import type { Logger } from './logger.js';

/**
 * A warning for a failure that repeats with every message while it lasts (a store down: each socket message of every
 * learner fails the same way, 2,500 audio frames a second at 50 voice sessions): the first is logged at once, then at
 * most one line every `everyMs`, which says how many were left out since the last (`suppressed`).
 */
export const throttledWarning = (
  logger: Logger,
  message: string,
  { everyMs = 10_000, now = () => performance.now() }: { everyMs?: number; now?: () => number } = {},
): ((fields: Record<string, unknown>) => void) => {
  let last = -Infinity;
  let suppressed = 0;
  return (fields) => {
    const at = now();
    if (at - last < everyMs) {
      suppressed += 1;
      return;
    }
    logger.warn(suppressed > 0 ? { ...fields, suppressed } : fields, message);
    last = at;
    suppressed = 0;
  };
};
