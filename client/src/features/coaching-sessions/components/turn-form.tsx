import { useEffect, useRef, type ReactNode } from 'react';

export type TurnFormProps = {
  /** The text box's id; its hint's is `<id>-hint`. */
  id: string;
  label: string;
  hint: string;
  rows: number;
  value: string;
  onType: (text: string) => void;
  onSend: () => void;
  /** The box takes the focus whenever this becomes true (the persona answered, the voice is live). */
  focused: boolean;
  /** The form's buttons. */
  children: ReactNode;
};

/** The learner's next turn, typed, in the text and the voice play screens: Enter sends, Shift+Enter breaks the line. */
export const TurnForm = ({ id, label, hint, rows, value, onType, onSend, focused, children }: TurnFormProps) => {
  const messageRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focused) messageRef.current?.focus();
  }, [focused]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        ref={messageRef}
        rows={rows}
        maxLength={4000}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSend();
          }
        }}
        className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
      />
      <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
        {hint}
      </p>
      {children}
    </form>
  );
};
