import type { Decider } from '../shared/decider.js';
import { ConflictError } from '../shared/errors.js';
import type { PlatformCommand } from './commands.js';
import type { PlatformEvent } from './events.js';

export type PlatformState = { status: 'empty' } | { status: 'initialized'; platformOrganizationId: string };

export const platformDecider: Decider<PlatformCommand, PlatformEvent, PlatformState> = {
  decide(command, state) {
    switch (command.type) {
      case 'InitializePlatform':
        if (state.status === 'initialized') {
          throw new ConflictError('platform_already_initialized', 'This installation has already been initialised.');
        }
        return [{ type: 'PlatformInitialized', data: { ...command.data, initializedAt: command.metadata.now } }];
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'PlatformInitialized':
        return { status: 'initialized', platformOrganizationId: event.data.platformOrganizationId };
    }
  },
  initialState: () => ({ status: 'empty' }),
};
