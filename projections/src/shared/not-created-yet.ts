import { PgErrorCode, pgErrorCode } from '@ai-coaching/platform';

/**
 * The catch-ups a runtime does at its start (reservation expiries, analysis reports, session time limits) read read
 * models that the projections runtime of a new installation may not have created yet: then there is nothing to catch
 * up on, and the start goes on instead of failing.
 */
export const unlessNotCreatedYet = async <T>(query: () => Promise<T[]>): Promise<T[]> => {
  try {
    return await query();
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.undefinedTable) return [];
    throw error;
  }
};
