import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A question with its cancel and confirm buttons, in a `ModalDialog`. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation('common');
  return (
    <ModalDialog
      open={open}
      title={title}
      onCancel={onCancel}
      className="max-w-md backdrop:transition-opacity backdrop:duration-mask"
    >
      {children ? <div className="mt-2 text-sm text-gray-700 dark:text-gray-300">{children}</div> : null}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
};
