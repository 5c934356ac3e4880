import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { useSignInMethods } from '../api/sign-in-methods';
import { usePasswordLogin } from '../hooks/use-password-login';
import { loginErrorKey } from '../utils/login-error-key';
import { AccountEmailField, CurrentPasswordField } from '../../../components/account-fields';

export const LoginForm = ({ notice }: { notice?: string | null }) => {
  const { t, i18n } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const { login, prepare, pending, error } = usePasswordLogin();
  const methods = useSignInMethods();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const loadChecks = () => import('../utils/login-problems');
  // Typing fetches the checks and the auth machine, so the first submit seldom waits for them.
  const prepareChecks = () => {
    void loadChecks().catch(() => undefined);
    prepare();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Without the checks (their download failed), the API says the same in its answer.
    const checks = await loadChecks().catch(() => null);
    const found =
      checks?.loginProblems({ username: email, password }, i18n.resolvedLanguage ?? i18n.language, {
        username: t('login.emailRequired'),
        password: t('login.passwordRequired'),
      }) ?? {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    void login(email.trim(), password);
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? (
        <Alert tone="error">{t(`login.errors.${loginErrorKey(error)}`, { message: error.message })}</Alert>
      ) : null}
      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
        <AccountEmailField
          label={t('login.email')}
          // The form opens on purpose (#login, or the guard sending a visitor here): typing can start at once.
          autoFocus
          value={email}
          onValueChange={(value) => {
            prepareChecks();
            setEmail(value);
          }}
          error={problems['username'] ?? null}
        />
        <CurrentPasswordField
          label={t('login.password')}
          value={password}
          onValueChange={(value) => {
            prepareChecks();
            setPassword(value);
          }}
          error={problems['password'] ?? null}
        />
        <Button type="submit" loading={pending}>
          {t('login.submit')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 text-sm">
        <Link to={{ hash: 'forgot-password' }} className="text-primary-700 underline dark:text-primary-300">
          {t('login.forgotPassword')}
        </Link>
      </div>
      {methods?.keycloak ? (
        <div className="border-t border-gray-200 pt-4 dark:border-gray-700">
          <Link to="/preconnect" className={buttonClassName('secondary', 'w-full')}>
            {t('login.sso')}
          </Link>
        </div>
      ) : null}
    </div>
  );
};
