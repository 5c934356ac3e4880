import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';

export type ShownOnceProps = {
  /** The secret or token, shown this once. */
  value: string;
  /** The "store it now" warning. */
  warning: string;
  /** Told in a toast once copied. */
  copied: string;
  /** "I have stored it", in the words of what is shown. */
  done: string;
  testId: string;
  onClose: () => void;
  /** More to paste beside it (the SCIM base URL). */
  children?: ReactNode;
};

/** A secret shown once: the warning, the value with a copy button, and "I have stored it" to put it away. */
export const ShownOnce = ({ value, warning, copied, done, testId, onClose, children }: ShownOnceProps) => {
  const { t } = useTranslation('integrations');
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    toast.show(copied);
  };
  return (
    <div className="mt-4 space-y-3" data-testid={testId}>
      <Alert tone="warning">{warning}</Alert>
      {children}
      <p className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 text-sm dark:bg-gray-900"
          data-testid={`${testId}-value`}
        >
          {value}
        </code>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t('keys.copy')}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {done}
        </Button>
      </p>
    </div>
  );
};

/** A value to paste elsewhere (the SCIM base URL), with its own copy button. */
export const CopyableValue = ({ label, value, copied }: { label: string; value: string; copied: string }) => {
  const { t } = useTranslation('integrations');
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    toast.show(copied);
  };
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{label}</span>
      <code className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 dark:bg-gray-900">{value}</code>
      <Button type="button" variant="secondary" onClick={() => void copy()} aria-label={`${t('keys.copy')} ${label}`}>
        {t('keys.copy')}
      </Button>
    </p>
  );
};
