import {
  ENVIRONMENT_VARIABLE_DESCRIPTION_MAX,
  ENVIRONMENT_VARIABLE_NAME,
  ENVIRONMENT_VARIABLE_VALUE_MAX,
  listParamsSchema,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { text } from './http/fields.js';
import { listOf, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';

// Platform-wide settings and operations: server-defined redirects, runtime variables, the mail
// outbox, the read models' state, health and this API's own description.

// ---- Redirects (spec §4 step 7; docs/api/redirects-and-environment.md)

/** The longest source path or target a redirect stores. */
export const REDIRECT_PATH_MAX = 2048;

const redirectPath = text()
  .max(REDIRECT_PATH_MAX)
  .refine((path) => path.startsWith('/'), rule('path_start'));

export const redirectSchema = z.strictObject({
  source_path: text(),
  target: text(),
  created_at: text(),
  updated_at: text(),
});
export type Redirect = z.infer<typeof redirectSchema>;

export const redirectOperations = defineOperations(
  { name: 'redirects', tag: 'Redirects' },
  {
    resolve: {
      method: 'GET',
      path: '/v1/redirects/resolve',
      summary:
        'The redirect for a client path, asked by the client before every navigation (also signed out). Cached for a minute.',
      query: z.object({ path: redirectPath }),
      responses: {
        200: {
          description: 'The target (a path, or an absolute http(s) address to load as a page), or null.',
          schema: z.strictObject({ target: text().nullable() }),
        },
      },
    },
    list: {
      method: 'GET',
      path: '/v1/redirects',
      summary: 'Every server-defined redirect, by source path.',
      responses: { 200: { description: 'The redirects.', schema: listOf(redirectSchema) } },
    },
    save: {
      method: 'PUT',
      path: '/v1/redirects',
      summary: 'Create or change the redirect of a source path (idempotent).',
      // The source and target rules have codes of their own (`redirect_source_invalid` …), checked by the use case.
      body: z.object({ source_path: text(), target: text() }),
      responses: {
        200: { description: 'The redirect.', schema: redirectSchema },
        400: {
          description:
            '`redirect_source_invalid`, `redirect_target_invalid` or `redirect_loop`, with the field in `details.issues`.',
        },
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/redirects',
      summary: 'Delete the redirect of a source path (given as a query parameter: paths contain slashes).',
      query: z.object({ source_path: redirectPath }),
      responses: {
        204: { description: 'Deleted.' },
        404: { description: 'No redirect for this path (`redirect_not_found`).' },
      },
    },
  },
);

// ---- Environment variables (spec §2 `/env`; docs/api/redirects-and-environment.md)

/** A variable's name as the rule has it; the API checks it in the use case, so a bad name has its own code. */
export const environmentVariableNameSchema = text().regex(ENVIRONMENT_VARIABLE_NAME);

const environmentVariableParams = z.object({
  name: text().describe('Capital letters, digits and "_", starting with a letter; at most 64 characters.'),
});

export const environmentVariableSchema = z.strictObject({
  name: text(),
  value: text().nullable().describe('Null for secrets: they are write-only.'),
  is_secret: z.boolean(),
  description: text(),
  source: z.enum(['environment', 'api']).describe('`environment`: the server configuration, read-only here.'),
  updated_at: text().nullable(),
});
export type EnvironmentVariable = z.infer<typeof environmentVariableSchema>;

const readOnlyVariable = {
  description: 'The name belongs to the server configuration (`environment_variable_read_only`).',
};

export const environmentVariableOperations = defineOperations(
  { name: 'environmentVariables', tag: 'Environment variables' },
  {
    list: {
      method: 'GET',
      path: '/v1/environment_variables',
      summary: 'The managed variables and the read-only, credential-free part of the server configuration.',
      responses: {
        200: {
          description: 'Every variable, by name; secret values are null.',
          schema: listOf(environmentVariableSchema),
        },
      },
    },
    save: {
      method: 'PUT',
      path: '/v1/environment_variables/:name',
      summary: 'Create or change a variable (idempotent). Secret values are stored encrypted and never returned.',
      params: environmentVariableParams,
      // Not `idempotent`: the idempotency store keeps request bodies, and a body can hold a secret value.
      body: z.object({
        value: text().max(ENVIRONMENT_VARIABLE_VALUE_MAX),
        is_secret: z.boolean().optional().describe('Left out: unchanged (false for a new variable).'),
        description: text()
          .trim()
          .max(ENVIRONMENT_VARIABLE_DESCRIPTION_MAX)
          .optional()
          .describe('Left out: unchanged (empty for a new variable).'),
      }),
      responses: {
        200: { description: 'The variable (value null when secret).', schema: environmentVariableSchema },
        400: {
          description: '`environment_variable_name_invalid` (`details.issues` names `name`), or `invalid_request`.',
        },
        409: readOnlyVariable,
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/environment_variables/:name',
      summary: 'Delete a managed variable.',
      params: environmentVariableParams,
      responses: {
        204: { description: 'Deleted.' },
        400: { description: '`environment_variable_name_invalid` (`details.issues` names `name`).' },
        404: { description: 'No such variable (`environment_variable_not_found`).' },
        409: readOnlyVariable,
      },
    },
  },
);

// ---- Operations: health, read models, mail outbox, this document

const readinessSchema = z.strictObject({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(text(), z.enum(['ok', 'unavailable'])),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const healthOperations = defineOperations(
  { name: 'health', tag: 'Operations' },
  {
    liveness: {
      method: 'GET',
      path: '/healthz',
      summary: 'Liveness: the process is running.',
      responses: { 200: { description: 'Alive.', schema: z.strictObject({ status: z.literal('ok') }) } },
    },
    readiness: {
      method: 'GET',
      path: '/readyz',
      summary: 'Readiness: the event store, read models and job queue answer.',
      responses: {
        200: { description: 'Ready.', schema: readinessSchema },
        503: { description: 'A dependency is unavailable; `checks` names it.', schema: readinessSchema },
      },
    },
  },
);

export const projectionStatusSchema = z.strictObject({
  name: text(),
  version: z.number().int(),
  status: z.enum(['running', 'failed', 'rebuilding', 'stopped']),
  position: text().nullable().describe('Opaque global position of the last applied event.'),
  failure: z
    .strictObject({
      eventId: text(),
      eventType: text(),
      position: text(),
      message: text(),
      failedAt: text(),
    })
    .nullable(),
  rebuildRequestedAt: text().nullable(),
  updatedAt: text(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

const projectionParams = z.object({ name: text().min(1).max(100) });

export const projectionOperations = defineOperations(
  { name: 'projections', tag: 'Operations' },
  {
    list: {
      method: 'GET',
      path: '/v1/admin/projections',
      summary: 'Projection checkpoints and failures.',
      responses: {
        200: {
          description: 'Every projection.',
          // `total` is documented as a number (not an integer) since the first version of this route.
          schema: z.strictObject({ items: z.array(projectionStatusSchema), total: z.number() }),
        },
      },
    },
    rebuild: {
      method: 'POST',
      path: '/v1/admin/projections/:name/rebuild',
      summary: 'Rebuild a projection from the start into fresh tables, swapped in when caught up.',
      params: projectionParams,
      responses: { 202: { description: 'Rebuild requested.' }, 404: { description: 'No such projection.' } },
    },
    resume: {
      method: 'POST',
      path: '/v1/admin/projections/:name/resume',
      summary: 'Retry a projection stopped on a failing event, after a fix.',
      params: projectionParams,
      responses: {
        202: { description: 'Resume requested.' },
        404: { description: 'No such projection.' },
        409: { description: 'The projection is not stopped.' },
      },
    },
  },
);

/** What a rebuild or resume request answers (202). */
export type ProjectionRequest = { name: string; status: 'rebuild_requested' | 'resume_requested' };

export const outboxMessageSchema = z.strictObject({
  id: text(),
  to: text(),
  subject: text(),
  text: text(),
  html: text(),
  createdAt: text(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const mailOutboxOperations = defineOperations(
  { name: 'mailOutbox', tag: 'Operations' },
  {
    list: {
      method: 'GET',
      path: '/v1/admin/mail_outbox',
      summary: 'Mail kept in the outbox when no SMTP server is configured, newest first.',
      // The outbox has one order (newest first) and nothing to search, so only the paging parameters apply.
      query: listParamsSchema.pick({ page: true, page_size: true }),
      responses: { 200: { description: 'One page of the outbox.', schema: pageOf(outboxMessageSchema) } },
    },
  },
);

export const openApiOperations = defineOperations(
  { name: 'openApi', tag: 'Operations' },
  {
    document: {
      method: 'GET',
      path: '/openapi.json',
      summary: 'This OpenAPI document.',
      responses: { 200: { description: 'The OpenAPI document.', schema: z.object({ openapi: text() }).loose() } },
    },
  },
);
