import { useEffect, useId, useRef, type ReactNode } from 'react';

export type ModalDialogProps = {
  /** Shown as a modal while true (the default: a dialog that is only rendered while open). */
  open?: boolean;
  title: ReactNode;
  /** Escape: the owner decides whether the dialog closes (a busy one may stay). */
  onCancel: () => void;
  /** Width and any further classes of the <dialog>. */
  className: string;
  children: ReactNode;
};

/**
 * A native modal <dialog> titled by its heading: focus trap, Escape and the backdrop come from the browser. What
 * `ConfirmDialog` and the feature dialogs with a form inside are drawn in.
 */
export const ModalDialog = ({ open = true, title, onCancel, className, children }: ModalDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={`m-auto w-full rounded-lg bg-white p-6 text-gray-900 shadow-xl backdrop:bg-gray-950/60 dark:bg-gray-900 dark:text-gray-100 ${className}`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
};
