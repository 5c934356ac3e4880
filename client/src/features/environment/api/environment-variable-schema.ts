import { environmentVariableNameSchema, environmentVariableOperations } from '@ai-coaching/contracts';
import { z } from 'zod';

/**
 * The form of a variable: the name (a path parameter the API checks with the same rule) and the
 * body the API accepts, its secret flag always set.
 */
export const environmentVariableFormSchema = environmentVariableOperations.save.body.extend({
  name: environmentVariableNameSchema,
  is_secret: z.boolean(),
});

export type EnvironmentVariableForm = z.input<typeof environmentVariableFormSchema>;

/** The first problem of each field, as the field names the form shows errors under. */
export const environmentFormProblems = (
  form: EnvironmentVariableForm,
): Partial<Record<keyof EnvironmentVariableForm, true>> => {
  const result = environmentVariableFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], true]));
};
