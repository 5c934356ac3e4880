import { USER_GROUP_DESCRIPTION_MAX, USER_GROUP_NAME_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { walletFieldsShape } from './wallets.js';

const name = text().trim().min(1).max(USER_GROUP_NAME_MAX);
const description = text().trim().max(USER_GROUP_DESCRIPTION_MAX);
/** An uploaded image (`POST /api/image/uploads`, category `usergroups`); null: the default picture. */
const imageId = idSchema.nullable();

export const userGroupSchema = z.strictObject({
  id: text(),
  organization_id: text(),
  name: text(),
  description: text(),
  status: z.enum(['active', 'archived']),
  member_count: z.number().int(),
  image_id: text()
    .nullable()
    .describe('The group’s picture, served at `/api/image/uploads/{image_id}`; null: the default picture.'),
  created_at: text(),
  updated_at: text(),
  ...walletFieldsShape,
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const userGroupDetailSchema = userGroupSchema.extend({ member_ids: z.array(text()) });
export type UserGroupDetail = z.infer<typeof userGroupDetailSchema>;

const notFound = { description: '`user_group_not_found`: it does not exist or is another organization’s.' };
const memberParams = z.object({ user_group_id: idSchema });
const memberBody = closed(z.object({ user_id: idSchema }));
const memberResponses = {
  200: { description: 'The group with its members.', schema: userGroupDetailSchema },
  404: { description: '`user_group_not_found`, or `user_not_found` when the user is not in the group’s organization.' },
  409: { description: '`user_group_archived`.' },
} as const;

export const userGroupOperations = defineOperations(
  { name: 'userGroups', tag: 'User groups' },
  {
    list: {
      method: 'GET',
      path: '/v1/user_groups',
      summary:
        'User groups of the caller’s organization; super-admins see all, or one organization’s with `organization_id`.',
      query: listQuery({ organization_id: idSchema.optional() }),
      responses: {
        200: { description: 'A page of active user groups.', schema: pageOf(userGroupSchema) },
        404: {
          description: '`organization_not_found`: `organization_id` names an organization the caller cannot see.',
        },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/user_groups',
      summary: 'Create a user group in an active organization (the caller’s own unless super-admin).',
      idempotent: true,
      body: closed(
        z.object({
          name,
          organization_id: idSchema,
          description: description.optional(),
          image_id: imageId.optional(),
        }),
      ),
      responses: {
        201: { description: 'The group.', schema: userGroupDetailSchema },
        404: { description: '`organization_not_found`: it does not exist or is another organization.' },
        409: { description: '`organization_archived`.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/user_groups/:id',
      summary: 'One user group with its members.',
      params: idParams,
      responses: { 200: { description: 'The group.', schema: userGroupDetailSchema }, 404: notFound },
    },
    update: {
      method: 'PATCH',
      path: '/v1/user_groups/:id',
      summary: 'Rename a user group, or change its description or picture (`image_id`, null for the default one).',
      params: idParams,
      body: patchOf(
        z.object({ name: name.optional(), description: description.optional(), image_id: imageId.optional() }),
      ),
      responses: {
        200: { description: 'The group.', schema: userGroupDetailSchema },
        404: notFound,
        409: { description: '`user_group_archived`.' },
      },
    },
    archive: {
      method: 'DELETE',
      path: '/v1/user_groups/:id',
      summary: 'Archive a user group; it keeps its members on record. Archiving again changes nothing.',
      params: idParams,
      responses: { 204: { description: 'Archived.' }, 404: notFound },
    },
    addMember: {
      method: 'POST',
      path: '/v1/user_groups/add_member/:user_group_id',
      summary: 'Add a user of the group’s organization to the group; adding a member again changes nothing.',
      params: memberParams,
      body: memberBody,
      responses: memberResponses,
    },
    removeMember: {
      method: 'POST',
      path: '/v1/user_groups/remove_member/:user_group_id',
      summary: 'Remove a user from the group; removing a non-member changes nothing.',
      params: memberParams,
      body: memberBody,
      responses: memberResponses,
    },
  },
);
