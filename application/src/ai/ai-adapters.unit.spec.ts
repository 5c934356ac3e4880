import { AiCallError, builtinRoleplayTurn, type RoleplayBrief } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { createBuiltinAdapter, defaultAiAdapters } from './ai-adapters.js';

const brief: RoleplayBrief = {
  language: 'en-GB',
  persona: { name: 'Sam', background: [], greeting: 'Hello, I am Sam.' },
  mission: { objections: ['It is too expensive.'], successPhrases: ['free trial'], failurePhrases: [] },
  turnLimit: 5,
};
const adapter = createBuiltinAdapter({ providerId: 'builtin', kind: 'builtin' });
const context = { organizationId: 'acme' };

describe('the built-in adapter', () => {
  it('passes its connection test with no key and no network', async () => {
    await expect(adapter.test(context)).resolves.toBeUndefined();
  });

  it('streams the persona’s next line word by word, then the whole line', async () => {
    const messages = [
      { role: 'system', content: 'You are Sam.' },
      { role: 'assistant', content: 'Hello, I am Sam.' },
      { role: 'user', content: 'We offer a free trial.' },
    ] as const;
    const events = [];
    for await (const event of adapter.chat(
      { model: { modelId: 'builtin-coach' }, messages, roleplay: brief },
      context,
    )) {
      events.push(event);
    }
    const expected = builtinRoleplayTurn(brief, [
      { speaker: 'persona', text: 'Hello, I am Sam.' },
      { speaker: 'learner', text: 'We offer a free trial.' },
    ]).text;
    const done = events.at(-1);
    expect(done).toEqual({ type: 'done', text: expected, usage: { inputTokens: 0, outputTokens: 0 } });
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.text).join('')).toBe(expected);
  });

  it('refuses what it cannot do, saying so', async () => {
    const chat = adapter.chat({ model: { modelId: 'builtin-coach' }, messages: [] }, context);
    await expect(chat[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'not_supported' });
    await expect(adapter.structured({} as never, context)).rejects.toBeInstanceOf(AiCallError);
    await expect(
      adapter.speak!({ model: { modelId: 'builtin-coach' }, voiceId: 'x', text: 'Hello', language: 'en-GB' }, context),
    ).rejects.toMatchObject({ code: 'not_supported' });
  });
});

describe('the default adapters', () => {
  it('speak to the built-in provider, every Chat Completions kind and the three speech kinds', () => {
    const registry = defaultAiAdapters({ AI_ALLOW_PRIVATE_NETWORK: false, AI_CALL_TIMEOUT_MS: 1000 });
    expect(Object.keys(registry).sort()).toEqual([
      'azure_microsoft',
      'builtin',
      'elevenlabs',
      'openai',
      'openai_audio',
      'openai_azure',
      'openai_compatible',
    ]);
  });
});
