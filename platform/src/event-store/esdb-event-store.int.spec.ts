import { describe } from 'vitest';
import { describeEventStoreContract } from '../testing/event-store-contract.js';
import { connectEsdbEventStore } from './esdb-event-store.js';

const connectionString = process.env.ESDB_CONNECTION_STRING;

/*
 * Runs only when ESDB_CONNECTION_STRING is set (for example `esdb://127.0.0.1:2113?tls=false`):
 * no EventStoreDB server runs on build or CI machines, and no package we may install provides
 * one. Without it the adapter is verified against the typed fake in esdb-event-store.unit.spec.ts
 * only; a run here is what flips its "server-verified" status to yes.
 */
describe.runIf(connectionString)('EventStoreDB adapter against a real server', () => {
  // The server is shared and keeps its events, so the contract must not expect an empty store.
  describeEventStoreContract(
    'esdb',
    async () => ({ store: await connectEsdbEventStore(connectionString!), cleanup: async () => {} }),
    { startsEmpty: false },
  );
});
