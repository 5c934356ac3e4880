import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { BUILTIN_AI_MODEL_ID, BUILTIN_AI_PROVIDER_ID } from '@ai-coaching/application';
import { apiClient, createTestOrganization, signInAs, type TestServer } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  missionContent,
  observerContent,
  personaContent,
  scenarioContent,
  sharedSessionOperations as links,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { expect } from 'vitest';
import type { FakeOpenAiServer } from '../fakes/openai-server.js';

export const unique = (label: string) => `${label} ${newId().slice(-8)}`;

/**
 * A new organization (named after `label`) with the users a coaching suite plays, signed in in this order: its
 * operator, an editor, a learner and the learner's colleague.
 */
export const coachingTeam = async (server: TestServer, label = 'Acme') => {
  const organizationId = await createTestOrganization(server, unique(label));
  const signIn = (role: 'operator' | 'editor' | 'user') => signInAs(server, { role, organizationId });
  const operator = (await signIn('operator')).token;
  const editor = (await signIn('editor')).token;
  const learner = await signIn('user');
  const colleague = (await signIn('user')).token;
  return { organizationId, operator, editor, learner: learner.token, learnerId: learner.userId, colleague };
};

/**
 * The tables of the server's database (its schema) with rows that mention `text` anywhere, each with its count: where
 * a session's personal data may still be, whatever copy a feature keeps.
 */
export const tablesMentioning = async (server: TestServer, text: string): Promise<string[]> => {
  const { rows: tables } = await server.platform.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await server.platform.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${name}" t WHERE t::text LIKE $1`,
      [`%${text}%`],
    );
    if (rows[0]!.count > 0) found.push(`${name} (${rows[0]!.count})`);
  }
  return found;
};

/**
 * A model on an OpenAI-compatible provider that is the fake server, registered by a super-admin. The fake listens on
 * 127.0.0.1, which only `AI_ALLOW_PRIVATE_NETWORK=true` lets a provider use.
 */
export const fakeChatModel = async (
  server: TestServer,
  superAdmin: string,
  fake: FakeOpenAiServer,
  { apiKey, modelId, creditsPerMinute }: { apiKey: string; modelId: string; creditsPerMinute: number },
): Promise<string> => {
  const api = apiClient(server, superAdmin);
  const provider = await api.call(providers.create, {
    body: { name: unique('Ollama'), kind: 'openai_compatible', base_url: fake.baseUrl, enabled: true },
  });
  await api.call(keys.create, { body: { provider_id: provider.body.id!, label: 'Production', value: apiKey } });
  const model = await api.call(models.create, {
    body: {
      provider_id: provider.body.id!,
      model_id: modelId,
      display_name: unique('Llama'),
      capabilities: ['chat'],
      credits_per_minute: creditsPerMinute,
    },
  });
  expect(model.status).toBe(201);
  return model.body.id!;
};

/**
 * A published scenario with a mission won by asking for the deal, on this model, with everything it uses published (text
 * mode unless told). Its observer reads on the built-in model unless told otherwise, so that reports never take a
 * fake's scripted replies.
 */
export const publishedScenario = async (
  server: TestServer,
  editor: string,
  {
    modelId,
    timeLimitSeconds,
    observerModelId = BUILTIN_AI_MODEL_ID,
    mode,
    scenarioFields = {},
  }: {
    modelId: string;
    timeLimitSeconds: number;
    observerModelId?: string;
    mode?: 'text' | 'voice';
    /** More of the scenario's fields (its voice and voice settings). */
    scenarioFields?: Record<string, unknown>;
  },
): Promise<string> => {
  const api = apiClient(server, editor);
  const publish = async (plural: string, id: string) =>
    expect((await api.send('POST', `/v1/coaching/${plural}/${id}/publish`)).status).toBe(200);
  const persona = await api.call(personaContent.operations.create, {
    body: { name: unique('Sam'), language: 'en-GB', mood: 'neutral' },
  });
  const mission = await api.call(missionContent.operations.create, {
    body: {
      title: unique('Close'),
      goal: 'Close the deal',
      success_criteria: ['deal'],
      failure_conditions: ['take it or leave it'],
      // For the built-in persona (docs/ai-builtin-provider.md): a plain question for commitment ("So we have a deal?")
      // wins at once, an ultimatum loses.
      success_behaviours: ['agreed_next_step'],
      failure_behaviours: ['pressure', 'rudeness'],
      difficulty: 1,
      turn_limit: 10,
    },
  });
  const observer = await api.call(observerContent.operations.create, {
    body: {
      name: unique('Coach'),
      model_id: observerModelId,
      rubric: [{ name: 'Close', description: 'Asks', scale: '1_5', weight: 1, not_relevant_when: null }],
    },
  });
  await publish('personas', persona.body.id!);
  await publish('missions', mission.body.id!);
  await publish('observers', observer.body.id!);
  const scenario = await api.call(scenarioContent.operations.create, {
    body: {
      name: unique('Call'),
      persona_id: persona.body.id!,
      mission_id: mission.body.id!,
      observer_ids: [observer.body.id!],
      language: 'en-GB',
      model_id: modelId,
      time_limit_seconds: timeLimitSeconds,
      ...(mode ? { mode } : {}),
      ...scenarioFields,
    },
  });
  expect(scenario.status).toBe(201);
  await publish('scenarios', scenario.body.id!);
  return scenario.body.id!;
};

/**
 * A guest in a session of `scenarioId`, joined through a link `sharer` shares (two uses, an hour): the join's answer,
 * `access_token` the guest's token and `session_id` their session.
 */
export const guestOfSharedScenario = async (server: TestServer, sharer: string, scenarioId: string) => {
  const link = await apiClient(server, sharer).call(links.create, {
    body: {
      scenario_id: scenarioId,
      label: 'Workshop',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      max_uses: 2,
    } as never,
  });
  expect(link.status).toBe(201);
  const joined = await apiClient(server).call(links.join, {
    params: { access_code: link.body.access_code! },
    body: { display_name: 'Ada Guest', accept_terms: true },
  });
  expect(joined.status).toBe(201);
  return joined.body;
};

/** A model of the built-in provider at 2 credits a minute, registered by `superAdmin`: sessions that spend credits. */
export const paidBuiltinModel = async (server: TestServer, superAdmin: string): Promise<string> => {
  const model = await apiClient(server, superAdmin).call(models.create, {
    body: {
      provider_id: BUILTIN_AI_PROVIDER_ID,
      model_id: 'builtin-coach',
      display_name: unique('Paid coach'),
      capabilities: ['chat'],
      credits_per_minute: 2,
    },
  });
  expect(model.status).toBe(201);
  return model.body.id!;
};

type Say = (text: string) => Promise<{ status: number; body: { status?: string } }>;

/**
 * Plays the starter library's price renewal (en-GB) to a win with one of the starter corpus's strong conversations:
 * what a good learner types, turn by turn (docs/ai-builtin-provider.md). `aside`, words a test looks for afterwards,
 * is said as a sentence of its own after the first line. Answers the last turn's answer.
 */
export const winStarterPrice = async (say: Say, aside?: string) => {
  const lines = [...STARTER_CORPUS.price['en-GB'].strong[0]!];
  if (aside) lines[0] = `${lines[0]} Note: ${aside}.`;
  let answer: Awaited<ReturnType<Say>> | undefined;
  for (const line of lines) {
    answer = await say(line);
    expect(answer.status).toBe(200);
  }
  return answer!;
};
