export * from './app.js';
export * from './one-process.js';
export * from './seed/seed-platform.js';
export * from './http/api-error.js';
export type * from './http/context.js';
export * from './routes/index.js';
export type { RouteDefinition, RouteAccess } from './http/route.js';
// Tests sign guests in with it; it lives in the application layer with the other sign-in flows.
export { issueAccessToken } from '@ai-coaching/application';
