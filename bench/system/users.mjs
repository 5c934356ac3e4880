// The system bench's users, other than voice (./voice.mjs): learners in text sessions at human pace who read their
// result and ask the coach, guests through share links, operators at the credits, and bulk analysis re-runs.
import { randomUUID } from 'node:crypto';
import { createHttp } from './record.mjs';
import { addressOf } from './arrange.mjs';
import { openSocket, sendTurn } from './sockets.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low, high) => low + Math.random() * (high - low);
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const TERMINAL = new Set(['win', 'loose', 'end', 'abort']);

/** What learners type: sentences of a sales or service conversation, never the rules' words. */
const LINES = [
  'Thank you for making the time today. What matters most to you in this renewal?',
  'I understand the budget is tight this year. What would a good outcome look like for your team?',
  'If we kept the price and added quarterly reviews, would that help you make the case internally?',
  'What results from this year would you need to see to feel confident about going on?',
  'Could we agree on a one-year term so you are not locked in if things change?',
  'What would you need from me to take this to your finance director this week?',
  'Which of the services made the biggest difference for your people?',
  'How do you usually weigh price against the support you get after signing?',
  'I am sorry this has been so frustrating. Can you tell me what happened first?',
  'So if I understand you, the delay cost your team two days. Is that right?',
  'What would make this right for you, today?',
  'Shall we put a call in the diary for Thursday to confirm the details?',
];
const QUESTIONS = [
  'How could I have handled the price objection better?',
  'Which of my questions worked best, and why?',
  'What did the customer want that they never said?',
];

/**
 * A session's turns at human pace (a turn every 3–8 s), each recorded when answered. Answers whether the session is
 * over without the client's End: the persona ended it (an outcome marker, or its patience), or a turn was refused.
 */
const playTurns = async ({ socket, record, kind, sessionId, turns, running, pace }) => {
  const transcript = record.transcripts.get(sessionId);
  for (let index = 0; index < turns && running(); index++) {
    await sleep(between(...pace));
    const text = `${pick(LINES)} (${index + 1})`;
    const turnId = randomUUID();
    const result = await sendTurn({ socket, record, kind, message: { session_id: sessionId, turn_id: turnId, text } });
    if (result.answer) {
      transcript.push({ turnId, text });
      if (TERMINAL.has(result.answer.status)) return true;
    } else {
      // A refusal or a turn never answered: the session is over for this client, which ends it as a learner leaving
      // would (a turn never answered is the session's last); the invariants say if the turn was lost.
      transcript.push({ turnId, text, unanswered: true });
      return Boolean(result.refused);
    }
  }
  return false;
};

/** The session's report once its observers delivered: polled as the result page does, for up to 30 s. */
const readReport = async (http, kind, sessionId) => {
  for (let attempt = 0; attempt < 15; attempt++) {
    const { status, body } = await http.request(
      `${kind}: GET analysis`,
      'GET',
      `/v1/coaching/sessions/${sessionId}/analysis`,
      {
        expect: [200, 404],
      },
    );
    if (status === 200 && (body.status === 'done' || body.status === 'failed')) return body;
    await sleep(2000);
  }
  return undefined;
};

/** A learner: start a starter scenario, play it, end it, read the result and the report, ask the coach; again. */
export const textLearner = async ({ base, person, arranged, record, running, pace }) => {
  const { http } = person;
  const socket = openSocket({ base, token: http.token, address: person.address, record, kind: 'text' });
  try {
    while (running()) {
      const started = await http.request('text: POST session', 'POST', '/v1/coaching/sessions', {
        body: { scenario_id: pick(arranged.textScenarios) },
      });
      if (started.status !== 201) {
        await sleep(5000);
        continue;
      }
      const sessionId = started.body.id;
      record.sessions.set(sessionId, { kind: 'text', http });
      record.transcripts.set(sessionId, []);
      const ended = await playTurns({
        socket,
        record,
        kind: 'text',
        sessionId,
        turns: 5 + Math.floor(Math.random() * 5),
        running,
        pace,
      });
      if (!ended) await http.request('text: POST end', 'POST', `/v1/coaching/sessions/${sessionId}/end`);
      await http.request('text: GET session', 'GET', `/v1/coaching/sessions/${sessionId}`);
      if (!running()) break;
      await readReport(http, 'text', sessionId);
      const chat = await http.request('text: POST chat', 'POST', `/v1/coaching/sessions/${sessionId}/chats`, {
        body: {},
      });
      if (chat.status === 201) {
        await http.request('text: POST coach question', 'POST', `/v1/chats/${chat.body.id}/messages`, {
          body: { text: pick(QUESTIONS), message_id: randomUUID() },
        });
      }
      await http.request('text: GET sessions', 'GET', '/v1/coaching/sessions?page_size=12');
      await sleep(between(2000, 5000));
    }
  } finally {
    socket.close();
  }
};

/** A guest: opens a share link, joins, plays a short session, reads the report; again, as another guest. */
export const guest = async ({ base, index, arranged, record, running, pace }) => {
  let round = 0;
  while (running()) {
    round += 1;
    const address = addressOf(5000 + index * 50 + (round % 50));
    const http = createHttp({ base, record, address });
    const code = arranged.links[index % arranged.links.length];
    await http.request('guest: GET link page', 'GET', `/v1/shared/ai-coaching-session/${code}`, { as: '' });
    const joined = await http.request('guest: POST join', 'POST', `/v1/shared/ai-coaching-session/${code}/join`, {
      as: '',
      body: { display_name: `Guest ${index + 1}.${round}`, accept_terms: true },
    });
    if (joined.status !== 201) {
      await sleep(5000);
      continue;
    }
    const { access_token: token, session_id: sessionId } = joined.body;
    http.signIn(token);
    record.sessions.set(sessionId, { kind: 'guest', http });
    record.transcripts.set(sessionId, []);
    const socket = openSocket({ base, token, address, record, kind: 'guest' });
    try {
      const ended = await playTurns({
        socket,
        record,
        kind: 'guest',
        sessionId,
        turns: 4 + Math.floor(Math.random() * 3),
        running,
        pace,
      });
      if (!ended) await http.request('guest: POST end', 'POST', `/v1/coaching/sessions/${sessionId}/end`);
      if (running()) await readReport(http, 'guest', sessionId);
    } finally {
      socket.close();
    }
    await sleep(between(3000, 8000));
  }
};

/**
 * An operator at the credits: the organization's history (a page, and the CSV export), allocations to and from the
 * group, and a learner's transfer to a colleague. Each movement that succeeded is counted, to set against the ledger.
 */
export const operator = async ({ person, arranged, running, movements }) => {
  const { http } = person;
  const { organizationId, groupId } = arranged;
  const learners = arranged.textLearners;
  while (running()) {
    await sleep(between(2000, 4000));
    const action = Math.floor(Math.random() * 5);
    if (action === 0) {
      await http.request(
        'operator: GET credit movements',
        'GET',
        `/v1/organizations/${organizationId}/credit_movements?page_size=48`,
      );
    } else if (action === 1) {
      await http.request(
        'operator: GET credit movements.csv',
        'GET',
        `/v1/organizations/${organizationId}/credit_movements.csv`,
        {
          raw: true,
        },
      );
    } else if (action === 2 || action === 3) {
      const verb = action === 2 ? 'allocate' : 'deallocate';
      const moved = await http.request(
        `operator: POST ${verb} to group`,
        'POST',
        `/v1/user_groups/${verb}_credit/${groupId}`,
        {
          body: { nb_credits: 1 },
        },
      );
      if (moved.status < 300) movements.group += verb === 'allocate' ? 1 : -1;
    } else {
      const [from, to] = [pick(learners), pick(learners)];
      if (from === to) continue;
      const moved = await from.http.request('learner: POST transfer', 'POST', `/v1/users/transfer_credit/${to.id}`, {
        body: { nb_credits: 1 },
      });
      if (moved.status < 300) movements.transfers += 1;
    }
  }
};

/**
 * Bulk re-runs: every `everyMs`, an operator re-runs the reports of one starter scenario's sessions of the last two
 * minutes, as a background job followed to its end.
 */
export const reruns = async ({ person, arranged, record, running, everyMs }) => {
  const { http } = person;
  while (running()) {
    await sleep(everyMs);
    if (!running()) break;
    const to = new Date();
    const from = new Date(to.getTime() - 120_000);
    const job = await http.request('operator: POST analysis rerun', 'POST', '/v1/coaching/analysis_reruns', {
      body: { scenario_id: pick(arranged.textScenarios), from: from.toISOString(), to: to.toISOString() },
    });
    if (job.status !== 202) continue;
    const began = Date.now();
    for (let attempt = 0; attempt < 120 && running(); attempt++) {
      await sleep(1000);
      const { status, body } = await http.request('operator: GET job', 'GET', `/v1/jobs/${job.body.id}`);
      if (status === 200 && ['completed', 'failed'].includes(body.status)) {
        record.latency('job: analysis rerun, queued to done', Date.now() - began);
        record.count(`analysis rerun jobs ${body.status}`);
        break;
      }
    }
  }
};
