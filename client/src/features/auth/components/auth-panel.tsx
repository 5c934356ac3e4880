import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/session/current-user';
import { useCurrentUser } from '../../../lib/session/session-context';
import { Loading } from '../../../components/ui/query-state';
import { WithQueryClient } from '../../../lib/query/lazy-query-client';
import { LoginForm } from './login-form';

// Forms validated with the API's schemas (zod), and sending with TanStack Query: loaded when their marker is opened,
// so the landing and login pages start without either.
const loadForgotPasswordForm = () => import('./forgot-password-form');
const loadResetPasswordForm = () => import('./reset-password-form');
const ForgotPasswordForm = lazy(() => loadForgotPasswordForm().then((m) => ({ default: m.ForgotPasswordForm })));
const ResetPasswordForm = lazy(() => loadResetPasswordForm().then((m) => ({ default: m.ResetPasswordForm })));

/** The hash markers of spec §2 that open the forms on the landing page. */
export const AUTH_MARKERS = ['#login', '#forgot-password', '#reset-password'] as const;
export const isAuthMarker = (hash: string): hash is (typeof AUTH_MARKERS)[number] =>
  (AUTH_MARKERS as readonly string[]).includes(hash);

export const AuthPanel = () => {
  const { t } = useTranslation('auth');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [notice, setNotice] = useState<string | null>(null);

  if (user) {
    return (
      <Card className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('signedIn.title', { name: displayName(user) })}</h1>
        <Link to="/dashboard" className={buttonClassName('primary')}>
          {t('signedIn.dashboard')}
        </Link>
        <Link to="/logout" className={buttonClassName('secondary')}>
          {t('signedIn.logout')}
        </Link>
      </Card>
    );
  }
  return (
    <Card>
      {/* A boundary per marker: the router changes the marker in a transition, which would keep the previous form on
          screen (and take what is typed into it) while the next one loads; a new boundary shows its fallback. */}
      <Suspense key={hash} fallback={<Loading />}>
        {hash === '#forgot-password' ? (
          <WithQueryClient preload={loadForgotPasswordForm}>
            <ForgotPasswordForm />
          </WithQueryClient>
        ) : hash === '#reset-password' ? (
          <WithQueryClient preload={loadResetPasswordForm}>
            <ResetPasswordForm
              onDone={() => {
                setNotice(t('reset.done'));
                void navigate({ search: '', hash: 'login' }, { replace: true });
              }}
            />
          </WithQueryClient>
        ) : (
          <LoginForm notice={notice} />
        )}
      </Suspense>
    </Card>
  );
};
