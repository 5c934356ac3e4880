import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { splitApiError } from '../../../hooks/use-schema-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useActivateAccount, useInviteCode } from '../api/auth-screens-api';
import { usePasswordLogin } from '../hooks/use-password-login';
import { isAcceptableNewPassword, NewPasswordFields, type NewPassword } from '../../../components/new-password-fields';

/** `/activate?code=…`: the invited person sets a password, then is signed in straight away. */
export const ActivateAccountForm = ({ code }: { code: string }) => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('activate.title'));
  const errorMessage = useErrorMessage();
  const check = useInviteCode(code);
  const activate = useActivateAccount();
  const { login } = usePasswordLogin();
  const navigate = useNavigate();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const email = check.data?.email ?? '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isAcceptableNewPassword(value, email)) return;
    activate.mutate(
      { invite_code: code, password: value.password },
      {
        onSuccess: async (answer) => {
          if (!(await login(answer.email, value.password))) await navigate({ pathname: '/', hash: 'login' });
        },
      },
    );
  };

  const body = () => {
    if (!code) return <Alert tone="error">{t('activate.missingCode')}</Alert>;
    if (check.isPending) return <Loading />;
    if (check.isError) {
      return isApiError(check.error) && check.error.code === 'invite_code_invalid' ? (
        <Alert tone="error">{t('activate.invalid')}</Alert>
      ) : (
        <LoadError error={check.error} onRetry={() => void check.refetch()} />
      );
    }
    if (check.data.status === 'used') {
      return (
        <Alert tone="info">
          {t('activate.used')}{' '}
          <Link to={{ pathname: '/', hash: 'login' }} className="underline">
            {t('activate.goToLogin')}
          </Link>
        </Alert>
      );
    }
    if (check.data.status === 'expired') return <Alert tone="error">{t('activate.expired')}</Alert>;
    // The API's message about the password (in the interface language) goes next to it.
    const passwordError =
      splitApiError(activate.error, ['password']).fields['password'] ??
      (isApiError(activate.error) && activate.error.code.startsWith('password_') ? errorMessage(activate.error) : null);
    return (
      <>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('activate.welcome', { name: check.data.first_name || email })}
        </p>
        {activate.isError && !passwordError ? <Alert tone="error">{errorMessage(activate.error)}</Alert> : null}
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <TextField label={t('login.email')} type="email" value={email} readOnly autoComplete="username" />
          <NewPasswordFields
            value={value}
            onChange={setValue}
            email={email}
            submitted={submitted}
            serverError={passwordError}
          />
          <Button type="submit" loading={activate.isPending || activate.isSuccess}>
            {t('activate.submit')}
          </Button>
        </form>
      </>
    );
  };

  return (
    <Card className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('activate.title')}</h1>
      {body()}
    </Card>
  );
};
