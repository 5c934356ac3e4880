// The system bench's customer, arranged through the edge as an administrator would: an organization with credits,
// its people invited by mail (read from the outbox: the cluster has no SMTP server) and activated, a voice scenario on
// the fake OpenAI realtime provider, and share links for guests. Text learners play the starter library (the built-in
// provider: its own time per turn is under a millisecond, bench/practice.mjs).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { agentOf, createHttp, must } from './record.mjs';

const PASSWORD = 'System-bench-Passw0rd!';
/** Every simulated person connects from a loopback address of their own (127.0.0.0/8 is all this machine's). */
export const addressOf = (index) => `127.10.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const inviteCodeIn = (text) => /\/activate\?code=([A-Za-z0-9_-]+)/.exec(text)?.[1];

export const arrange = async ({ base, clusterDir, adminEmail, record, counts, realtime, say }) => {
  const admin = createHttp({ base, record, address: addressOf(0) });
  const { ADMIN_PASSWORD } = JSON.parse(readFileSync(path.join(clusterDir, 'secrets.json'), 'utf8'));
  admin.signIn(await signIn(base, adminEmail, ADMIN_PASSWORD, addressOf(0)));
  const call = (method, route, body, as) =>
    must(admin.request('arrange', method, route, { body, as }), `${method} ${route}`);

  const organizationId = (await call('POST', '/v1/organizations', { name: `System bench ${Date.now()}` })).id;
  const people = [
    ...Array.from({ length: counts.operators }, (_, index) => ({ role: 'operator', name: `Operator ${index + 1}` })),
    { role: 'editor', name: 'Editor' },
    ...Array.from({ length: counts.text + counts.voice }, (_, index) => ({
      role: 'user',
      name: `Learner ${index + 1}`,
    })),
  ].map((person, index) => ({
    ...person,
    email: `${person.role}-${index + 1}-${organizationId.slice(0, 8).toLowerCase()}@system-bench.test`,
    address: addressOf(index + 1),
  }));
  say(`inviting ${people.length} people…`);
  await inParallel(people, 8, async (person) => {
    person.id = (
      await call('POST', '/v1/users', {
        email: person.email,
        first_name: person.name,
        last_name: 'Bench',
        organization_id: organizationId,
        organization_role: person.role,
        locale: 'en-GB',
      })
    ).id;
  });
  const codes = await inviteCodes(call, new Set(people.map((person) => person.email)));
  say(`activating and signing in ${people.length} people…`);
  await inParallel(people, 4, async (person) => {
    await must(
      admin.request('arrange', 'POST', '/v1/activate_account', {
        as: '',
        body: { invite_code: codes.get(person.email), password: PASSWORD },
      }),
      `activating ${person.email}`,
    );
    person.http = createHttp({ base, record, address: person.address });
    person.http.signIn(await signIn(base, person.email, PASSWORD, person.address));
  });

  const perLearner = 4000;
  const sharerCredits = 200_000;
  await call('POST', `/v1/organizations/allocate_credit/${organizationId}`, {
    nb_credits: (counts.text + counts.voice) * perLearner + counts.operators * sharerCredits + 10_000,
  });
  const operators = people.filter((person) => person.role === 'operator');
  const learners = people.filter((person) => person.role === 'user');
  say(`allocating credits to ${learners.length} learners…`);
  await inParallel([...learners, ...operators], 8, (person) =>
    must(
      operators[0].http.request('arrange', 'POST', `/v1/users/allocate_credit/${person.id}`, {
        body: { nb_credits: person.role === 'operator' ? sharerCredits : perLearner },
      }),
      `allocating to ${person.email}`,
    ),
  );
  const group = await must(
    operators[0].http.request('arrange', 'POST', '/v1/user_groups', {
      body: { name: 'Bench learners', organization_id: organizationId },
    }),
    'a user group',
  );

  // The text learners' scenarios: the starter library in English.
  const library = await must(
    operators[0].http.request('arrange', 'GET', '/v1/coaching/scenarios?page_size=48'),
    'scenarios',
  );
  const textScenarios = library.items
    .filter((item) => item.organization_id === null && item.language === 'en-GB' && item.mode !== 'voice')
    .map((item) => item.id);
  if (textScenarios.length === 0) throw new Error('no starter scenario in en-GB');

  const editor = people.find((person) => person.role === 'editor');
  const voiceScenario = await voiceScenarioOn(realtime, {
    admin: (method, route, body) => call(method, route, body),
    editor: (method, route, body) =>
      must(editor.http.request('arrange', method, route, { body }), `${method} ${route}`),
  });

  // A share link for each guest, paid by the operators' own wallets: a link takes 30 guests in 10 minutes, and each
  // guest comes back about every 40 s.
  const links = [];
  for (let index = 0; index < counts.guests; index++) {
    const sharer = operators[index % operators.length];
    const link = await must(
      sharer.http.request('arrange', 'POST', '/v1/coaching/shared_sessions', {
        body: {
          scenario_id: textScenarios[index % textScenarios.length],
          label: `Bench link ${index + 1}`,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          max_uses: 10_000,
        },
      }),
      'a share link',
    );
    links.push(link.access_code);
  }

  return {
    organizationId,
    groupId: group.id,
    operators,
    textLearners: learners.slice(0, counts.text),
    voiceLearners: learners.slice(counts.text),
    textScenarios,
    voiceScenario,
    links,
    adminHttp: admin,
  };
};

/** The password grant, as the sign-in page posts it. */
export const signIn = async (base, email, password, address) => {
  const answer = await new Promise((resolve, reject) => {
    const body = new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }).toString();
    const request = http.request(
      `${base}/v1/fau/login`,
      { method: 'POST', agent: agentOf(address), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  if (answer.status !== 200) throw new Error(`signing in ${email}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text).access_token;
};

/** Each person's invitation code, from the outbox the workers fill; waits until every one has arrived. */
const inviteCodes = async (call, emails) => {
  const codes = new Map();
  for (let attempt = 0; attempt < 120 && codes.size < emails.size; attempt++) {
    for (let page = 1; ; page++) {
      const { items } = await call('GET', `/v1/admin/mail_outbox?page=${page}&page_size=48`);
      for (const mail of items) {
        const code = emails.has(mail.to) && !codes.has(mail.to) && inviteCodeIn(mail.text);
        if (code) codes.set(mail.to, code);
      }
      if (items.length < 48) break;
    }
    if (codes.size < emails.size) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (codes.size < emails.size) throw new Error(`${emails.size - codes.size} invitations never reached the outbox`);
  return codes;
};

/** A voice scenario on an `openai` provider whose realtime server is the fake, its observers on the same model. */
const voiceScenarioOn = async (realtime, { admin, editor }) => {
  const provider = await admin('POST', '/v1/ai_providers', {
    name: 'Bench realtime',
    kind: 'openai',
    base_url: realtime.baseUrl,
    enabled: true,
  });
  await admin('POST', '/v1/ai_service_keys', { provider_id: provider.id, label: 'Bench', value: realtime.apiKey });
  const model = await admin('POST', '/v1/ai_models', {
    provider_id: provider.id,
    model_id: 'gpt-realtime',
    display_name: 'Bench realtime',
    capabilities: ['chat', 'realtime'],
    credits_per_minute: 1,
  });
  const publish = (plural, id) => editor('POST', `/v1/coaching/${plural}/${id}/publish`);
  const persona = await editor('POST', '/v1/coaching/personas', {
    name: 'Sam Buyer',
    language: 'en-GB',
    mood: 'neutral',
  });
  const mission = await editor('POST', '/v1/coaching/missions', {
    title: 'Close',
    goal: 'Close the deal',
    success_criteria: ['deal'],
    failure_conditions: ['no way'],
    turn_limit: 200,
  });
  // Its observer judges on the built-in model: the fake realtime server speaks no Chat Completions.
  const models = await admin('GET', '/v1/ai_models?page_size=48');
  const scripted = models.items.find((item) => item.scripted);
  const observer = await editor('POST', '/v1/coaching/observers', {
    name: 'Bench voice coach',
    model_id: scripted.id,
    rubric: [
      { name: 'Questions', description: 'Asks open questions', scale: '1_5', weight: 1, not_relevant_when: null },
      { name: 'Close', description: 'Asks for the deal', scale: '1_5', weight: 2, not_relevant_when: null },
    ],
  });
  await publish('observers', observer.id);
  await publish('personas', persona.id);
  await publish('missions', mission.id);
  const scenario = await editor('POST', '/v1/coaching/scenarios', {
    name: 'Bench voice call',
    persona_id: persona.id,
    mission_id: mission.id,
    observer_ids: [observer.id],
    language: 'en-GB',
    model_id: model.id,
    time_limit_seconds: 600,
    mode: 'voice',
  });
  await publish('scenarios', scenario.id);
  return scenario.id;
};

/** Runs `work` over `items`, `width` at a time. */
export const inParallel = async (items, width, work) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
};
