import { z } from 'zod';
import { text } from './fields.js';

// In a module of its own, without zod: the browser reads error answers on every page, validates forms on few.
export { fieldIssuesOf } from './field-issues.js';

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
