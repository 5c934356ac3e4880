import { useId, type ReactNode } from 'react';

const BOX = 'size-4 shrink-0 accent-primary-700 dark:accent-primary-300';

/** One checkbox with its label beside it. */
export const CheckboxField = ({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) => {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-gray-900 dark:text-gray-100">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className={BOX}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
    </div>
  );
};

/**
 * Several values out of a fixed list (capabilities, languages): a fieldset whose legend names it, its hint under the
 * legend and its error below.
 */
export const CheckboxGroup = <Value extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly { value: Value; label: string }[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  error?: string | null;
}) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={BOX}
              checked={value.includes(option.value)}
              onChange={(event) =>
                onChange(
                  // Kept in the list's own order, whatever order they were ticked in.
                  options
                    .map((candidate) => candidate.value)
                    .filter((candidate) =>
                      candidate === option.value ? event.target.checked : value.includes(candidate),
                    ),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};
