import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-xs transition-colors placeholder:text-gray-500 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400';
const controlBorder = (invalid: boolean) =>
  invalid ? 'border-red-700 dark:border-red-400' : 'border-gray-400 dark:border-gray-600';

/** What every field shows around its control: a label, an optional hint and an optional error. */
type FieldText = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

type FieldFrameProps = FieldText & { id: string; children: ReactNode };

// Required fields carry the `required` attribute (announced by screen readers) rather than a "*" in the label,
// which would become part of the field's accessible name.
const FieldFrame = ({ id, label, hint, error, children }: FieldFrameProps) => (
  <div className="flex flex-col gap-1">
    <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
      {label}
    </label>
    {children}
    {hint ? (
      <div id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
        {hint}
      </div>
    ) : null}
    {error ? (
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    ) : null}
  </div>
);

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** The attributes that tie a control to its frame's hint and error, and its border to its validity. */
const controlAttributes = (id: string, hint: unknown, error: string | null | undefined, className: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, hint, error),
  className: `${CONTROL} ${controlBorder(Boolean(error))} ${className}`,
});

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldText;

export const TextField = ({ label, hint, error, className = '', ...rest }: TextFieldProps) => {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...controlAttributes(id, hint, error, className)} {...rest} />
    </FieldFrame>
  );
};

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldText;

export const TextAreaField = ({ label, hint, error, className = '', ...rest }: TextAreaFieldProps) => {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...controlAttributes(id, hint, error, className)} {...rest} />
    </FieldFrame>
  );
};

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldText & {
    options: readonly { value: string; label: string }[];
  };

export const SelectField = ({ label, hint, error, options, className = '', ...rest }: SelectFieldProps) => {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select {...controlAttributes(id, hint, error, className)} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
};
