import { ValidationError } from '@ai-coaching/domain';
import { createLogger } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { gatewayFailure } from './socket-answers.js';

const log = createLogger({ level: 'silent' });

describe('[GATEWAY]: a failed socket call is answered as the API would answer it', () => {
  it('maps a domain error’s field to details.issues, in the socket’s language', () => {
    const error = new ValidationError('coaching_session_turn_empty', 'A turn says something.', { field: 'text' });
    expect(gatewayFailure(error, 'fr-FR', log)).toEqual({
      ok: false,
      status: 400,
      error: {
        code: 'coaching_session_turn_empty',
        message: 'Un tour dit quelque chose.',
        details: { issues: [{ path: 'text', message: 'Un tour dit quelque chose.' }] },
      },
    });
  });

  it('answers a store restarting as a 503 the client retries, in the socket’s language', () => {
    const restarting = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    expect(gatewayFailure(restarting, 'fr-FR', log)).toEqual({
      ok: false,
      status: 503,
      error: {
        code: 'store_unavailable',
        message: 'Le service est indisponible un instant. Réessayez dans quelques secondes.',
      },
    });
  });

  it('answers anything else as an internal error, nothing of it leaked', () => {
    expect(gatewayFailure(new Error('secret'), 'en-GB', log)).toMatchObject({
      ok: false,
      status: 500,
      error: { code: 'internal_error' },
    });
  });
});
