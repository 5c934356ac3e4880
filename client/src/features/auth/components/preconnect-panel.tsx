import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuthActor } from '../auth-actor-context';
import { getSsoLoginUrl, useAuthenticationMethods } from '../api/auth-screens-api';
import { LAST_METHOD_KEY, LAST_REALM_NAME_KEY } from '../storage';

/** `/preconnect`: realm choice before single sign-on (spec §4 "Login through the identity provider"). */
export const PreconnectPanel = () => {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('preconnect.title'));
  const methods = useAuthenticationMethods();
  const actor = useAuthActor();
  const lastError = useSelector(actor, (snapshot) => snapshot.context.error);
  const [realm, setRealm] = useState(() => localStorage.getItem(LAST_REALM_NAME_KEY) ?? '');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const realms = methods.data?.realms ?? [];
  const chosen = realm || realms[0]?.name || '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setPending(true);
    setFailed(false);
    localStorage.setItem(LAST_REALM_NAME_KEY, chosen);
    localStorage.setItem(LAST_METHOD_KEY, 'keycloak');
    try {
      const { url } = await getSsoLoginUrl(chosen);
      if (!url) throw new Error('No login URL received');
      window.location.assign(url);
    } catch (error) {
      // Spec §8: a login URL failure is logged and the user stays on preconnect.
      console.error('Single sign-on login URL failed', error);
      setFailed(true);
      setPending(false);
    }
  };

  return (
    <Card className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('preconnect.title')}</h1>
      {lastError && lastError.message !== 'Logout Error' ? (
        <Alert tone="error">{t('preconnect.callbackFailed')}</Alert>
      ) : null}
      {failed ? <Alert tone="error">{t('preconnect.urlFailed')}</Alert> : null}
      {methods.isPending ? (
        <Loading />
      ) : methods.data?.keycloak ? (
        <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
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
          <Button type="submit" loading={pending} disabled={!chosen}>
            {t('preconnect.continue')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('preconnect.noSso')}</p>
      )}
      <Link to={{ pathname: '/', hash: 'login' }} className={buttonClassName('secondary')}>
        {t('preconnect.password')}
      </Link>
    </Card>
  );
};
