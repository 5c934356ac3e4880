import { userGroupOperations } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, errorsByField } from './use-schema-form';

const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ''}`;
const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
};

describe('schema forms', () => {
  it('describes what the shared schema refused in words of the user’s language, field by field', () => {
    const create = userGroupOperations.create.body;
    const issues = issuesOf(create, { name: '  ', organization_id: 'org-1', description: 'x'.repeat(2001) });
    const messages = errorsByField(
      issues.map((issue) => ({ path: issue.path.join('.'), message: describeIssue(issue, t) })),
    );
    expect(messages).toEqual({ name: 'field.required', description: 'field.tooLong{"max":2000}' });
  });

  it('tells a too-long value from a missing one, and names email problems', () => {
    const schema = z.object({ first_name: z.string().trim().min(1).max(5), email: z.email(), code: z.string().min(8) });
    const messages = issuesOf(schema, { first_name: 'abcdefg', email: 'nope', code: 'abc' }).map((issue) =>
      describeIssue(issue, t),
    );
    expect(messages).toEqual(['field.tooLong{"max":5}', 'field.email', 'field.tooShort{"min":8}']);
  });

  it('keeps the first message of a field the API refused twice', () => {
    expect(
      errorsByField([
        { path: 'name', message: 'first' },
        { path: 'name', message: 'second' },
        { path: 'metadata.plan', message: 'nested' },
      ]),
    ).toEqual({ name: 'first', 'metadata.plan': 'nested' });
  });
});
