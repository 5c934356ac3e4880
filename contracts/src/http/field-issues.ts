import type { FieldIssue } from './errors.js';

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
