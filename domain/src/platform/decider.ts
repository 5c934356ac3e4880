import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import type { PlatformCommand } from './commands.js';
import type { PlatformEvent } from './events.js';
import {
  assertNotLastSuperAdmin,
  SUPER_ADMIN_REMOVAL_LEASE_SECONDS,
  type PendingSuperAdminRemovals,
} from './super-admins.js';

export type PlatformState = ({ status: 'empty' } | { status: 'initialized'; platformOrganizationId: string }) & {
  pendingRemovals: PendingSuperAdminRemovals;
};

const withoutExpired = (pending: PendingSuperAdminRemovals, now: string): PendingSuperAdminRemovals =>
  Object.fromEntries(Object.entries(pending).filter(([, leaseUntil]) => Date.parse(leaseUntil) > Date.parse(now)));

export const platformDecider: Decider<PlatformCommand, PlatformEvent, PlatformState> = {
  decide: decideByType({
    InitializePlatform: (command, state) => {
      if (state.status === 'initialized') {
        throw new ConflictError('platform_already_initialized', 'This installation has already been initialised.');
      }
      return [{ type: 'PlatformInitialized', data: { ...command.data, initializedAt: command.metadata.now } }];
    },
    StartSuperAdminRemoval: (command, state) => {
      const { userId, change, activeSuperAdminIds } = command.data;
      const now = command.metadata.now;
      assertNotLastSuperAdmin(activeSuperAdminIds, state.pendingRemovals, userId, now);
      const leaseUntil = new Date(Date.parse(now) + SUPER_ADMIN_REMOVAL_LEASE_SECONDS * 1000).toISOString();
      return [{ type: 'SuperAdminRemovalStarted', data: { userId, change, leaseUntil, startedAt: now } }];
    },
    SettleSuperAdminRemoval: (command, state) => {
      const { userId, outcome } = command.data;
      if (state.pendingRemovals[userId] === undefined) return [];
      return [{ type: 'SuperAdminRemovalSettled', data: { userId, outcome, settledAt: command.metadata.now } }];
    },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'PlatformInitialized':
        return {
          status: 'initialized',
          platformOrganizationId: event.data.platformOrganizationId,
          pendingRemovals: state.pendingRemovals,
        };
      case 'SuperAdminRemovalStarted':
        return {
          ...state,
          pendingRemovals: {
            ...withoutExpired(state.pendingRemovals, event.data.startedAt),
            [event.data.userId]: event.data.leaseUntil,
          },
        };
      case 'SuperAdminRemovalSettled': {
        const { [event.data.userId]: _settled, ...rest } = state.pendingRemovals;
        return { ...state, pendingRemovals: rest };
      }
    }
  },
  initialState: () => ({ status: 'empty', pendingRemovals: {} }),
};
