export * from './services.js';
export * from './event-store-contract.js';
