import type { ApplicationId } from './catalogue.js';

/** One stream per organization: the applications it installed or removed since its creation. */
export const organizationApplicationsStreamId = (organizationId: string): string =>
  `organization-applications-${organizationId}`;

export type ApplicationInstalled = {
  type: 'ApplicationInstalled';
  data: { organizationId: string; applicationId: ApplicationId; installedBy: string; installedAt: string };
};

export type ApplicationRemoved = {
  type: 'ApplicationRemoved';
  data: { organizationId: string; applicationId: ApplicationId; removedBy: string; removedAt: string };
};

export type ApplicationEvent = ApplicationInstalled | ApplicationRemoved;
