import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { waitFor } from 'xstate';
import { useAuthActor } from '../auth-actor-context';
import type { AuthError } from '../machines/auth.machine';
import { takeReturnTo } from '../utils/return-to';

/** Target after login success (spec §2). */
export const SUCCESS_LOGIN_PATH = '/dashboard';

/**
 * Sends `user.login` to the auth machine; once signed in, goes to the page the visitor was heading to (remembered by
 * the navigation guard, same-origin paths only), else to the dashboard. `stay` keeps the current page (the sign-in
 * dialog over an interrupted page).
 */
export const usePasswordLogin = ({ stay = false }: { stay?: boolean } = {}) => {
  const actor = useAuthActor();
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);
  const pending = useSelector(
    actor,
    (snapshot) => snapshot.matches('loggingIn') || (submitted && snapshot.matches('loadingProfile')),
  );
  const machineError = useSelector(actor, (snapshot) => snapshot.context.error);
  // Only this form's own attempt: a logout error from earlier is not a login failure.
  const error: AuthError | null = submitted && !pending ? machineError : null;

  const login = async (username: string, password: string) => {
    setSubmitted(true);
    if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'user.logout' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'user.login', username, password });
    const settled = await waitFor(actor, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('signedOut'));
    if (settled.matches('signedIn') && !stay) {
      await navigate(takeReturnTo(settled.context.storage.session) ?? SUCCESS_LOGIN_PATH);
    }
    return settled.matches('signedIn');
  };

  return { login, pending, error };
};
