import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useResetPassword } from '../api/auth-screens-api';
import { isAcceptableNewPassword, NewPasswordFields, type NewPassword } from '../../../components/new-password-fields';

/** Opened from the reset mail: `/?reset_code=…#reset-password`. */
export const ResetPasswordForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const code = params.get('reset_code') ?? '';
  const reset = useResetPassword();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isAcceptableNewPassword(value)) return;
    reset.mutate({ reset_code: code, new_password: value.password }, { onSuccess: onDone });
  };

  const passwordError =
    isApiError(reset.error) && reset.error.code.startsWith('password_') ? errorMessage(reset.error) : null;
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('reset.title')}</h1>
      {!code ? (
        <Alert tone="error">{t('reset.missingCode')}</Alert>
      ) : (
        <>
          {reset.isError && !passwordError ? (
            <Alert tone="error">
              {errorMessage(reset.error)}{' '}
              <Link to={{ hash: 'forgot-password' }} className="underline">
                {t('reset.askAgain')}
              </Link>
            </Alert>
          ) : null}
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <NewPasswordFields value={value} onChange={setValue} submitted={submitted} serverError={passwordError} />
            <Button type="submit" loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </form>
        </>
      )}
      <Link to={{ search: '', hash: 'login' }} className="text-sm text-primary-700 underline dark:text-primary-300">
        {t('forgot.backToLogin')}
      </Link>
    </div>
  );
};
