import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuthState } from '../auth-actor-context';
import type { AuthSnapshot } from '../lazy-auth';
import { useAuthenticationMethods, useSsoLogin } from '../api/auth-screens-api';
import { LAST_METHOD_KEY, LAST_REALM_NAME_KEY } from '../storage';

// No machine yet: nothing failed and nobody logged out in this tab (both would have created it).
const lastErrorOf = (snapshot: AuthSnapshot | null) => snapshot?.context.error ?? null;
const isLoggedOut = (snapshot: AuthSnapshot | null) =>
  snapshot !== null && snapshot.context.loggedOutAt !== null && snapshot.context.user === null;

/**
 * `/preconnect`: realm choice before single sign-on (spec §4 "Login through the identity provider"), and where
 * `/logout` lands (spec §4 step 2). After a logout it says so and offers to sign in again; without single sign-on it
 * still leads to the password login, never to a dead end.
 */
export const PreconnectPanel = () => {
  const { t } = useTranslation('auth');
  const methods = useAuthenticationMethods();
  const lastError = useAuthState(lastErrorOf);
  const loggedOut = useAuthState(isLoggedOut);
  const ssoAvailable = Boolean(methods.data?.keycloak);
  // Whoever last used single sign-on finds it first; everyone else finds the password login first.
  const [ssoFirst] = useState(() => localStorage.getItem(LAST_METHOD_KEY) === 'keycloak');
  const title = loggedOut ? t('preconnect.signedOut.title') : t('preconnect.title');
  useDocumentTitle(title);
  const [realm, setRealm] = useState(() => localStorage.getItem(LAST_REALM_NAME_KEY) ?? '');
  const login = useSsoLogin();

  const realms = methods.data?.realms ?? [];
  const chosen = realm || realms[0]?.name || '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    localStorage.setItem(LAST_REALM_NAME_KEY, chosen);
    localStorage.setItem(LAST_METHOD_KEY, 'keycloak');
    login.mutate(chosen);
  };

  const passwordLink = (
    <Link
      to={{ pathname: '/', hash: 'login' }}
      className={buttonClassName(ssoAvailable && ssoFirst ? 'secondary' : 'primary')}
    >
      {loggedOut ? t('preconnect.signInAgain') : t('preconnect.password')}
    </Link>
  );
  const ssoForm = (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      {realms.length > 0 ? (
        <SelectField
          label={t('preconnect.realm')}
          value={chosen}
          onChange={(event) => setRealm(event.target.value)}
          options={realms.map(({ name }) => ({ value: name, label: name }))}
        />
      ) : (
        <TextField label={t('preconnect.realm')} value={realm} onChange={(event) => setRealm(event.target.value)} />
      )}
      <Button
        type="submit"
        variant={ssoFirst ? 'primary' : 'secondary'}
        loading={login.isPending || login.isSuccess}
        disabled={!chosen}
      >
        {t('preconnect.continue')}
      </Button>
    </form>
  );

  return (
    <Card className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {loggedOut ? (
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300" data-testid="signed-out">
          {t('preconnect.signedOut.body')}
        </p>
      ) : null}
      {lastError && lastError.message !== 'Logout Error' && !loggedOut ? (
        <Alert tone="error">{t('preconnect.callbackFailed')}</Alert>
      ) : null}
      {login.isError ? <Alert tone="error">{t('preconnect.urlFailed')}</Alert> : null}
      {ssoAvailable && ssoFirst ? (
        <>
          {ssoForm}
          {passwordLink}
        </>
      ) : (
        <>
          {passwordLink}
          {methods.isPending ? (
            <Loading label={t('preconnect.loadingMethods')} />
          ) : ssoAvailable ? (
            <section aria-labelledby="preconnect-sso" className="border-t border-gray-200 pt-4 dark:border-gray-700">
              <h2 id="preconnect-sso" className="mb-3 text-sm font-medium">
                {t('preconnect.ssoHeading')}
              </h2>
              {ssoForm}
            </section>
          ) : null}
        </>
      )}
    </Card>
  );
};
