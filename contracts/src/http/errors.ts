import { z } from 'zod';
import type { FieldIssue } from './field-issues.js';
import { text } from './fields.js';

// In a module of its own, without zod: the browser reads error answers on every page, validates forms on few.
export { fieldIssuesOf, type FieldIssue } from './field-issues.js';

/** A field issue as answers carry it (`FieldIssue`, field-issues.ts). */
export const fieldIssueSchema = z.strictObject({ path: text(), message: text() }) satisfies z.ZodType<FieldIssue>;

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
