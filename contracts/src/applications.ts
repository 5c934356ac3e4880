import { APPLICATION_IDS } from '@ai-coaching/domain';
import { z } from 'zod';
import { idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// The applications catalogue and each organization's installs (docs/applications.md): `/apps` lists what the
// caller's organization has installed; super-admins install and remove applications for an organization.

export const applicationSchema = z.strictObject({
  id: z.enum(APPLICATION_IDS),
  /** In the request's language. */
  name: text(),
  description: text(),
  /** A name of the client's icon set. */
  icon: text(),
  /** The application's page, where its card on `/apps` leads. */
  entry_path: text(),
  installed: z.boolean(),
  /** When it was installed (for one installed at the organization's creation, its creation); null when not. */
  installed_at: text().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

const organizationParams = z.object({ id: idSchema });
const installParams = z.object({ id: idSchema, application_id: idSchema });

const organizationNotFound = {
  description: '`organization_not_found`: it does not exist or is another organization (for all but super-admins).',
};
const notFound = { description: '`organization_not_found`, or `application_not_found`: the catalogue has no such id.' };

export const applicationOperations = defineOperations(
  { name: 'applications', tag: 'Applications' },
  {
    list: {
      method: 'GET',
      path: '/v1/organizations/:id/applications',
      summary:
        'Every application of the catalogue, each saying whether the organization has installed it. Users read their own organization’s; super-admins any.',
      params: organizationParams,
      responses: {
        200: { description: 'The catalogue, by id.', schema: z.strictObject({ items: z.array(applicationSchema) }) },
        404: organizationNotFound,
      },
    },
    install: {
      method: 'PUT',
      path: '/v1/organizations/:id/applications/:application_id',
      summary:
        'Installs the application for the organization. Installing one already installed changes nothing and answers the same.',
      params: installParams,
      responses: {
        200: { description: 'The application, installed.', schema: applicationSchema },
        404: notFound,
        409: { description: '`organization_archived`.' },
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/organizations/:id/applications/:application_id',
      summary:
        'Removes the application from the organization: its users no longer see it. Its data is kept, and comes back with a new installation. Removing one not installed changes nothing.',
      params: installParams,
      responses: {
        204: { description: 'Removed (or it was not installed).' },
        404: notFound,
      },
    },
  },
);
