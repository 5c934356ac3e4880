import type { ApplicationEvent, OrganizationEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { listOrganizationApplications, organizationApplicationsProjection } from './index.js';

const created = (organizationId: string, day: number): OrganizationEvent => ({
  type: 'OrganizationCreated',
  data: { organizationId, name: organizationId, kind: 'customer', createdBy: null, createdAt: at(day) },
});
const removed = (organizationId: string, day: number): ApplicationEvent => ({
  type: 'ApplicationRemoved',
  data: { organizationId, applicationId: 'ai-coaching', removedBy: 'root', removedAt: at(day) },
});
const installed = (organizationId: string, day: number): ApplicationEvent => ({
  type: 'ApplicationInstalled',
  data: { organizationId, applicationId: 'ai-coaching', installedBy: 'root', installedAt: at(day) },
});

describe('organization-applications read model', () => {
  const { db, reapplyTwice } = seededReadModel<OrganizationEvent | ApplicationEvent>(
    organizationApplicationsProjection,
    async ({ append }) => {
      // Organizations recorded before the read model existed: it finds them from the start of the log.
      await append('organization-acme', created('acme', 1));
      await append('organization-beta', created('beta', 2));
      await append('organization-gamma', created('gamma', 3));
      await append('organization-applications-beta', removed('beta', 4));
      await append('organization-applications-gamma', removed('gamma', 5), installed('gamma', 6));
    },
  );

  it('gives every organization AI coaching from its creation, and follows removals and reinstallations', async () => {
    expect(await listOrganizationApplications(db, 'acme')).toEqual([
      { applicationId: 'ai-coaching', installedBy: null, installedAt: at(1) },
    ]);
    expect(await listOrganizationApplications(db, 'beta')).toEqual([]);
    expect(await listOrganizationApplications(db, 'gamma')).toEqual([
      { applicationId: 'ai-coaching', installedBy: 'root', installedAt: at(6) },
    ]);
    expect(await listOrganizationApplications(db, 'nobody')).toEqual([]);
  });

  it('changes nothing when the events are applied again', async () => {
    const before = await db.query('SELECT * FROM rm_organization_applications ORDER BY 1, 2');
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_organization_applications ORDER BY 1, 2')).rows).toEqual(before.rows);
  });
});
