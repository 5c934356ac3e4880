/**
 * One field's problem. `path` is the request field in snake_case, dot-joined for nested fields
 * (`metadata.plan`); the same shape whether the input schema, a use case or a decider refused it.
 */
export type FieldIssue = { path: string; message: string };

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
