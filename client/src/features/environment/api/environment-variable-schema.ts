import { z } from 'zod';

/** The server's rules (api/src/routes/environment-variables.ts), checked before sending. */
export const ENVIRONMENT_VARIABLE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
export const ENVIRONMENT_VALUE_MAX = 4096;
export const ENVIRONMENT_DESCRIPTION_MAX = 500;

export const environmentVariableFormSchema = z.object({
  name: z.string().regex(ENVIRONMENT_VARIABLE_NAME, { error: 'name' }),
  value: z.string().max(ENVIRONMENT_VALUE_MAX, { error: 'value' }),
  description: z.string().max(ENVIRONMENT_DESCRIPTION_MAX, { error: 'description' }),
  is_secret: z.boolean(),
});

export type EnvironmentVariableForm = z.infer<typeof environmentVariableFormSchema>;

/** The first problem of each field, as the field names the form shows errors under. */
export const environmentFormProblems = (
  form: EnvironmentVariableForm,
): Partial<Record<keyof EnvironmentVariableForm, true>> => {
  const result = environmentVariableFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], true]));
};
