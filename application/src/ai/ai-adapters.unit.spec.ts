import {
  AiCallError,
  builtinRoleplayTurn,
  builtinScenarioDraft,
  conversationMetrics,
  parseWav,
  pcm16Rms,
  type RoleplayBrief,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scenarioDraftAnswerSchema } from '../coaching/generators/session-generators.js';
import { createBuiltinAdapter, defaultAiAdapters } from './ai-adapters.js';

const brief: RoleplayBrief = {
  language: 'en-GB',
  persona: {
    name: 'Sam',
    greeting: 'Hello, I am Sam.',
    knowledge: [
      { topic: 'budget', keywords: ['cost', 'price'], says: 'We have no budget left this year.', gate: 'any' },
    ],
    motivations: [],
    patience: 3,
    openness: 3,
    mood: 'neutral',
  },
  mission: {
    objections: [{ text: 'It is too expensive.', resolvedBy: ['value'] }],
    success: ['resolved_every_objection'],
    failure: ['rudeness'],
    difficulty: 1,
  },
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

  it('answers an analysis with the metrics and its judgement of the criteria', async () => {
    // Played with the built-in persona: a question, a turn that lets it raise its objection, the answer to it.
    const transcript: TranscriptTurn[] = [{ speaker: 'persona', text: 'Hello, I am Sam.' }];
    for (const text of [
      'What is your budget like?',
      'I see, thank you.',
      'A free trial would save your team hours, so you only pay once it works.',
    ]) {
      transcript.push(
        { speaker: 'learner', text },
        { speaker: 'persona', text: builtinRoleplayTurn(brief, [...transcript, { speaker: 'learner', text }]).text },
      );
    }
    const criteria = [{ name: 'Value', description: 'Shows the benefit.', weight: 1 }];
    const schema = z.object({
      metrics: z.looseObject({ questions: z.looseObject({ total: z.number() }) }),
      judgement: z.looseObject({ overall: z.number().nullable(), criteria: z.array(z.looseObject({})) }).nullable(),
    });
    const { value, usage } = await adapter.structured(
      {
        model: { modelId: 'builtin-coach' },
        messages: [],
        schema,
        schemaName: 'report',
        analysis: { transcript, language: 'en-GB', practice: { brief, criteria } },
      },
      context,
    );
    expect(value.metrics).toEqual(conversationMetrics(transcript, 'en-GB'));
    expect(value.metrics.questions.total).toBe(1);
    expect(value.judgement).toMatchObject({
      outcome: 'win',
      criteria: [
        {
          name: 'Value',
          behaviour: 'value',
          evidence: [{ turn: 2, quote: 'A free trial would save your team hours, so you only pay once it works.' }],
        },
      ],
    });
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0 });

    // A shape it cannot fill is said, not invented.
    await expect(
      adapter.structured(
        {
          model: { modelId: 'builtin-coach' },
          messages: [],
          schema: z.object({ verdict: z.string() }),
          schemaName: 'verdict',
          analysis: { transcript, language: 'en-GB' },
        },
        context,
      ),
    ).rejects.toMatchObject({ code: 'invalid_output' });
  });

  it('drafts a session generator’s scenario from its templates, in the shape the generator asks', async () => {
    const draft = {
      skill: 'negotiation',
      audience: 'buyers',
      industry: 'retail',
      difficulty: 4,
      language: 'fr-FR' as const,
      index: 1,
    };
    const { value, usage } = await adapter.structured(
      {
        model: { modelId: 'builtin-coach' },
        messages: [],
        schema: scenarioDraftAnswerSchema,
        schemaName: 'scenario_draft',
        draft,
      },
      context,
    );
    expect(value).toEqual(builtinScenarioDraft(draft));
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    await expect(
      adapter.structured(
        {
          model: { modelId: 'builtin-coach' },
          messages: [],
          schema: z.object({ x: z.string() }),
          schemaName: 'x',
          draft,
        },
        context,
      ),
    ).rejects.toMatchObject({ code: 'invalid_output' });
  });

  it('refuses what it cannot do, saying so', async () => {
    const chat = adapter.chat({ model: { modelId: 'builtin-coach' }, messages: [] }, context);
    await expect(chat[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'not_supported' });
    await expect(adapter.structured({} as never, context)).rejects.toBeInstanceOf(AiCallError);
    await expect(adapter.structured({} as never, context)).rejects.toMatchObject({ code: 'not_supported' });
  });

  it('speaks offline with eSpeak NG: a 24 kHz PCM16 WAV in the language asked, its length as usage', async () => {
    const spoken = await adapter.speak!(
      { model: { modelId: 'builtin-coach' }, voiceId: 'x', text: 'Bonjour, je vous écoute.', language: 'fr-FR' },
      context,
    );
    expect(spoken.mimeType).toBe('audio/wav');
    const wav = parseWav(spoken.audio);
    expect(wav.sampleRate).toBe(24_000);
    expect(pcm16Rms(wav.samples)).toBeGreaterThan(500);
    expect(spoken.usage.audioSeconds).toBeCloseTo(wav.samples.length / 24_000, 5);
  }, 20_000);
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
