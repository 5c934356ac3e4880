import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAcceptableNewPassword, NewPasswordFields, type NewPassword } from '../../../components/new-password-fields';
import { Alert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { splitApiError } from '../../../hooks/use-schema-form';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useChangePassword } from '../api/profile-api';
import { CurrentPasswordField } from '../../../components/account-fields';

export const ChangePasswordForm = ({ email }: { email: string }) => {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const error = isApiError(change.error) ? change.error : null;
  // The API's field messages (in the interface language) go next to their fields.
  const server = splitApiError(change.error, ['current_password', 'new_password']);
  const currentError = server.fields['current_password'] ?? null;
  // The new password is the current one: said next to the new password, in the user's language.
  const passwordError =
    error?.code === 'password_unchanged'
      ? t('password.unchanged')
      : (server.fields['new_password'] ?? (error?.code.startsWith('password_') ? errorMessage(error) : null));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!current || !isAcceptableNewPassword(next, email)) return;
    change.mutate(
      { current_password: current, new_password: next.password },
      {
        onSuccess: () => {
          toast.show(t('password.changed'));
          setCurrent('');
          setNext({ password: '', confirmation: '' });
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <Card className="max-w-xl">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <CurrentPasswordField
          label={t('password.current')}
          value={current}
          onValueChange={setCurrent}
          error={currentError ?? (submitted && !current ? t('password.currentRequired') : null)}
        />
        <NewPasswordFields
          value={next}
          onChange={setNext}
          email={email}
          submitted={submitted}
          serverError={passwordError}
        />
        {change.isError && server.rest && !currentError && !passwordError ? (
          <Alert tone="error">{errorMessage(change.error)}</Alert>
        ) : null}
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('password.otherSessions')}</p>
        <SubmitRow loading={change.isPending}>{t('password.submit')}</SubmitRow>
      </form>
    </Card>
  );
};
