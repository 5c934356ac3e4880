// The credit ledger of a cluster's database, checked as the credit tests check it (checkCreditLedger): every stream
// balances, no transfer applied twice, no reservation resolved twice or left open past its expiry.
import { checkCreditLedger } from '@ai-coaching/domain';

/**
 * Reads every `credit-ledger-*` stream of the event store at `databaseUrl` and checks each. Answers the violations
 * (prefixed by their stream), the balances by stream, and how many streams and events were read.
 */
export const checkClusterLedger = async (databaseUrl, { now = new Date(), graceMs = 0 } = {}) => {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let rows;
  try {
    ({ rows } = await db.query(
      `SELECT stream_id, stream_version, event_type, data FROM es_events
        WHERE stream_id LIKE 'credit-ledger-%' ORDER BY stream_id, stream_version`,
    ));
  } finally {
    await db.end();
  }
  const streams = new Map();
  for (const row of rows) streams.set(row.stream_id, [...(streams.get(row.stream_id) ?? []), row]);
  const violations = [];
  const balances = new Map();
  for (const [stream, events] of streams) {
    const recorded = events.map((row) => ({
      revision: BigInt(row.stream_version),
      type: row.event_type,
      data: row.data,
    }));
    const result = checkCreditLedger(recorded, { now, graceMs });
    violations.push(...result.violations.map((violation) => `${stream}: ${violation}`));
    balances.set(stream, result.balances);
  }
  return { violations, balances, streams: streams.size, events: rows.length };
};
