import {
  DEFAULT_MESSAGE_LOCALE,
  isMessageLocale,
  isRequiredIssue,
  issueMessage,
  type FieldIssue,
  type MessageLocale,
} from '@ai-coaching/contracts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../lib/http/api-error';

/** A form's own words for a missing value, where it has better ones than "Fill in this field." */
export type RequiredMessages = Readonly<Record<string, string | undefined>>;

/**
 * A message for the user about one field the shared schema refused, in their language. The texts are
 * the API's own catalogue (`@ai-coaching/contracts`, docs/adr/0013), so the client says exactly what the
 * server would; only "fill this in" may be said in the form's own words.
 */
export const describeIssue = (
  issue: z.core.$ZodRawIssue,
  locale: MessageLocale,
  required: RequiredMessages = {},
): string => {
  const own = isRequiredIssue(issue) ? required[(issue.path ?? []).join('.')] : undefined;
  return own ?? issueMessage(issue, locale);
};

/** The problems a schema finds in a form's values, by field path, each in the user's language. */
export const schemaIssues = (
  schema: z.ZodType,
  values: unknown,
  locale: MessageLocale,
  required: RequiredMessages = {},
): FieldIssue[] => {
  const parsed = schema.safeParse(values, { error: (issue) => describeIssue(issue, locale, required) });
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

/** Field issues by snake_case path; the first message of a field wins. */
export const errorsByField = (issues: readonly FieldIssue[]): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
};

const isWithin = (path: string, name: string) => path === name || path.startsWith(`${name}.`);

/** A field's error, else the first about one of its parts (`success_criteria.2`, `rubric.1.name`). */
export const firstErrorWithin = (errors: Readonly<Record<string, string>>, name: string): string | null =>
  errors[name] ?? Object.entries(errors).find(([path]) => isWithin(path, name))?.[1] ?? null;

/** The errors left once a field changed: a changed list also drops what was said about its parts. */
export const withoutField = (errors: Readonly<Record<string, string>>, name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !isWithin(path, name)));

/**
 * The problems of a failed request that belong to the fields a form shows (each next to its field),
 * and whether anything is left for the form's alert (another field, or no field at all).
 */
export const splitApiError = (
  error: unknown,
  shown: ReadonlySet<string> | readonly string[],
): { fields: Record<string, string>; rest: boolean } => {
  const shownFields = new Set(shown);
  const issues = isApiError(error) ? error.issues : [];
  const own = issues.filter((issue) => shownFields.has(issue.path));
  return { fields: errorsByField(own), rest: own.length === 0 || own.length < issues.length };
};

/** The interface language as the message catalogue knows it. */
export const useMessageLocale = (): MessageLocale => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isMessageLocale(language) ? language : DEFAULT_MESSAGE_LOCALE;
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
  /** The field's error, else the first error of one of its parts (`success_criteria.2`): for list fields. */
  errorWithin(name: keyof Input & string): string | null;
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
  const locale = useMessageLocale();
  const [values, setValues] = useState<Input>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  // The fields this form shows: an issue about any other field is reported as the form's error.
  const shown = useRef(new Set<string>());

  const setValue = <Name extends keyof Input & string>(name: Name, value: Input[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutField(current, name));
  };

  const errorOf = (name: keyof Input & string) => errors[name] ?? null;
  const errorWithin = (name: keyof Input & string) => firstErrorWithin(errors, name);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = options.schema.safeParse(values, {
      error: (issue) => describeIssue(issue, locale, options.requiredMessages),
    });
    if (!parsed.success) {
      setErrors(
        errorsByField(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    void Promise.resolve()
      .then(() => options.submit(parsed.data))
      .catch((error: unknown) => {
        // The API's messages come in the interface language already (Accept-Language): shown as they are.
        const { fields, rest } = splitApiError(error, shown.current);
        setErrors(fields);
        if (rest) setFormError(error);
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
    errorWithin,
    formError,
    submitting,
    handleSubmit,
  };
};
