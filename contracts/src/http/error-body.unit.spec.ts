import { ConflictError, NotFoundError, ValidationError } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessages } from '../i18n/messages.js';
import { errorBodyOf } from './error-body.js';

describe('[HTTP]: errorBodyOf, the one error body of the API and the gateway', () => {
  it('turns a field named by a domain error into one issue, snake_case, worded in the locale', () => {
    const error = new ValidationError('coaching_session_turn_empty', 'A turn says something.', { field: 'turnText' });
    expect(errorBodyOf(error, 'fr-FR')).toEqual({
      code: 'coaching_session_turn_empty',
      message: 'Un tour dit quelque chose.',
      details: { issues: [{ path: 'turn_text', message: 'Un tour dit quelque chose.' }] },
    });
  });

  it('keeps the other details beside the issue, and details without a field as they are', () => {
    const withField = new NotFoundError('ai_voice_not_found', 'This speech voice does not exist.', {
      field: 'voice_id',
      id: 'v1',
    });
    expect(errorBodyOf(withField, 'en-GB').details).toEqual({
      id: 'v1',
      issues: [{ path: 'voice_id', message: 'This speech voice does not exist.' }],
    });
    const withoutField = new ConflictError('some_conflict', 'Not in the catalogue.', { turn_id: 't1' });
    expect(errorBodyOf(withoutField, 'fr-FR')).toEqual({
      code: 'some_conflict',
      message: 'Not in the catalogue.',
      details: { turn_id: 't1' },
    });
  });

  it('answers an error without details with code and message only', () => {
    expect(errorBodyOf({ code: 'unauthorized', message: 'Sign in again.' }, 'en-GB')).toEqual({
      code: 'unauthorized',
      message: 'Sign in again.',
    });
  });

  it('answers a zod parse as invalid_request with its issues, worded by the parse', () => {
    const parsed = z
      .object({ nested: z.object({ name: z.string() }) })
      .safeParse({ nested: { name: 1 } }, { error: issueMessages('fr-FR') });
    expect(parsed.success).toBe(false);
    const body = errorBodyOf(parsed.error!, 'fr-FR');
    expect(body.code).toBe('invalid_request');
    expect(body.message).toBe('Certains champs sont manquants ou invalides. Corrigez-les puis réessayez.');
    expect(body.details?.issues).toEqual([{ path: 'nested.name', message: parsed.error!.issues[0]!.message }]);
  });
});
