import { AiCallError, type AiConnection, type AiUsageRecorder, type ChatEvent } from '@ai-coaching/domain';
import {
  createCircuitBreakerRegistry,
  createGuardedFetch,
  createOpenAiAdapter,
  manualClock,
  type GuardedFetch,
  type OpenAiAdapterOptions,
} from '@ai-coaching/platform';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { closedPort } from './adapter-fixtures.js';

// The real `openai` SDK, through the adapter and the outbound guard, against the fake on 127.0.0.1
// (reachable because these adapters allow private networks, as AI_ALLOW_PRIVATE_NETWORK=true does).

const KEY = 'sk-test-the-right-key-7f3a9c';
const WRONG_KEY = 'sk-test-a-wrong-key-51d0e2';
const MODEL = 'gpt-4o-mini';

type UsageEntry = Parameters<AiUsageRecorder>[0];

let fake: FakeOpenAiServer;
let fetch: GuardedFetch;
let usage: UsageEntry[];
/** Every AiCallError the adapter threw in this file, checked at the end for the key. */
const errors: AiCallError[] = [];
let providerSequence = 0;

const clock = manualClock('2026-03-02T10:00:00.000Z');
const context = { organizationId: 'org-1', sessionId: 'session-1' };

const adapterFor = (connection: Partial<AiConnection> = {}, options: OpenAiAdapterOptions = {}) =>
  createOpenAiAdapter(
    {
      providerId: `provider-${++providerSequence}`,
      kind: 'openai_compatible',
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      ...connection,
    },
    {
      allowPrivateNetwork: true,
      fetch,
      breakers: createCircuitBreakerRegistry({ failureThreshold: 3 }),
      maxRetries: 1,
      retryBaseDelayMs: 10,
      timeoutMs: 5000,
      clock,
      onUsage: async (entry) => void usage.push(entry),
      ...options,
    },
  );

const failure = async (promise: Promise<unknown>): Promise<AiCallError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiCallError) {
      errors.push(error);
      return error;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
};

const collect = async (events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> => {
  const seen: ChatEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
};

const chatRequest = (text = 'Hello there') => ({
  model: { modelId: MODEL },
  messages: [
    { role: 'system' as const, content: 'You are Alex, a buyer.' },
    { role: 'user' as const, content: text },
  ],
});

beforeAll(async () => {
  fake = await startFakeOpenAiServer({ apiKey: KEY, models: [MODEL, 'gpt-4o'] });
  fetch = createGuardedFetch({ allowPrivateNetwork: true });
});

afterAll(async () => {
  await fetch.close();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  usage = [];
});

afterEach(() => {
  expect(fake.pending(), 'every scripted behaviour was used').toBe(0);
});

describe('the OpenAI-protocol adapter against the fake, through the real SDK', () => {
  it('streams the answer as deltas, then the whole text with its usage, and records the usage', async () => {
    fake.script({
      kind: 'reply',
      text: 'Good morning, what can I do for you?',
      usage: { prompt_tokens: 12, completion_tokens: 9 },
    });
    const events = await collect(
      adapterFor().chat(
        { ...chatRequest(), model: { modelId: MODEL, temperature: 0.3, maxOutputTokens: 200 } },
        context,
      ),
    );

    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => event.text).join('')).toBe('Good morning, what can I do for you?');
    expect(events.at(-1)).toEqual({
      type: 'done',
      text: 'Good morning, what can I do for you?',
      usage: { inputTokens: 12, outputTokens: 9 },
    });

    const [request] = fake.completions();
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: MODEL,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_tokens: 200,
      messages: [
        { role: 'system', content: 'You are Alex, a buyer.' },
        { role: 'user', content: 'Hello there' },
      ],
    });
    expect(usage).toEqual([
      {
        providerId: expect.stringMatching(/^provider-/),
        modelId: MODEL,
        organizationId: 'org-1',
        sessionId: 'session-1',
        operation: 'chat',
        usage: { inputTokens: 12, outputTokens: 9 },
        at: '2026-03-02T10:00:00.000Z',
      },
    ]);
  });

  it('asks OpenAI itself for max_completion_tokens', async () => {
    fake.script({ kind: 'reply', text: 'fine' });
    await collect(
      adapterFor({ kind: 'openai' }).chat(
        { ...chatRequest(), model: { modelId: MODEL, maxOutputTokens: 50 } },
        context,
      ),
    );
    expect(fake.completions()[0]?.body).toMatchObject({ max_completion_tokens: 50 });
    expect(fake.completions()[0]?.body).not.toHaveProperty('max_tokens');
  });

  it('cancels mid-stream: the request stops and the iterator ends with cancelled', async () => {
    const text = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    fake.script({ kind: 'reply', text, chunkDelayMs: 50 });
    const controller = new AbortController();
    const seen: string[] = [];
    const started = Date.now();
    const error = await failure(
      (async () => {
        for await (const event of adapterFor().chat(chatRequest(), { ...context, signal: controller.signal })) {
          if (event.type === 'done') throw new Error('the stream should not have finished');
          seen.push(event.text);
          if (seen.length === 3) controller.abort();
        }
      })(),
    );
    expect(error.code).toBe('cancelled');
    expect(seen).toHaveLength(3);
    await expect.poll(() => fake.completions()[0]?.abandoned).toBe(true);
    // 40 chunks at 50 ms would take 2 s: the call ended long before.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(usage).toEqual([]);
  });

  it('stops the request when the consumer stops reading, without counting it against the provider', async () => {
    const breakers = createCircuitBreakerRegistry({ failureThreshold: 1 });
    const adapter = adapterFor({}, { breakers });
    fake.script({ kind: 'reply', text: 'a b c d e f g h i j k l m n o p', chunkDelayMs: 50 });
    let deltas = 0;
    for await (const event of adapter.chat(chatRequest(), context)) {
      if (event.type === 'delta' && ++deltas === 2) break;
    }
    await expect.poll(() => fake.completions()[0]?.abandoned).toBe(true);
    fake.script({ kind: 'reply', text: 'next turn' });
    expect((await collect(adapter.chat(chatRequest(), context))).at(-1)).toMatchObject({ text: 'next turn' });
    expect(usage.map((entry) => entry.operation)).toEqual(['chat']);
  });

  it('ends a stream cut halfway with provider_error, never with done', async () => {
    fake.script({ kind: 'cut', text: 'one two three four five six', afterChunks: 3 });
    const seen: ChatEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of adapterFor().chat(chatRequest(), context)) seen.push(event);
      })(),
    );
    expect(error.code).toBe('provider_error');
    expect(error.message).toMatch(/closed the connection before the answer was complete/);
    expect(seen.every((event) => event.type === 'delta')).toBe(true);
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  describe('structured output', () => {
    const Verdict = z.object({
      score: z.number().int().min(0).max(5),
      summary: z.string(),
      strengths: z.array(z.string()),
    });
    const request = {
      model: { modelId: MODEL },
      messages: [{ role: 'user' as const, content: 'Score this conversation.' }],
      schema: Verdict,
      schemaName: 'verdict',
    };

    it('sends the json_schema response format and, after an invalid answer, repairs once', async () => {
      fake.script(
        {
          kind: 'reply',
          text: '{"score": "high", "summary": "Good"}',
          usage: { prompt_tokens: 20, completion_tokens: 8 },
        },
        {
          kind: 'reply',
          text: '{"score": 4, "summary": "Good listening", "strengths": ["open questions"]}',
          usage: { prompt_tokens: 40, completion_tokens: 15 },
        },
      );
      const result = await adapterFor().structured(request, context);

      expect(result).toEqual({
        value: { score: 4, summary: 'Good listening', strengths: ['open questions'] },
        usage: { inputTokens: 60, outputTokens: 23 },
      });
      const [first, repair] = fake.completions();
      expect(first?.body?.response_format).toEqual({
        type: 'json_schema',
        json_schema: {
          name: 'verdict',
          strict: true,
          schema: expect.objectContaining({
            type: 'object',
            additionalProperties: false,
            required: ['score', 'summary', 'strengths'],
          }),
        },
      });
      expect(first?.body).not.toHaveProperty('stream', true);
      const repairMessages = repair?.body?.messages as { role: string; content: string }[];
      expect(repairMessages.slice(0, 2)).toEqual([
        { role: 'user', content: 'Score this conversation.' },
        { role: 'assistant', content: '{"score": "high", "summary": "Good"}' },
      ]);
      expect(repairMessages[2]?.role).toBe('user');
      expect(repairMessages[2]?.content).toMatch(/score/);
      expect(repairMessages[2]?.content).toMatch(/strengths/);
      expect(usage.map((entry) => [entry.operation, entry.usage])).toEqual([
        ['structured', { inputTokens: 20, outputTokens: 8 }],
        ['structured', { inputTokens: 40, outputTokens: 15 }],
      ]);
    });

    it('repairs an answer that is not JSON at all', async () => {
      fake.script(
        { kind: 'reply', text: 'Sure! Here is the score: 4' },
        { kind: 'reply', text: '{"score": 3, "summary": "ok", "strengths": []}' },
      );
      const result = await adapterFor().structured(request, context);
      expect(result.value.score).toBe(3);
      const repair = fake.completions()[1]?.body?.messages as { content: string }[];
      expect(repair.at(-1)?.content).toMatch(/not valid JSON/);
    });

    it('gives up with invalid_output after the one repair', async () => {
      fake.script({ kind: 'reply', text: '{"score": 9}' }, { kind: 'reply', text: '{"score": 8}' });
      const error = await failure(adapterFor().structured(request, context));
      expect(error.code).toBe('invalid_output');
      expect(fake.completions()).toHaveLength(2);
      expect(usage).toHaveLength(2);
    });
  });

  describe('retries, timeouts and the circuit breaker', () => {
    it('retries a 429 once, after the Retry-After it asks for', async () => {
      fake.script({ kind: 'error', status: 429, retryAfter: '1' }, { kind: 'reply', text: 'after the wait' });
      const started = Date.now();
      const events = await collect(adapterFor().chat(chatRequest(), context));
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(events.at(-1)).toMatchObject({ type: 'done', text: 'after the wait' });
      expect(fake.completions()).toHaveLength(2);
    });

    it('answers rate_limited when the 429s outlast the retries, or ask for a longer wait than we give', async () => {
      fake.script({ kind: 'error', status: 429, retryAfter: '0' }, { kind: 'error', status: 429, retryAfter: '0' });
      const exhausted = await failure(collect(adapterFor().chat(chatRequest(), context)));
      expect(exhausted).toMatchObject({ code: 'rate_limited', details: { status: 429, retryAfterSeconds: 0 } });
      expect(fake.completions()).toHaveLength(2);

      fake.reset();
      fake.script({ kind: 'error', status: 429, retryAfter: '120' });
      const started = Date.now();
      const long = await failure(collect(adapterFor().chat(chatRequest(), context)));
      expect(long).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: 120 } });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(fake.completions()).toHaveLength(1);
    });

    it('retries a 500 with backoff and succeeds', async () => {
      fake.script(
        { kind: 'error', status: 503 },
        { kind: 'reply', text: '{"score": 1, "summary": "s", "strengths": []}' },
      );
      const value = await adapterFor().structured(
        {
          model: { modelId: MODEL },
          messages: [{ role: 'user', content: 'x' }],
          schema: z.object({ score: z.number(), summary: z.string(), strengths: z.array(z.string()) }),
          schemaName: 'verdict',
        },
        context,
      );
      expect(value.value.score).toBe(1);
      expect(fake.completions()).toHaveLength(2);
    });

    it('opens the circuit after repeated 5xx, then refuses without calling the provider', async () => {
      let now = 1_000_000;
      const breakers = createCircuitBreakerRegistry({ failureThreshold: 3, coolDownMs: 30_000, now: () => now });
      const adapter = adapterFor({}, { breakers, maxRetries: 0 });
      fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 502 }, { kind: 'error', status: 500 });
      for (let call = 0; call < 3; call++) {
        const error = await failure(collect(adapter.chat(chatRequest(), context)));
        expect(error.code).toBe('provider_error');
      }
      expect(fake.completions()).toHaveLength(3);

      const open = await failure(collect(adapter.chat(chatRequest(), context)));
      expect(open.code).toBe('circuit_open');
      expect(open.details.retryAfterSeconds).toBe(30);
      const openStructured = await failure(
        adapter.structured(
          { model: { modelId: MODEL }, messages: [], schema: z.object({}), schemaName: 'empty' },
          context,
        ),
      );
      expect(openStructured.code).toBe('circuit_open');
      expect(fake.completions()).toHaveLength(3);

      // After the cool-down one trial goes through, and its success closes the circuit.
      now += 30_000;
      fake.script({ kind: 'reply', text: 'back' }, { kind: 'reply', text: 'still here' });
      expect((await collect(adapter.chat(chatRequest(), context))).at(-1)).toMatchObject({ text: 'back' });
      expect((await collect(adapter.chat(chatRequest(), context))).at(-1)).toMatchObject({ text: 'still here' });
    });

    it('does not count refusals (4xx) towards opening the circuit', async () => {
      const adapter = adapterFor({ apiKey: WRONG_KEY }, { maxRetries: 0 });
      for (let call = 0; call < 5; call++) {
        expect((await failure(collect(adapter.chat(chatRequest(), context)))).code).toBe('wrong_key');
      }
      expect(fake.completions()).toHaveLength(5);
    });

    it('times out when the provider does not answer in time', async () => {
      fake.script({ kind: 'delay', ms: 1500 });
      const started = Date.now();
      const error = await failure(
        collect(adapterFor({}, { timeoutMs: 200, maxRetries: 0 }).chat(chatRequest(), context)),
      );
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(/did not answer within 0\.2 s/);
      expect(Date.now() - started).toBeLessThan(1200);
    });

    it('times out a stream that stops sending chunks', async () => {
      fake.script({ kind: 'reply', text: 'slow answer here', chunkDelayMs: 800 });
      const seen: ChatEvent[] = [];
      const error = await failure(
        (async () => {
          for await (const event of adapterFor({}, { timeoutMs: 300 }).chat(chatRequest(), context)) seen.push(event);
        })(),
      );
      expect(error.code).toBe('timeout');
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen.some((event) => event.type === 'done')).toBe(false);
    });

    it('honours a per-call timeout from the call context', async () => {
      fake.script({ kind: 'delay', ms: 1000 });
      const error = await failure(
        adapterFor({}, { maxRetries: 0 }).structured(
          { model: { modelId: MODEL }, messages: [], schema: z.object({}), schemaName: 'empty' },
          { ...context, timeoutMs: 150 },
        ),
      );
      expect(error.code).toBe('timeout');
    });
  });

  describe('errors a person can act on', () => {
    it('names a wrong key without ever quoting it', async () => {
      const adapter = adapterFor({ apiKey: WRONG_KEY });
      const onTest = await failure(adapter.test(context));
      const onChat = await failure(collect(adapter.chat(chatRequest(), context)));
      for (const error of [onTest, onChat]) {
        expect(error).toMatchObject({ code: 'wrong_key', details: { status: 401 } });
        expect(error.message).not.toContain(WRONG_KEY);
        expect(error.message).not.toContain(WRONG_KEY.slice(-4));
        expect(error.message).not.toContain('sk-');
      }
      // The fake quoted part of the key back, as OpenAI does; that text stayed out.
      expect(fake.requests.every((request) => request.headers.authorization === `Bearer ${WRONG_KEY}`)).toBe(true);
    });

    it('names an unknown model', async () => {
      const error = await failure(
        collect(adapterFor().chat({ ...chatRequest(), model: { modelId: 'gpt-does-not-exist' } }, context)),
      );
      expect(error).toMatchObject({ code: 'unknown_model', details: { status: 404 } });
      expect(error.message).toContain('gpt-does-not-exist');
    });

    it('names an unreachable port', async () => {
      const port = await closedPort();
      const error = await failure(adapterFor({ baseUrl: `http://127.0.0.1:${port}/v1` }).test(context));
      expect(error.code).toBe('unreachable');
      expect(error.message).toContain(`http://127.0.0.1:${port}`);
      expect(error.message).toContain('ECONNREFUSED');
    });

    it('refuses a redirect to the metadata address', async () => {
      fake.script({ kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' });
      const error = await failure(collect(adapterFor().chat(chatRequest(), context)));
      expect(error.code).toBe('address_refused');
      expect(error.message).not.toContain('security-credentials');
    });

    it('refuses a private base URL unless private networks are allowed, before any request', async () => {
      const error = await failure(adapterFor({}, { allowPrivateNetwork: false, fetch: undefined }).test(context));
      expect(error.code).toBe('address_refused');
      expect(error.message).toMatch(/AI_ALLOW_PRIVATE_NETWORK/);
      expect(fake.requests).toHaveLength(0);
    });

    it('asks for a key before calling a hosted provider without one', async () => {
      const error = await failure(adapterFor({ kind: 'openai', apiKey: undefined }).test(context));
      expect(error.code).toBe('no_key');
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('the connection test', () => {
    it('lists the models of an OpenAI-compatible server', async () => {
      await adapterFor().test(context);
      expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/models']);
    });

    it('works even while the circuit is open, and closes it', async () => {
      const breakers = createCircuitBreakerRegistry({ failureThreshold: 1 });
      const adapter = adapterFor({}, { breakers, maxRetries: 0 });
      fake.script({ kind: 'error', status: 500 });
      await failure(collect(adapter.chat(chatRequest(), context)));
      expect((await failure(collect(adapter.chat(chatRequest(), context)))).code).toBe('circuit_open');
      await adapter.test(context);
      expect((await collect(adapter.chat(chatRequest(), context))).at(-1)).toMatchObject({ type: 'done' });
    });
  });

  describe('Azure OpenAI', () => {
    const azure = (options: OpenAiAdapterOptions = {}) =>
      adapterFor({ kind: 'openai_azure', baseUrl: fake.origin, apiVersion: '2024-10-21' }, options);

    it('calls the deployment path with the api-version and the api-key header', async () => {
      fake.script({ kind: 'reply', text: 'Bonjour' });
      const events = await collect(azure().chat(chatRequest(), context));
      expect(events.at(-1)).toMatchObject({ type: 'done', text: 'Bonjour' });
      const [request] = fake.completions();
      expect(request).toMatchObject({
        path: `/openai/deployments/${MODEL}/chat/completions`,
        query: { 'api-version': '2024-10-21' },
        deployment: MODEL,
      });
      expect(request?.headers['api-key']).toBe(KEY);
      expect(request?.headers.authorization).toBeUndefined();
    });

    it('tests the deployment with a 1-token chat, or the endpoint and key by listing models', async () => {
      fake.script({ kind: 'reply', text: 'p' });
      await azure({ testModelId: MODEL }).test(context);
      expect(fake.completions()[0]?.body).toMatchObject({ max_completion_tokens: 1 });
      expect(usage.map((entry) => entry.operation)).toEqual(['chat']);

      fake.reset();
      await azure().test(context);
      expect(fake.requests.map((request) => request.path)).toEqual(['/openai/models']);
    });

    it('names a deployment that does not exist', async () => {
      const error = await failure(azure({ testModelId: 'no-such-deployment' }).test(context));
      expect(error).toMatchObject({ code: 'unknown_model', details: { status: 404 } });
    });

    it('names a wrong key', async () => {
      const error = await failure(
        adapterFor({ kind: 'openai_azure', baseUrl: fake.origin, apiVersion: '2024-10-21', apiKey: WRONG_KEY }).test(
          context,
        ),
      );
      expect(error.code).toBe('wrong_key');
    });
  });

  it('never put a key in an error message', () => {
    expect(errors.length).toBeGreaterThan(15);
    for (const error of errors) {
      expect(error.message).not.toContain(KEY);
      expect(error.message).not.toContain(WRONG_KEY);
    }
  });
});
