import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { inject } from 'vitest';
import { startPgliteDatabasesFrom } from '../sql/pglite-database.js';

// Vitest setup file of the integration files: new PGlite databases start from the dump of the global setup, once it
// is there (a first run makes it while the unit files run); without it they run initdb as before.
const file = inject('pgliteInitialData');
for (let waited = 0; !existsSync(file) && waited < 60_000; waited += 100) await delay(100);
startPgliteDatabasesFrom(existsSync(file) ? file : undefined);
