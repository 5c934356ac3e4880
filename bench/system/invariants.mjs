// What must hold after the load and its faults, read from the event store (the source of truth, not a read model
// that could hide a duplicate) and from the bench's own record of what its clients sent and were answered.
import { groupAccount, sessionPriceCredits } from '@ai-coaching/domain';
import { checkClusterLedger } from '../../scripts/cluster/ledger.mjs';
import { isServerFailure } from './record.mjs';

const query = async (databaseUrl, sql, params = []) => {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
};

/** PASS or FAIL with what was found: `{ name, ok, detail }`. */
const verdict = (name, problems, found) => ({
  name,
  ok: problems.length === 0,
  detail: problems.length === 0 ? found : `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}`,
});

/**
 * The credit ledger balances for every organization and wallet, no transfer applied twice, no reservation captured
 * twice or open past its expiry; the group's wallet holds exactly what the operators' successful movements put in it.
 */
const ledger = async ({ databaseUrl, arranged, movements }) => {
  const { violations, balances, streams, events } = await checkClusterLedger(databaseUrl, { now: new Date() });
  const group = balances.get(`credit-ledger-${arranged.organizationId}`)?.get(groupAccount(arranged.groupId));
  const problems = [...violations];
  if ((group?.posted ?? 0) !== movements.group) {
    problems.push(
      `the group's wallet holds ${group?.posted ?? 0}, the operators' answered movements put ${movements.group}`,
    );
  }
  return verdict(
    'credit ledger: every stream balances, nothing applied or captured twice, no reservation open past its expiry',
    problems,
    `${streams} streams, ${events} events; the group's wallet agrees with ${movements.count} answered movements`,
  );
};

/** Every ended session has exactly one report result (recorded or failed) per observer and analysis version. */
const reports = async ({ databaseUrl }) => {
  const requested = await query(
    databaseUrl,
    `SELECT r.data->>'sessionId' AS session, (r.data->>'version')::int AS version, o->>'id' AS observer
       FROM es_events r, jsonb_array_elements(r.data->'observers') o
      WHERE r.event_type = 'CoachingSessionAnalysisRequested'`,
  );
  const results = await query(
    databaseUrl,
    `SELECT data->>'sessionId' AS session, (data->>'version')::int AS version, data->>'observerId' AS observer,
            count(*)::int AS results, count(*) FILTER (WHERE event_type LIKE '%Failed')::int AS failed
       FROM es_events
      WHERE event_type IN ('CoachingSessionObserverReportRecorded', 'CoachingSessionObserverAnalysisFailed')
      GROUP BY 1, 2, 3`,
  );
  const ended = await query(
    databaseUrl,
    `SELECT e.data->>'sessionId' AS session FROM es_events e
      WHERE e.event_type = 'CoachingSessionEnded' AND e.data->>'status' <> 'abort'
        AND NOT EXISTS (SELECT 1 FROM es_events r WHERE r.event_type = 'CoachingSessionAnalysisRequested'
                         AND r.data->>'sessionId' = e.data->>'sessionId')`,
  );
  const byKey = new Map(results.map((row) => [`${row.session}/${row.version}/${row.observer}`, row]));
  const problems = [];
  for (const row of requested) {
    const found = byKey.get(`${row.session}/${row.version}/${row.observer}`);
    if (!found) problems.push(`session ${row.session} v${row.version}: observer ${row.observer} has no result`);
    else if (found.results !== 1)
      problems.push(`session ${row.session} v${row.version}: observer ${row.observer} has ${found.results} results`);
  }
  for (const row of ended) problems.push(`session ${row.session} ended without an analysis`);
  const failed = results.reduce((sum, row) => sum + row.failed, 0);
  return verdict(
    'reports: exactly one result per observer and version of every ended session',
    problems,
    `${requested.length} observer reports of ${new Set(requested.map((row) => `${row.session}/${row.version}`)).size} analysis versions (${failed} failed by their observer)`,
  );
};

const SAMPLE = 60;

/**
 * No turn lost or duplicated: every learner turn the bench's clients had answered is in its session's stream once,
 * none is there twice, and none is there that the bench never sent.
 */
const transcripts = async ({ databaseUrl, record }) => {
  const rows = await query(
    databaseUrl,
    `SELECT data->>'sessionId' AS session, data->>'turnId' AS turn
       FROM es_events WHERE event_type = 'CoachingSessionLearnerTurnRecorded' ORDER BY global_position`,
  );
  const stored = new Map();
  for (const row of rows) stored.set(row.session, [...(stored.get(row.session) ?? []), row]);
  const problems = [];
  let answered = 0;
  let unanswered = 0;
  for (const [sessionId, sent] of record.transcripts) {
    const turns = stored.get(sessionId) ?? [];
    const ids = turns.map((turn) => turn.turn);
    if (new Set(ids).size !== ids.length) problems.push(`session ${sessionId}: a turn recorded twice`);
    const sentIds = new Set(sent.map((turn) => turn.turnId));
    for (const turn of turns)
      if (!sentIds.has(turn.turn)) problems.push(`session ${sessionId}: turn ${turn.turn} never sent`);
    for (const turn of sent) {
      if (turn.unanswered) {
        unanswered += 1;
        continue;
      }
      answered += 1;
      if (!turns.some((stored) => stored.turn === turn.turnId)) {
        problems.push(`session ${sessionId}: answered turn ${turn.turnId} lost`);
      }
    }
  }
  // The words are sealed in the store (personal data): a sample of sessions is read back as their players read them.
  const sample = [...record.sessions].filter(([, session]) => session.kind !== 'voice').slice(-SAMPLE);
  for (const [sessionId, { http }] of sample) {
    const { status, body } = await http.request('check: GET session', 'GET', `/v1/coaching/sessions/${sessionId}`);
    if (status !== 200) {
      problems.push(`session ${sessionId}: its player cannot read it (${status})`);
      continue;
    }
    const shown = new Map(body.turns.filter((turn) => turn.role === 'learner').map((turn) => [turn.id, turn.text]));
    for (const turn of record.transcripts.get(sessionId) ?? []) {
      if (!turn.unanswered && shown.get(turn.turnId) !== turn.text) {
        problems.push(`session ${sessionId}: turn ${turn.turnId} reads ${JSON.stringify(shown.get(turn.turnId))}`);
      }
    }
  }
  return verdict(
    'transcripts: no answered turn lost, none recorded twice, none the clients never sent',
    problems,
    `${answered} answered turns in ${record.transcripts.size} text and guest sessions (${unanswered} never answered, counted under errors); the words of ${sample.length} sessions read back`,
  );
};

/**
 * Every ended session was charged what its time costs: the reservation's capture is the session's price for the
 * seconds it used (every started minute, never past the reservation; nothing when the persona never spoke).
 */
const charges = async ({ databaseUrl, record }) => {
  const rows = await query(
    databaseUrl,
    `SELECT s.data->>'sessionId' AS session, (s.data->>'creditsPerMinute')::int AS cpm,
            (s.data->'reservation'->>'reservedCredits')::int AS reserved,
            (e.data->>'usedSeconds')::numeric AS used, (e.data->>'capturedCredits')::int AS captured,
            EXISTS (SELECT 1 FROM es_events p WHERE p.stream_id = s.stream_id
                     AND p.event_type = 'CoachingSessionPersonaTurnRecorded') AS spoke,
            (SELECT count(*)::int FROM es_events c WHERE c.event_type = 'ReservationCaptured'
                     AND c.data->>'reservationId' = s.data->'reservation'->>'reservationId') AS captures,
            (SELECT sum((c.data->>'capturedAmount')::int)::int FROM es_events c WHERE c.event_type = 'ReservationCaptured'
                     AND c.data->>'reservationId' = s.data->'reservation'->>'reservationId') AS ledger_captured
       FROM es_events s JOIN es_events e ON e.stream_id = s.stream_id AND e.event_type = 'CoachingSessionEnded'
      WHERE s.event_type = 'CoachingSessionStarted'`,
  );
  const problems = [];
  let voice = 0;
  for (const row of rows) {
    if (record.sessions.get(row.session)?.kind === 'voice') voice += 1;
    const price = row.spoke ? Math.min(row.reserved, sessionPriceCredits(row.cpm, Number(row.used))) : 0;
    if (row.captured !== price)
      problems.push(`session ${row.session}: charged ${row.captured}, its time costs ${price}`);
    if (row.captured > 0 && row.captures === 0)
      problems.push(`session ${row.session}: charged ${row.captured}, never captured`);
    if (row.captures > 1) problems.push(`session ${row.session}: captured ${row.captures} times`);
    if (row.captures === 1 && row.ledger_captured !== row.captured) {
      problems.push(
        `session ${row.session}: the ledger captured ${row.ledger_captured}, the session says ${row.captured}`,
      );
    }
  }
  return verdict(
    'charges: every ended session captured once, at the price of its time (voice sessions cut by a gateway included)',
    problems,
    `${rows.length} ended sessions, ${voice} of them voice`,
  );
};

/** Sessions the bench played that are still open after the drain (nothing should be: every client ended its own). */
const noneLeftOpen = async ({ databaseUrl, record }) => {
  const rows = await query(
    databaseUrl,
    `SELECT s.data->>'sessionId' AS session FROM es_events s
      WHERE s.event_type = 'CoachingSessionStarted'
        AND NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = s.stream_id AND e.event_type = 'CoachingSessionEnded')`,
  );
  const open = rows.filter((row) => record.sessions.has(row.session));
  return verdict(
    'sessions: every session the clients ended or the persona closed has ended',
    open.map((row) => `session ${row.session} (${record.sessions.get(row.session).kind}) still open`),
    `${record.sessions.size} sessions played`,
  );
};

/** Failures outside every fault's window, and any failure at all during a rolling restart. */
const failuresOutsideWindows = ({ record, faults }) => {
  const inWindow = (at) => faults.some((fault) => !fault.strict && at >= fault.injectedAt && at <= fault.windowEnd);
  const serverErrors = record.failures.filter((failure) => !inWindow(failure.at) && isServerFailure(failure));
  const rolling = faults
    .filter((fault) => fault.strict)
    .flatMap((fault) =>
      record.failures
        .filter(
          (failure) => failure.at >= fault.injectedAt && failure.at <= fault.restoredAt && isServerFailure(failure),
        )
        .map((failure) => `${fault.name}: ${failure.kind} ${failure.what}`),
    );
  return [
    verdict(
      'no 5xx, reset or timeout outside the faults’ windows',
      serverErrors.map((failure) => `${new Date(failure.at).toISOString()} ${failure.kind} ${failure.what}`),
      `${record.failures.length} failed attempts in all, every one inside a window`,
    ),
    verdict('rolling restarts: no failed request or turn while they ran', rolling, 'none failed'),
  ];
};

export const checkInvariants = async (context) => [
  await ledger(context),
  await reports(context),
  await transcripts(context),
  await charges(context),
  await noneLeftOpen(context),
  ...failuresOutsideWindows(context),
];
