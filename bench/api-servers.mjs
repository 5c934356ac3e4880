// The servers bench/api.mjs loads, each started in a process of its own by fork() so that the load
// generator never shares their event loop:
//
//   node bench/api-servers.mjs bare              a bare Koa server answering a fixed JSON body
//   node bench/api-servers.mjs app <engine>      the one-process server on pglite|postgres, seeded
//   node bench/api-servers.mjs sessions <engine> <providerUrl> <learners>
//                                                the same, with a scenario on an OpenAI-compatible provider at
//                                                <providerUrl> and <learners> learners funded to play it
//   node bench/api-servers.mjs voice <engine> <realtimeBaseUrl> <learners> <apiKey>
//                                                the same with a voice scenario on an `openai` provider whose
//                                                realtime server (TLS, self-signed) is at <realtimeBaseUrl>
//
// Each sends { url, ... } over the IPC channel once it listens, and stops on 'stop'.
import Koa from 'koa';

const [kind, engine] = process.argv.slice(2);

// The bench's realtime server has a throw-away certificate: only this adapter trusts it (as the integration tests do).
const realtimeAdapters = async () => {
  const { createOpenAiAdapter } = await import('@ai-coaching/platform');
  return {
    openai: (connection) =>
      createOpenAiAdapter(connection, { allowPrivateNetwork: true, realtime: { tlsInsecureForTests: true } }),
  };
};

const ready = (message) => process.send?.(message);
const onStop = (close) =>
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await close();
    process.exit(0);
  });

if (kind === 'bare') {
  // The reference: what Koa alone does on this machine, with a body the size of a small API answer.
  const app = new Koa();
  const body = { status: 'ok', service: 'bench', items: [{ id: 'a', name: 'Ada' }] };
  app.use((ctx) => {
    ctx.body = body;
  });
  const server = app.listen(0, '127.0.0.1', () => ready({ url: `http://127.0.0.1:${server.address().port}` }));
  onStop(() => new Promise((resolve) => server.close(resolve)));
} else if (kind === 'app') {
  const { createTestUser, signInAs, startTestServerOn } = await import('@ai-coaching/api/testing');
  // Logs at `info`, as in production: the access log line of every request is part of its cost.
  const server = await startTestServerOn(engine, { LOG_LEVEL: 'info' });
  const operator = await signInAs(server, { role: 'operator' });
  // A page of the user list is a full page (12 of 30 users), with wallets.
  for (let index = 0; index < 29; index += 1) {
    await createTestUser(server, { role: 'user', organizationId: operator.organizationId });
  }
  ready({ url: server.url, token: operator.token });
  onStop(() => server.close());
} else if (kind === 'sessions' || kind === 'voice') {
  const voice = kind === 'voice';
  const [, , providerUrl, learnerCount, realtimeKey] = process.argv.slice(2);
  const { apiClient, createTestOrganization, signInAs, startTestServerOn } = await import('@ai-coaching/api/testing');
  const contracts = await import('@ai-coaching/contracts');
  // The provider listens on 127.0.0.1; `warn` keeps 50 sessions' access log lines out of the figures' terminal.
  const server = await startTestServerOn(
    engine,
    { LOG_LEVEL: 'warn', AI_ALLOW_PRIVATE_NETWORK: 'true' },
    voice ? { aiAdapters: await realtimeAdapters() } : {},
  );
  const superAdmin = (await signInAs(server, { role: 'super-admin' })).token;
  const organizationId = await createTestOrganization(server, 'Bench sessions');
  const operator = await signInAs(server, { role: 'operator', organizationId });
  const editor = await signInAs(server, { role: 'editor', organizationId });
  const as = (token) => apiClient(server, token);
  const created = async (answer) => {
    if (answer.status >= 300)
      throw new Error(`arranging the bench failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const provider = await created(
    await as(superAdmin).call(contracts.aiProviderOperations.create, {
      body: {
        name: 'Bench provider',
        kind: voice ? 'openai' : 'openai_compatible',
        base_url: providerUrl,
        enabled: true,
      },
    }),
  );
  await created(
    await as(superAdmin).call(contracts.aiServiceKeyOperations.create, {
      body: { provider_id: provider.id, label: 'Bench', value: voice ? realtimeKey : 'sk-bench-0123456789' },
    }),
  );
  const model = await created(
    await as(superAdmin).call(contracts.aiModelOperations.create, {
      body: {
        provider_id: provider.id,
        model_id: voice ? 'gpt-realtime' : 'bench-chat',
        display_name: voice ? 'Bench realtime' : 'Bench chat',
        capabilities: voice ? ['chat', 'realtime'] : ['chat'],
        credits_per_minute: 1,
      },
    }),
  );
  const publish = async (plural, id) =>
    created(await as(editor.token).send('POST', `/v1/coaching/${plural}/${id}/publish`));
  const persona = await created(
    await as(editor.token).call(contracts.personaContent.operations.create, {
      body: { name: 'Sam Buyer', language: 'en-GB', mood: 'neutral' },
    }),
  );
  const mission = await created(
    await as(editor.token).call(contracts.missionContent.operations.create, {
      body: {
        title: 'Close',
        goal: 'Close the deal',
        success_criteria: ['deal'],
        failure_conditions: ['no way'],
        turn_limit: 20,
      },
    }),
  );
  const observers = [];
  for (const name of ['Discovery coach', 'Closing coach']) {
    const observer = await created(
      await as(editor.token).call(contracts.observerContent.operations.create, {
        body: {
          name,
          model_id: model.id,
          rubric: [
            { name: 'Questions', description: 'Asks open questions', scale: '1_5', weight: 1, not_relevant_when: null },
            { name: 'Close', description: 'Asks for the deal', scale: '1_5', weight: 2, not_relevant_when: null },
          ],
        },
      }),
    );
    await publish('observers', observer.id);
    observers.push(observer.id);
  }
  await publish('personas', persona.id);
  await publish('missions', mission.id);
  const scenario = await created(
    await as(editor.token).call(contracts.scenarioContent.operations.create, {
      body: {
        name: 'Bench call',
        persona_id: persona.id,
        mission_id: mission.id,
        observer_ids: observers,
        language: 'en-GB',
        model_id: model.id,
        time_limit_seconds: 600,
        ...(voice ? { mode: 'voice' } : {}),
      },
    }),
  );
  await publish('scenarios', scenario.id);
  const count = Number(learnerCount);
  await created(
    await as(superAdmin).call(contracts.organizationCreditOperations.issue, {
      params: { organization_id: organizationId },
      body: { nb_credits: count * 20 },
    }),
  );
  const learners = [];
  for (let index = 0; index < count; index += 1) {
    const learner = await signInAs(server, { role: 'user', organizationId });
    await created(
      await as(operator.token).call(contracts.userCreditOperations.allocate, {
        params: { user_id: learner.userId },
        body: { nb_credits: 20 },
      }),
    );
    learners.push(learner.token);
  }
  ready({ url: server.url, scenarioId: scenario.id, learners });
  onStop(() => server.close());
} else {
  console.error(
    'Usage: node bench/api-servers.mjs bare | app <pglite|postgres> | sessions <pglite|postgres> <url> <n> | voice <pglite|postgres> <url> <n> <key>',
  );
  process.exit(2);
}
