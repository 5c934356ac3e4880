import { DecryptionError } from '@ai-coaching/platform';
import { ApiError } from '../http/api-error.js';
import type { ApiContext } from '../http/context.js';

/**
 * Runs a single sign-on use case. A stored secret that no longer decrypts (the auth secret
 * changed) is the operator's problem to fix, not a 500: it is logged and answered as such.
 */
export const answering = async <T>(ctx: ApiContext, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    ctx.state.log.error({ err: error }, 'a stored single sign-on secret does not decrypt');
    throw new ApiError(
      503,
      'sso_secret_unreadable',
      'Single sign-on is misconfigured on our side (a stored secret cannot be read). Contact support.',
    );
  }
};
