import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { splitApiError } from '../../../hooks/use-schema-form';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useRequestPasswordReset } from '../api/auth-screens-api';
import { AccountEmailField } from '../../../components/account-fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ForgotPasswordForm = () => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const errorMessage = useErrorMessage();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  // The API's field messages (in the interface language) go next to the field; anything else in the alert.
  const server = splitApiError(request.error, ['account_email']);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const ok = EMAIL.test(email.trim());
    setInvalid(!ok);
    if (ok) request.mutate(email.trim());
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('forgot.title')}</h1>
      {request.isSuccess ? (
        <Alert tone="success">{t('forgot.sent', { email: email.trim() })}</Alert>
      ) : (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('forgot.description')}</p>
          {request.isError && server.rest ? <Alert tone="error">{errorMessage(request.error)}</Alert> : null}
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <AccountEmailField
              label={t('login.email')}
              value={email}
              onValueChange={setEmail}
              error={invalid ? t('forgot.invalidEmail') : (server.fields['account_email'] ?? null)}
            />
            <Button type="submit" loading={request.isPending}>
              {t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <Link to={{ hash: 'login' }} className="text-sm text-primary-700 underline dark:text-primary-300">
        {t('forgot.backToLogin')}
      </Link>
    </div>
  );
};
