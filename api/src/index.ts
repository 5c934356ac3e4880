export * from './app.js';
export * from './one-process.js';
export * from './seed/seed-platform.js';
export * from './http/api-error.js';
export type * from './http/context.js';
export * from './routes/index.js';
export type { RouteDefinition, RouteAccess } from './http/route.js';
export { issueAccessToken } from './auth/session-tokens.js';
