import { createActor } from 'xstate';
import type { AuthActor } from './lazy-auth';
import { authMachine } from './machines/auth.machine';
import type { AuthStorage } from './storage';

// Loaded on demand (lazy-auth.ts): everything XState and the machine need comes with this module, not at start-up.
export const createAuthActor = (storage: AuthStorage): AuthActor => createActor(authMachine, { input: { storage } });
