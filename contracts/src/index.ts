export * from './http/operation.js';
export * from './http/errors.js';
export * from './http/fields.js';
export * from './http/lists.js';
export * from './wallets.js';
export * from './user-groups.js';
export * from './credits.js';
export * from './gateway/protocol.js';
