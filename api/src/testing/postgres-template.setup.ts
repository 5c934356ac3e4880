import { inject } from 'vitest';
import { POSTGRES_TEMPLATE_VARIABLE } from './engines.js';

// Vitest setup file of the integration files: test servers on PostgreSQL start from a copy of the run's template
// database (engines.ts) rather than migrating and seeding one of their own.
process.env[POSTGRES_TEMPLATE_VARIABLE] = inject('postgresTemplate');
