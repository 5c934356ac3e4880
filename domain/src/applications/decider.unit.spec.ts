import { describe, it } from 'vitest';
import { NotFoundError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import type { InstallApplication, RemoveApplication } from './commands.js';
import { organizationApplicationsDecider } from './decider.js';
import type { ApplicationInstalled, ApplicationRemoved } from './events.js';

const given = DeciderSpecification.for(organizationApplicationsDecider);
const t0 = '2026-11-25T10:00:00.000Z';
const t1 = '2026-11-25T11:00:00.000Z';

const install = (applicationId = 'ai-coaching', now = t1): InstallApplication => ({
  type: 'InstallApplication',
  data: { organizationId: 'org-1', applicationId, userId: 'admin-1' },
  metadata: { now },
});
const remove = (applicationId = 'ai-coaching', now = t0): RemoveApplication => ({
  type: 'RemoveApplication',
  data: { organizationId: 'org-1', applicationId, userId: 'admin-1' },
  metadata: { now },
});
const removed: ApplicationRemoved = {
  type: 'ApplicationRemoved',
  data: { organizationId: 'org-1', applicationId: 'ai-coaching', removedBy: 'admin-1', removedAt: t0 },
};
const installed: ApplicationInstalled = {
  type: 'ApplicationInstalled',
  data: { organizationId: 'org-1', applicationId: 'ai-coaching', installedBy: 'admin-1', installedAt: t1 },
};

describe('organization applications decider', () => {
  describe('an organization with no event yet', () => {
    it('has AI coaching installed from its creation, so installing it records nothing', () => {
      given([]).when(install()).thenNothing();
    });

    it('records the removal of AI coaching', () => {
      given([]).when(remove()).then([removed]);
    });
  });

  describe('after AI coaching was removed', () => {
    it('installs it again', () => {
      given([removed]).when(install()).then([installed]);
    });

    it('finds a second removal done (a retried request) and records nothing', () => {
      given([removed]).when(remove()).thenNothing();
    });
  });

  describe('after a removal and a reinstallation', () => {
    it('removes it again', () => {
      given([removed, installed])
        .when(remove('ai-coaching', t1))
        .then([{ ...removed, data: { ...removed.data, removedAt: t1 } }]);
    });

    it('finds a second installation done', () => {
      given([removed, installed]).when(install()).thenNothing();
    });
  });

  it('refuses an application the catalogue does not hold, naming the field', () => {
    const notFound = (error: NotFoundError) => error.code === 'application_not_found';
    given([]).when(install('time-tracking')).thenThrows(NotFoundError, notFound);
    given([]).when(remove('time-tracking')).thenThrows(NotFoundError, notFound);
  });
});
