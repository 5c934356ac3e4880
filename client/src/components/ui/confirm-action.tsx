import { useState, type ReactNode } from 'react';
import { useErrorMessage } from '../../lib/http/use-error-message';
import { Button, type ButtonVariant } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

export type ConfirmActionProps = {
  /** The button's label. */
  label: ReactNode;
  /** Added to the button for screen readers, to say what it acts on ("Remove" → "Remove Ada"). */
  srContext?: string;
  variant?: ButtonVariant;
  title: string;
  /** What will happen, said in the dialog. */
  body: ReactNode;
  confirmLabel: string;
  /** Told in a toast once done. */
  doneMessage: string;
  action: () => Promise<unknown>;
  /** After success (and the toast): navigate away, refresh … */
  onDone?: () => void;
  /** Shows a failure where it concerns the user (next to what it is about) instead of in a passing toast. */
  onError?: (error: unknown) => void;
};

/**
 * A destructive or lasting action behind a confirmation: archive, delete, remove. The dialog says
 * what will happen; while the action runs its button is busy; success is told in a toast, and a
 * failure too, with the API's reason in the user's language.
 */
export const ConfirmAction = ({
  label,
  srContext,
  variant = 'danger',
  title,
  body,
  confirmLabel,
  doneMessage,
  action,
  onDone,
  onError,
}: ConfirmActionProps) => {
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    setBusy(true);
    try {
      await action();
      toast.show(doneMessage);
      setOpen(false);
      onDone?.();
    } catch (error) {
      if (onError) onError(error);
      else toast.show(errorMessage(error), 'error');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
        {srContext ? <span className="sr-only"> {srContext}</span> : null}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        tone="danger"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void handleConfirm()}
      >
        {body}
      </ConfirmDialog>
    </>
  );
};
