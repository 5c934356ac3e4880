import { z } from 'zod';
import { text } from './fields.js';

/**
 * One field's problem. `path` is the request field in snake_case, dot-joined for nested fields
 * (`metadata.plan`); the same shape whether the input schema, a use case or a decider refused it.
 */
export const fieldIssueSchema = z.strictObject({ path: text(), message: text() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * Every error answer: `code` stable and machine-readable, `message` for people (saying what to do
 * next), `details` with what the code documents. Errors about fields carry `details.issues`.
 */
export const errorBodySchema = z.strictObject({
  code: text(),
  message: text(),
  details: z.record(text(), z.unknown()).optional(),
});
export type ErrorBody = { code: string; message: string; details?: ErrorDetails };
export type ErrorDetails = Record<string, unknown> & { issues?: FieldIssue[] };

/** `firstName` → `first_name`; snake_case stays as it is. */
export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The field issues of an error body, whatever else it holds. */
export const fieldIssuesOf = (details: Readonly<Record<string, unknown>> | undefined): FieldIssue[] => {
  const issues = details?.['issues'];
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
};
