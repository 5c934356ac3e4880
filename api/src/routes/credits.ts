import { creditHistoryRoutes } from './credit-history.js';
import { creditMovementRoutes } from './credit-movements.js';

/** Credit movements, then the history and its export (the OpenAPI document keeps this order). */
export const creditRoutes = [...creditMovementRoutes, ...creditHistoryRoutes];
