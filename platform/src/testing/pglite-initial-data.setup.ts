import { inject } from 'vitest';
import { startPgliteDatabasesFrom } from '../sql/pglite-database.js';

// Vitest setup file of the integration files: new PGlite databases start from the dump the global setup made.
startPgliteDatabasesFrom(inject('pgliteInitialData'));
