import { passwordProblems } from '@ai-coaching/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../../components/password-rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useChangePassword } from '../api/profile-api';

export const ChangePasswordForm = ({ email }: { email: string }) => {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const change = useChangePassword();
  const rulesId = useId();
  const [form, setForm] = useState({ current: '', next: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const broken = passwordProblems(form.next, email).length > 0;
  const code = isApiError(change.error) ? change.error.code : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!form.current || broken || form.next !== form.confirmation) return;
    change.mutate(
      { current_password: form.current, new_password: form.next },
      {
        onSuccess: () => {
          toast.show(t('password.changed'));
          setForm({ current: '', next: '', confirmation: '' });
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <Card className="max-w-xl">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
          value={form.current}
          onChange={(event) => setForm({ ...form, current: event.target.value })}
          error={
            code === 'current_password_incorrect' ||
            (change.error && isApiError(change.error) && change.error.field === 'current_password')
              ? errorMessage(change.error)
              : submitted && !form.current
                ? t('password.currentRequired')
                : null
          }
        />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          required
          value={form.next}
          aria-describedby={rulesId}
          onChange={(event) => setForm({ ...form, next: event.target.value })}
          error={
            code?.startsWith('password_')
              ? errorMessage(change.error)
              : submitted && broken
                ? t('password.rulesNotMet')
                : null
          }
          hint={<PasswordRules password={form.next} email={email} id={rulesId} />}
        />
        <TextField
          label={t('password.confirmation')}
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmation}
          onChange={(event) => setForm({ ...form, confirmation: event.target.value })}
          error={submitted && form.confirmation !== form.next ? t('password.mismatch') : null}
        />
        {change.isError && code !== 'current_password_incorrect' && !code?.startsWith('password_') ? (
          <Alert tone="error">{errorMessage(change.error)}</Alert>
        ) : null}
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('password.otherSessions')}</p>
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
};
