export * from './services.js';
export * from './event-store-contract.js';
export * from './fresh-database.js';
