export * from './start-test-server.js';
export * from './identities.js';
export * from './engines.js';
export * from './api-client.js';
export * from './describe-api.js';
