import {
  deleteEnvironmentVariable,
  isServerEnvironmentName,
  listEnvironmentVariables,
  putEnvironmentVariable,
  secretEncryptionKeys,
  type EnvironmentVariable,
} from '@ai-coaching/platform';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineLegacyRoute, permission } from '../http/route.js';

const NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

// Checked in the handler rather than by the schema, so a bad name has its own code (the admin form shows it).
const nameParams = z.object({
  name: z.string().describe('Capital letters, digits and "_", starting with a letter; at most 64 characters.'),
});

const checkName = (name: string) => {
  if (!NAME.test(name)) {
    throw new ApiError(
      400,
      'environment_variable_name_invalid',
      'A name has capital letters, digits and "_", starts with a letter, and has at most 64 characters.',
      { field: 'name' },
    );
  }
};

const variableResponse = z.object({
  name: z.string(),
  value: z.string().nullable().describe('Null for secrets: they are write-only.'),
  is_secret: z.boolean(),
  description: z.string(),
  source: z.enum(['environment', 'api']).describe('`environment`: the server configuration, read-only here.'),
  updated_at: z.string().nullable(),
});

const toResponse = (variable: EnvironmentVariable): z.infer<typeof variableResponse> => ({
  name: variable.name,
  value: variable.value,
  is_secret: variable.isSecret,
  description: variable.description,
  source: variable.source,
  updated_at: variable.updatedAt,
});

const readOnly = (name: string) =>
  new ApiError(
    409,
    'environment_variable_read_only',
    `${name} comes from the server configuration: change it where the server is deployed.`,
    { field: 'name' },
  );

/** Platform-wide runtime variables (spec §2 `/env`; docs/api/redirects-and-environment.md). */
export const environmentVariableRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/environment_variables',
    summary: 'The managed variables and the read-only, credential-free part of the server configuration.',
    tag: 'Environment variables',
    access: permission('environment-variables-read'),
    responses: {
      200: {
        description: 'Every variable, by name; secret values are null.',
        schema: z.object({ items: z.array(variableResponse), total: z.number().int() }),
      },
    },
    handler: async ({ services }) => {
      const items = (await listEnvironmentVariables(services.db, services.config)).map(toResponse);
      return { body: { items, total: items.length } };
    },
  }),
  defineLegacyRoute({
    method: 'PUT',
    path: '/v1/environment_variables/:name',
    summary: 'Create or change a variable (idempotent). Secret values are stored encrypted and never returned.',
    tag: 'Environment variables',
    access: permission('environment-variables-update'),
    params: nameParams,
    // Not `idempotent`: the idempotency store keeps request bodies, and a body can hold a secret value.
    body: z.object({
      value: z.string().max(4096),
      is_secret: z.boolean().optional().describe('Left out: unchanged (false for a new variable).'),
      description: z.string().trim().max(500).optional().describe('Left out: unchanged (empty for a new variable).'),
    }),
    responses: {
      200: { description: 'The variable (value null when secret).', schema: variableResponse },
      400: { description: '`environment_variable_name_invalid` (`details.field`: `name`), or `invalid_request`.' },
      409: { description: 'The name belongs to the server configuration (`environment_variable_read_only`).' },
    },
    handler: async ({ params, body, services, caller }) => {
      checkName(params.name);
      if (isServerEnvironmentName(services.config, params.name)) throw readOnly(params.name);
      const keys = await secretEncryptionKeys(services);
      const variable = await putEnvironmentVariable(
        { db: services.db, keys },
        {
          name: params.name,
          value: body.value,
          isSecret: body.is_secret,
          description: body.description,
          by: caller?.kind === 'user' ? caller.userId : null,
        },
      );
      return { body: toResponse(variable) };
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    path: '/v1/environment_variables/:name',
    summary: 'Delete a managed variable.',
    tag: 'Environment variables',
    access: permission('environment-variables-update'),
    params: nameParams,
    responses: {
      204: { description: 'Deleted.' },
      400: { description: '`environment_variable_name_invalid` (`details.field`: `name`).' },
      404: { description: 'No such variable (`environment_variable_not_found`).' },
      409: { description: 'The name belongs to the server configuration (`environment_variable_read_only`).' },
    },
    handler: async ({ params, services }) => {
      checkName(params.name);
      if (isServerEnvironmentName(services.config, params.name)) throw readOnly(params.name);
      if (!(await deleteEnvironmentVariable(services.db, params.name))) {
        throw new ApiError(404, 'environment_variable_not_found', `There is no variable ${params.name}.`);
      }
    },
  }),
];
