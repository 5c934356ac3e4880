export * from './protocol.js';
export * from './gateway.js';
export * from './socket-identity.js';
