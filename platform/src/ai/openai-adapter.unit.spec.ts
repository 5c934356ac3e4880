import { AiCallError } from '@ai-coaching/domain';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAiAdapter, responseSchemaOf, toAiCallError } from './openai-adapter.js';

const KEY = 'sk-proj-AbCdEf0123456789secret';
const where = { apiKey: KEY, origin: 'https://llm.example.com' };

const apiError = (status: number, body: object | undefined, headers: Record<string, string> = {}) =>
  APIError.generate(status, body, undefined, new Headers(headers));

/** A connection failure as the SDK reports one: "fetch failed" with the socket's error as its cause. */
const connectionError = (code: string) =>
  new APIConnectionError({
    cause: new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) }),
  });

describe('mapping provider failures to AiCallError', () => {
  it.each([
    [401, { error: { code: 'invalid_api_key', message: `Incorrect API key provided: ${KEY}` } }, 'wrong_key'],
    [403, { error: { message: 'Forbidden' } }, 'wrong_key'],
    [404, { error: { code: 'model_not_found', message: 'The model `x` does not exist' } }, 'unknown_model'],
    [
      404,
      { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' } },
      'unknown_model',
    ],
    [404, { error: { message: 'model "llama9" not found, try pulling it first', type: 'api_error' } }, 'unknown_model'],
    [404, { error: { message: 'Invalid URL (POST /v2/chat/completions)' } }, 'provider_error'],
    [429, { error: { code: 'rate_limit_exceeded', message: 'Rate limit reached' } }, 'rate_limited'],
    [500, { error: { message: 'The server had an error' } }, 'provider_error'],
    [503, undefined, 'provider_error'],
  ])('maps %i %j to %s', (status, body, code) => {
    const error = toAiCallError(apiError(status, body), where);
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    expect(error.message).not.toContain(KEY);
  });

  it('keeps Retry-After on rate_limited', () => {
    expect(toAiCallError(apiError(429, undefined, { 'retry-after': '7' }), where).details).toEqual({
      status: 429,
      retryAfterSeconds: 7,
    });
  });

  it.each([
    ['ECONNREFUSED', 'unreachable'],
    ['ENOTFOUND', 'unreachable'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETUNREACH', 'unreachable'],
    ['CERT_HAS_EXPIRED', 'tls_error'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_error'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls_error'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls_error'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_error'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_SOCKET', 'provider_error'],
  ])('maps a connection failing with %s to %s', (code, expected) => {
    const error = toAiCallError(connectionError(code), where);
    expect(error.code).toBe(expected);
    expect(error.message).toContain('https://llm.example.com');
  });

  it('reads the codes inside an AggregateError (several addresses tried)', () => {
    const both = new AggregateError([
      Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('b'), { code: 'ENETUNREACH' }),
    ]);
    expect(
      toAiCallError(new APIConnectionError({ cause: new TypeError('fetch failed', { cause: both }) }), where).code,
    ).toBe('unreachable');
  });

  it('tells a cancelled call from a timed-out one', () => {
    expect(toAiCallError(new Error('aborted'), { ...where, cancelled: true }).code).toBe('cancelled');
    expect(toAiCallError(new Error('aborted'), { ...where, timedOut: true, timeoutMs: 1500 }).message).toMatch(
      /within 1\.5 s/,
    );
    expect(toAiCallError(new APIConnectionTimeoutError(), where).code).toBe('timeout');
  });

  it('passes an AiCallError of the outbound guard through, from inside the SDK wrapping', () => {
    const refused = new AiCallError('address_refused', 'The provider address is the cloud metadata service');
    const wrapped = new APIConnectionError({ cause: new TypeError('fetch failed', { cause: refused }) });
    expect(toAiCallError(wrapped, where)).toBe(refused);
  });

  it('keeps anything that looks like a key out of a provider message it quotes', () => {
    const error = toAiCallError(
      apiError(400, { error: { message: `Bad request for key ${KEY} and sk-other-12345678` } }),
      where,
    );
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('sk-other');
  });
});

describe('the structured-output schema', () => {
  it('is strict JSON schema: no dialect, closed objects, every property required', () => {
    const schema = responseSchemaOf(
      z.object({ a: z.string(), b: z.array(z.object({ c: z.number() })), d: z.string().nullable() }),
    );
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['a', 'b', 'd'],
      properties: { b: { items: { additionalProperties: false, required: ['c'] } } },
    });
  });
});

describe('creating an adapter', () => {
  it('refuses kinds that do not speak Chat Completions', () => {
    expect(() => createOpenAiAdapter({ providerId: 'p', kind: 'elevenlabs' })).toThrow(AiCallError);
  });

  it('answers every call with the setup problem of a refused base URL, without sending anything', async () => {
    const adapter = createOpenAiAdapter(
      { providerId: 'p', kind: 'openai_compatible', baseUrl: 'http://8.8.8.8/v1', apiKey: 'k' },
      { allowPrivateNetwork: true },
    );
    expect(adapter.capabilities).toEqual(['chat', 'transcription']);
    await expect(adapter.test({ organizationId: null })).rejects.toMatchObject({ code: 'address_refused' });
    await expect(
      adapter.structured(
        { model: { modelId: 'm' }, messages: [], schema: z.object({}), schemaName: 's' },
        { organizationId: null },
      ),
    ).rejects.toMatchObject({ code: 'address_refused' });
  });
});
