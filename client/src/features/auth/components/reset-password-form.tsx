import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { splitApiError } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useResetCode, useResetPassword } from '../api/auth-screens-api';
import { isAcceptableNewPassword, NewPasswordFields, type NewPassword } from '../../../components/new-password-fields';

const RESET_LINK_PROBLEMS: Readonly<Record<string, 'expired' | 'used' | 'invalid'>> = {
  reset_code_expired: 'expired',
  reset_code_used: 'used',
  reset_code_invalid: 'invalid',
};

/** Opened from the reset mail: `/?reset_code=…#reset-password`. */
export const ResetPasswordForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const code = params.get('reset_code') ?? '';
  const check = useResetCode(code);
  const reset = useResetPassword();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isAcceptableNewPassword(value)) return;
    reset.mutate({ reset_code: code, new_password: value.password }, { onSuccess: onDone });
  };

  // The API's message about the new password (in the interface language) goes next to it.
  const server = splitApiError(reset.error, ['new_password', 'password']);
  const passwordError =
    server.fields['new_password'] ??
    server.fields['password'] ??
    (isApiError(reset.error) && reset.error.code.startsWith('password_') ? errorMessage(reset.error) : null);
  // The server's own message for a dead link already says "ask for a new one": here the link itself says it.
  const linkProblem = isApiError(reset.error) ? RESET_LINK_PROBLEMS[reset.error.code] : undefined;
  const askAgain = (
    <Link to={{ search: '', hash: 'forgot-password' }} className="underline">
      {t('reset.askAgain')}
    </Link>
  );
  // The link is checked as the form opens, so a used or expired one is said before a new password is typed.
  const deadLink = (problem: 'expired' | 'used' | 'invalid') => (
    <Alert tone="error">
      {t(`reset.linkProblems.${problem}`)} {askAgain}
    </Alert>
  );
  const body = () => {
    if (!code) return <Alert tone="error">{t('reset.missingCode')}</Alert>;
    if (check.isPending) return <Loading />;
    if (check.isError) {
      return isApiError(check.error) && check.error.code === 'reset_code_invalid' ? (
        deadLink('invalid')
      ) : (
        <LoadError error={check.error} onRetry={() => void check.refetch()} />
      );
    }
    if (check.data.status !== 'valid') return deadLink(check.data.status);
    return (
      <>
        {reset.isError && !passwordError ? (
          <Alert tone="error">
            {linkProblem ? t(`reset.linkProblems.${linkProblem}`) : errorMessage(reset.error)} {askAgain}
          </Alert>
        ) : null}
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <NewPasswordFields value={value} onChange={setValue} submitted={submitted} serverError={passwordError} />
          <Button type="submit" loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </form>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('reset.title')}</h1>
      {body()}
      <Link to={{ search: '', hash: 'login' }} className="text-sm text-primary-700 underline dark:text-primary-300">
        {t('forgot.backToLogin')}
      </Link>
    </div>
  );
};
