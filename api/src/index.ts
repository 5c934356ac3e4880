export * from './app.js';
export * from './one-process.js';
export * from './seed/seed-platform.js';
export * from './commands/run-command.js';
export * from './http/api-error.js';
export type * from './http/context.js';
export * from './routes/index.js';
export type { RouteDefinition, RouteAccess } from './http/route.js';
export { issueAccessToken } from './auth/session-tokens.js';
// Session payments have no route of their own: the sessions work reserves, captures and releases.
export { captureReservation, releaseReservation, reserveCredits } from './credits/reservations.js';
export type { ReservationAnswer, ReservationServices } from './credits/reservations.js';
