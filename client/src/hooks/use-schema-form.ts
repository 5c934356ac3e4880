import type { FieldIssue } from '@ai-coaching/contracts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../lib/http/api-error';

type FieldMessageKey = 'field.required' | 'field.tooShort' | 'field.tooLong' | 'field.email' | 'field.invalid';
type Translate = (key: FieldMessageKey, options?: Record<string, unknown>) => string;

/** A form's own words for a missing value, where it has better ones than "Fill in this field." */
export type RequiredMessages = Readonly<Record<string, string | undefined>>;

/** A message for the user about one field that the shared schema refused, in their language. */
export const describeIssue = (issue: z.core.$ZodIssue, t: Translate, required: RequiredMessages = {}): string => {
  const field = issue.path.join('.');
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? (required[field] ?? t('field.required'))
        : t('field.tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return t('field.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('field.email') : t('field.invalid');
    default:
      return field === 'email' ? t('field.email') : t('field.invalid');
  }
};

/** Field issues by snake_case path; the first message of a field wins. */
export const errorsByField = (issues: readonly FieldIssue[]): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
};

type Values = Record<string, unknown>;

export type SchemaForm<Input extends Values> = {
  values: Input;
  setValue<Name extends keyof Input & string>(name: Name, value: Input[Name]): void;
  /** Props for a text control bound to one field: value, change handler and its error. */
  field<Name extends keyof Input & string>(
    name: Name,
  ): { name: Name; value: string; onChange: (event: ChangeEvent<{ value: string }>) => void; error: string | null };
  errorOf(name: keyof Input & string): string | null;
  /** An error that belongs to no field of this form (a conflict, a network failure …), for an alert. */
  formError: unknown;
  submitting: boolean;
  handleSubmit(event: FormEvent): void;
};

/**
 * A form bound to a shared request schema of `@ai-coaching/contracts`: the values are checked
 * with the very schema the API parses, each problem shown next to its field in the user's
 * language; the API's own field issues (`details.issues`) land next to their fields the same way,
 * and anything else becomes the form's error. `submit` receives the parsed (trimmed) values.
 */
export const useSchemaForm = <Schema extends z.ZodType<Values>>(options: {
  schema: Schema;
  initial: z.input<Schema> & Values;
  submit: (values: z.output<Schema>) => Promise<unknown> | void;
  /** Per field, what to say when it is left empty. */
  requiredMessages?: RequiredMessages;
}): SchemaForm<z.input<Schema> & Values> => {
  type Input = z.input<Schema> & Values;
  const { t } = useTranslation('errors');
  const [values, setValues] = useState<Input>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  // The fields this form shows: an issue about any other field is reported as the form's error.
  const shown = useRef(new Set<string>());

  const setValue = <Name extends keyof Input & string>(name: Name, value: Input[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const errorOf = (name: keyof Input & string) => errors[name] ?? null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        errorsByField(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: describeIssue(issue, (key, values) => t(key, values ?? {}), options.requiredMessages),
          })),
        ),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    void Promise.resolve()
      .then(() => options.submit(parsed.data))
      .catch((error: unknown) => {
        const issues = isApiError(error) ? error.issues : [];
        const own = issues.filter((issue) => shown.current.has(issue.path));
        setErrors(errorsByField(own));
        if (own.length === 0 || own.length < issues.length) setFormError(error);
      })
      .finally(() => setSubmitting(false));
  };

  return {
    values,
    setValue,
    field: (name) => {
      shown.current.add(name);
      const value = values[name];
      return {
        name,
        value: typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value),
        onChange: (event) => setValue(name, event.target.value as Input[typeof name]),
        error: errorOf(name),
      };
    },
    errorOf,
    formError,
    submitting,
    handleSubmit,
  };
};
