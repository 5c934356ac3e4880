import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';

const ERROR = 'text-sm text-red-700 dark:text-red-400';
const CONTROL =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900';

/** A whole number or nothing (a limit left empty means no limit). */
export const NumberField = ({
  label,
  hint,
  value,
  onChange,
  error,
  min,
  max,
  step,
}: {
  label: string;
  hint?: ReactNode;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  error?: string | null;
  min?: number;
  max?: number;
  step?: number;
}) => (
  <TextField
    label={label}
    hint={hint}
    type="number"
    inputMode="numeric"
    min={min}
    max={max}
    step={step}
    value={value ?? ''}
    error={error ?? null}
    onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
  />
);

/** Minutes on screen, seconds in the API. */
export const MinutesField = ({
  label,
  hint,
  seconds,
  onChange,
  error,
}: {
  label: string;
  hint?: ReactNode;
  seconds: number | null | undefined;
  onChange: (seconds: number | null) => void;
  error?: string | null;
}) => (
  <NumberField
    label={label}
    hint={hint}
    min={1}
    max={120}
    value={seconds === null || seconds === undefined ? null : Math.round(seconds / 60)}
    onChange={(minutes) => onChange(minutes === null ? null : minutes * 60)}
    error={error ?? null}
  />
);

/** A list of values under one legend, with its hint above and its error below. */
const ListFieldset = ({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p role="alert" className={ERROR}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};

/** What a field holding a list of strings takes: its legend and hint, the list and its change, its error, "Add". */
type ListFieldProps = {
  legend: string;
  hint?: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | null;
  addLabel: string;
};

/** Short phrases, one per line of inputs: success criteria, failure conditions. */
export const PhraseListField = ({ legend, hint, values, onChange, error, addLabel }: ListFieldProps) => {
  const { t } = useTranslation('coaching');
  return (
    <ListFieldset legend={legend} hint={hint} error={error}>
      <ol className="flex flex-col gap-2">
        {values.map((value, index) => (
          <li key={index} className="flex gap-2">
            <input
              aria-label={t('fields.phrase', { legend, number: index + 1 })}
              value={value}
              maxLength={300}
              onChange={(event) => onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
              className={CONTROL}
            />
            <Button variant="ghost" onClick={() => onChange(values.filter((_, at) => at !== index))}>
              {t('actions.remove')}
              <span className="sr-only"> {t('fields.phrase', { legend, number: index + 1 })}</span>
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={() => onChange([...values, ''])}>
          {addLabel}
        </Button>
      </div>
    </ListFieldset>
  );
};

export type Choice = { value: string; label: string };

/** One item out of a list; `none` adds the empty choice (optional fields). */
export const ChoiceField = ({
  label,
  hint,
  value,
  choices,
  none,
  onChange,
  error,
  required,
}: {
  label: string;
  hint?: ReactNode;
  value: string | null | undefined;
  choices: readonly Choice[];
  none: string;
  onChange: (value: string | null) => void;
  error?: string | null;
  required?: boolean;
}) => (
  <SelectField
    label={label}
    hint={hint}
    required={required}
    value={value ?? ''}
    error={error ?? null}
    options={[{ value: '', label: none }, ...choices]}
    onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
  />
);

/** An ordered selection: the playlist's scenarios, a scenario's observer panel. */
export const OrderedChoicesField = ({
  legend,
  hint,
  values,
  choices,
  onChange,
  error,
  addLabel,
}: ListFieldProps & { choices: readonly Choice[] }) => {
  const { t } = useTranslation('coaching');
  const labelOf = (value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
  const left = choices.filter((choice) => !values.includes(choice.value));
  const move = (index: number, by: number) => {
    const next = [...values];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as string);
    onChange(next);
  };
  return (
    <ListFieldset legend={legend} hint={hint} error={error}>
      {values.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {values.map((value, index) => (
            <li
              key={value}
              className="flex flex-wrap items-center gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm dark:border-gray-700"
            >
              <span className="min-w-0 flex-1 break-words">
                {index + 1}. {labelOf(value)}
              </span>
              <span className="flex gap-1">
                <Button variant="ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('actions.up')}
                  <span className="sr-only"> {labelOf(value)}</span>
                </Button>
                <Button variant="ghost" disabled={index === values.length - 1} onClick={() => move(index, 1)}>
                  {t('actions.down')}
                  <span className="sr-only"> {labelOf(value)}</span>
                </Button>
                <Button variant="ghost" onClick={() => onChange(values.filter((other) => other !== value))}>
                  {t('actions.remove')}
                  <span className="sr-only"> {labelOf(value)}</span>
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {left.length > 0 ? (
        <SelectField
          label={addLabel}
          value=""
          options={[{ value: '', label: t('fields.choose') }, ...left]}
          onChange={(event) => {
            if (event.target.value) onChange([...values, event.target.value]);
          }}
        />
      ) : null}
    </ListFieldset>
  );
};

export const DIAL_LEVELS = [1, 2, 3, 4, 5] as const;

/** A dial from 1 to 5 said in words (difficulty, patience, openness); `none` adds the empty choice, read as null. */
export const DialField = ({
  label,
  hint,
  value,
  wordsOf,
  none,
  onChange,
  error,
}: {
  label: string;
  hint?: ReactNode;
  value: number | null | undefined;
  wordsOf: (level: (typeof DIAL_LEVELS)[number]) => string;
  none?: string;
  onChange: (value: number | null) => void;
  error?: string | null;
}) => (
  <SelectField
    label={label}
    hint={hint}
    value={value === null || value === undefined ? '' : String(value)}
    error={error ?? null}
    options={[
      ...(none === undefined ? [] : [{ value: '', label: none }]),
      ...DIAL_LEVELS.map((level) => ({ value: String(level), label: wordsOf(level) })),
    ]}
    onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
  />
);

/** Room for a full list of keywords (20 of up to 60 characters) and their separators. */
const COMMA_LIST_MAX = 1300;

const wordsIn = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** Words typed on one line, separated by commas (a knowledge item's keywords); the API gets the list. */
export const CommaListField = ({
  label,
  hint,
  values,
  onChange,
  error,
}: {
  label: string;
  hint?: ReactNode;
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | null;
}) => {
  const list = values.join('\n');
  // What the user typed keeps its commas and spaces while it still reads as the list; a list changed from outside
  // (an item removed above this one) shows as written from the list.
  const [typed, setTyped] = useState({ text: values.join(', '), list });
  return (
    <TextField
      label={label}
      hint={hint}
      maxLength={COMMA_LIST_MAX}
      value={typed.list === list ? typed.text : values.join(', ')}
      error={error ?? null}
      onChange={(event) => {
        const words = wordsIn(event.target.value);
        setTyped({ text: event.target.value, list: words.join('\n') });
        onChange(words);
      }}
    />
  );
};

/**
 * A list of small records under one legend (knowledge items, objections): each in its own numbered fieldset with a
 * "Remove" button, then "Add". `fields` draws an item's controls; their errors come from the form by path
 * (`knowledge.0.says`), as the API's issues name them, and show next to each control.
 */
export const RecordListField = <Item,>({
  legend,
  hint,
  items,
  onChange,
  blank,
  itemLegend,
  addLabel,
  removeLabel,
  max,
  error,
  fields,
}: {
  legend: string;
  hint?: string;
  items: readonly Item[];
  onChange: (items: Item[]) => void;
  blank: () => Item;
  itemLegend: (number: number) => string;
  addLabel: string;
  removeLabel: (number: number) => string;
  max: number;
  error?: string | null;
  fields: (item: Item, change: (change: Partial<Item>) => void, index: number) => ReactNode;
}) => (
  <ListFieldset legend={legend} hint={hint} error={error}>
    {items.length > 0 ? (
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <li key={index}>
            <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-700">
              <legend className="px-1 text-sm font-semibold">{itemLegend(index + 1)}</legend>
              {fields(
                item,
                (change) => onChange(items.map((old, at) => (at === index ? { ...old, ...change } : old))),
                index,
              )}
              <div>
                <Button variant="ghost" onClick={() => onChange(items.filter((_, at) => at !== index))}>
                  {removeLabel(index + 1)}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
    ) : null}
    {items.length < max ? (
      <div>
        <Button variant="secondary" onClick={() => onChange([...items, blank()])}>
          {addLabel}
        </Button>
      </div>
    ) : null}
  </ListFieldset>
);
