import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePasswordLogin } from '../hooks/use-password-login';
import { LAST_METHOD_KEY } from '../storage';
import { loginErrorKey } from '../utils/login-error-key';
import { AccountEmailField, CurrentPasswordField } from '../../../components/account-fields';

export type SessionEndedDialogProps = {
  /** The address the page was signed in with, offered again. */
  email: string;
  /** `elsewhere`: logged out in another tab; `expired`: the server no longer accepts the session. */
  reason: 'elsewhere' | 'expired';
  /** Leaves the page for the sign-in page (what was typed is lost, and the dialog says so). */
  onLeave: () => void;
};

/**
 * Shown over a page whose session ended while it was open: signing in again here keeps the page and what was typed
 * in it, so the user can save again. The app closes it once a session is back (from here or from another tab).
 */
export const SessionEndedDialog = ({ email: initialEmail, reason, onLeave }: SessionEndedDialogProps) => {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { login, pending, error } = usePasswordLogin({ stay: true });
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  // Someone who signed in with single sign-on has no password here: the provider's page opens in a new tab, and this
  // tab follows the session it stores.
  const [sso] = useState(() => localStorage.getItem(LAST_METHOD_KEY) === 'keycloak');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // The address is usually right already: the password is what is left to type.
    dialog.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, []);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { email: !email.trim(), password: !password };
    setMissing(problems);
    if (problems.email || problems.password) return;
    void login(email.trim(), password);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid="session-ended"
      // Escape would leave a page that can no longer save: the two ways out are the buttons.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-full max-w-md rounded-lg bg-white p-6 text-gray-900 shadow-xl backdrop:bg-gray-950/60 dark:bg-gray-900 dark:text-gray-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t(`sessionEnded.title.${reason}`)}
      </h2>
      <div id={descriptionId} className="mt-2 flex flex-col gap-2 text-sm text-gray-700 dark:text-gray-300">
        <p>{t(`sessionEnded.reason.${reason}`)}</p>
        <p>{t('sessionEnded.keep')}</p>
      </div>
      {sso ? (
        <div className="mt-4 flex flex-col gap-3">
          <a
            href="/preconnect"
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 dark:bg-primary-300 dark:text-gray-950 dark:hover:bg-primary-200"
          >
            {t('sessionEnded.ssoNewTab')}
          </a>
          <p className="text-xs text-gray-700 dark:text-gray-300">{t('sessionEnded.ssoHint')}</p>
        </div>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="mt-4 flex flex-col gap-4">
          {error ? (
            <Alert tone="error">{t(`login.errors.${loginErrorKey(error)}`, { message: error.message })}</Alert>
          ) : null}
          <AccountEmailField
            label={t('login.email')}
            value={email}
            onValueChange={setEmail}
            error={missing.email ? t('login.emailRequired') : null}
          />
          <CurrentPasswordField
            label={t('login.password')}
            value={password}
            onValueChange={setPassword}
            error={missing.password ? t('login.passwordRequired') : null}
          />
          <Button type="submit" loading={pending}>
            {t('sessionEnded.signIn')}
          </Button>
        </form>
      )}
      <div className="mt-4 border-t border-gray-200 pt-4 dark:border-gray-700">
        <Button variant="ghost" className="w-full" onClick={onLeave} disabled={pending}>
          {t('sessionEnded.leave')}
        </Button>
        <p className="mt-1 text-center text-xs text-gray-700 dark:text-gray-300">{t('sessionEnded.leaveHint')}</p>
      </div>
    </dialog>
  );
};
