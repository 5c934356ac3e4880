import { describe, it } from 'vitest';
import { ConflictError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import type { InitializePlatform } from './commands.js';
import { platformDecider } from './decider.js';

const given = DeciderSpecification.for(platformDecider);

const command: InitializePlatform = {
  type: 'InitializePlatform',
  data: { platformOrganizationId: 'org-1', superAdminUserId: 'user-1' },
  metadata: { now: '2026-11-21T10:00:00.000Z' },
};

describe('Platform initialisation', () => {
  describe('When the installation is empty', () => {
    it('should record the platform organization and the super-admin, at the command time', () => {
      given([])
        .when(command)
        .then([
          {
            type: 'PlatformInitialized',
            data: { platformOrganizationId: 'org-1', superAdminUserId: 'user-1', initializedAt: command.metadata.now },
          },
        ]);
    });
  });

  describe('When the installation is already initialised', () => {
    it('should refuse to initialise it again', () => {
      given([{ type: 'PlatformInitialized', data: { ...command.data, initializedAt: command.metadata.now } }])
        .when(command)
        .thenThrows(ConflictError, (error) => error.code === 'platform_already_initialized');
    });
  });
});
