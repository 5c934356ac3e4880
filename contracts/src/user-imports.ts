import { USER_IMPORT_COLUMNS } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Bulk import of users from a CSV file (docs/api/integrations.md, "Bulk import"): planned (the dry run), confirmed,
// run as a background job (`GET /v1/jobs/{id}`), then read row by row or downloaded as CSV.

export const USER_IMPORT_STATUSES = ['planned', 'queued', 'running', 'completed', 'failed'] as const;
export const USER_IMPORT_ACTIONS = ['create', 'update', 'skip', 'error'] as const;

const userImportRowSchema = z.strictObject({
  line: z.number().int().describe('The row’s line in the file (the header is line 1).'),
  email: text(),
  first_name: text(),
  last_name: text(),
  role: text().nullable().describe('The role the account will have; null when the cell is wrong.'),
  groups: z.array(text()),
  action: z.enum(USER_IMPORT_ACTIONS),
  reason: text().nullable().describe('Why a row is skipped, in the caller’s language.'),
  errors: z.array(
    z.strictObject({
      column: z.enum(USER_IMPORT_COLUMNS),
      code: text(),
      message: text().describe('In the caller’s language.'),
    }),
  ),
  outcome: z
    .enum(['succeeded', 'skipped', 'failed'])
    .nullable()
    .describe('What the run made of a row to create or update; null until then.'),
  outcome_message: text().nullable().describe('Why it was skipped or failed, in the caller’s language.'),
});

const countsSchema = z.strictObject({
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});

export const userImportSchema = z.strictObject({
  id: text(),
  organization_id: text(),
  created_by: text(),
  created_at: text(),
  file_name: text().nullable(),
  delimiter: text().describe('The separator the file was read with: `,` or `;`.'),
  status: z
    .enum(USER_IMPORT_STATUSES)
    .describe('`planned`: a dry run waiting for its confirmation; then its background job’s status.'),
  counts: countsSchema.describe('Rows by planned action.'),
  job_id: text().nullable().describe('The background job that runs it (`GET /v1/jobs/{id}`), once confirmed.'),
  progress: z.number().int().min(0).max(100).describe('The share of rows to create or update processed.'),
  rows: z.array(userImportRowSchema),
});
export type UserImport = z.input<typeof userImportSchema>;
export type UserImportRow = z.input<typeof userImportRowSchema>;

/** The columns of the result file, in order. */
export const USER_IMPORT_RESULT_COLUMNS = [
  'line',
  'email',
  'first_name',
  'last_name',
  'role',
  'groups',
  'action',
  'outcome',
  'message',
] as const;

const notFound = { description: '`user_import_not_found`: it does not exist or is another organization’s.' };

export const userImportOperations = defineOperations(
  { name: 'userImports', tag: 'Integrations' },
  {
    create: {
      method: 'POST',
      path: '/v1/user_imports',
      summary:
        'Plan an import of users from a CSV file (RFC 4180, UTF-8, `,` or `;`; columns email, first_name, last_name, role, groups, named in English or French): what each row will do, each row’s problems in the caller’s language. With `dry_run: false` it is confirmed at once.',
      body: closed(
        z.object({
          csv: text().describe('The file’s text.'),
          file_name: text().max(255).optional(),
          dry_run: z.boolean().default(true),
          organization_id: idSchema.optional().describe('Super-admins: the organization to import into.'),
        }),
      ),
      responses: {
        201: { description: 'The planned import (and, without a dry run, its job).', schema: userImportSchema },
        400: {
          description:
            '`user_import_empty`, `user_import_too_many_rows`, `user_import_columns_missing`, `user_import_csv_invalid`.',
        },
        404: { description: '`organization_not_found`.' },
        413: { description: '`user_import_too_large`.' },
      },
    },
    confirm: {
      method: 'POST',
      path: '/v1/user_imports/:id/confirm',
      summary:
        'Run a planned import as a background job: accounts created (each invited by mail), updated, and groups joined. Confirming again answers the same job.',
      params: idParams,
      responses: { 200: { description: 'The import with its job.', schema: userImportSchema }, 404: notFound },
    },
    read: {
      method: 'GET',
      path: '/v1/user_imports/:id',
      summary: 'An import: its status and progress, its counts and each row’s plan and outcome.',
      params: idParams,
      responses: { 200: { description: 'The import.', schema: userImportSchema }, 404: notFound },
    },
    result: {
      method: 'GET',
      path: '/v1/user_imports/:id/result.csv',
      summary: 'An import’s rows with their action, outcome and message, as CSV.',
      params: idParams,
      responses: { 200: { description: '`text/csv`, as an attachment.' }, 404: notFound },
    },
  },
);
