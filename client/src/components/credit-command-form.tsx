import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http/api-error';
import { newIdempotencyKey } from '../lib/http/api';
import { useErrorMessage } from '../lib/http/use-error-message';
import { parseNbCredits } from '../lib/credits/nb-credits';
import { Alert } from './ui/alert';
import { Button, type ButtonVariant } from './ui/button';
import { TextField } from './ui/field';
import { useToast } from './ui/toast';

export type CreditAction = {
  id: string;
  label: string;
  variant?: ButtonVariant;
  /** Sends the command; the key stays the same when the person retries the same submission. */
  submit: (nbCredits: number, idempotencyKey: string) => Promise<unknown>;
  done: (nbCredits: number) => string;
};

/**
 * An amount and one button per credit command (allocate, deallocate, transfer). Checks the amount before sending,
 * sends an Idempotency-Key per intent, and explains "not enough credits" with the amount available.
 */
export const CreditCommandForm = ({
  actions,
  label,
  beforeSubmit,
  scope = '',
}: {
  actions: readonly CreditAction[];
  label?: string;
  /**
   * Checks what the caller's own fields hold (who receives the credits) and shows their problems itself; false stops
   * the submission, as a wrong amount does.
   */
  beforeSubmit?: () => boolean;
  /** Who the credits go to, when the caller lets the person change it: a new receiver is a new intent (new key). */
  scope?: string;
}) => {
  const { t } = useTranslation('common');
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // One key per (action, amount, receiver): retrying after a failure resends the same intent, changing any starts a
  // new one.
  const [intent, setIntent] = useState<{ action: string; amount: number; scope: string; key: string } | null>(null);

  const run = async (action: CreditAction, event?: FormEvent) => {
    event?.preventDefault();
    const ready = beforeSubmit?.() ?? true;
    const parsed = parseNbCredits(amount);
    if (!parsed.ok) {
      setProblem(t(`creditForm.problems.${parsed.problem}`));
      return;
    }
    setProblem(null);
    if (!ready) return;
    setError(null);
    const key =
      intent && intent.action === action.id && intent.amount === parsed.value && intent.scope === scope
        ? intent.key
        : newIdempotencyKey();
    setIntent({ action: action.id, amount: parsed.value, scope, key });
    setPending(action.id);
    try {
      await action.submit(parsed.value, key);
      toast.show(action.done(parsed.value));
      setAmount('');
      setIntent(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(null);
    }
  };

  const fieldError =
    problem ??
    (isApiError(error) && (error.field === 'nb_credits' || error.code === 'insufficient_credits')
      ? errorMessage(error)
      : null);
  return (
    <form onSubmit={(event) => void run(actions[0]!, event)} noValidate className="flex flex-col gap-3">
      <TextField
        label={label ?? t('creditForm.amount')}
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={fieldError}
      />
      {error && !fieldError ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {actions.map((action, index) => (
          <Button
            key={action.id}
            type={index === 0 ? 'submit' : 'button'}
            variant={action.variant ?? (index === 0 ? 'primary' : 'secondary')}
            loading={pending === action.id}
            disabled={pending !== null && pending !== action.id}
            onClick={index === 0 ? undefined : () => void run(action)}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </form>
  );
};
