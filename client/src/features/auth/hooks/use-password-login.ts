import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, useAuthState } from '../auth-actor-context';
import type { AuthSnapshot } from '../lazy-auth';
import type { AuthError } from '../machines/auth.machine';
import { takeReturnTo } from '../utils/return-to';

/** Target after login success (spec §2). */
export const SUCCESS_LOGIN_PATH = '/dashboard';

const isLoggingIn = (snapshot: AuthSnapshot | null) => snapshot?.matches('loggingIn') ?? false;
const isLoadingProfile = (snapshot: AuthSnapshot | null) => snapshot?.matches('loadingProfile') ?? false;
const machineErrorOf = (snapshot: AuthSnapshot | null) => snapshot?.context.error ?? null;

/**
 * Sends `user.login` to the auth machine; once signed in, goes to the page the visitor was heading to (remembered by
 * the navigation guard, same-origin paths only), else to the dashboard. `stay` keeps the current page (the sign-in
 * dialog over an interrupted page). The machine may not exist yet (lazy-auth.ts): the first submit creates it, and
 * `prepare` (called as the visitor types) downloads it beforehand.
 */
export const usePasswordLogin = ({ stay = false }: { stay?: boolean } = {}) => {
  const auth = useAuth();
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);
  // From the submit until the machine has the request: it may still be downloading.
  const [starting, setStarting] = useState(false);
  const loggingIn = useAuthState(isLoggingIn);
  const loadingProfile = useAuthState(isLoadingProfile);
  const machineError = useAuthState(machineErrorOf);
  const pending = starting || loggingIn || (submitted && loadingProfile);
  // Only this form's own attempt: a logout error from earlier is not a login failure.
  const error: AuthError | null = submitted && !pending ? machineError : null;

  const prepare = () => void auth.load().catch(() => undefined);

  const login = async (username: string, password: string) => {
    setSubmitted(true);
    setStarting(true);
    try {
      const actor = await auth.load();
      if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'user.logout' });
      await auth.waitFor((snapshot) => snapshot.matches('signedOut'));
      actor.send({ type: 'user.login', username, password });
    } finally {
      setStarting(false);
    }
    const settled = await auth.waitFor((snapshot) => snapshot.matches('signedIn') || snapshot.matches('signedOut'));
    if (settled.matches('signedIn') && !stay) {
      await navigate(takeReturnTo(settled.context.storage.session) ?? SUCCESS_LOGIN_PATH);
    }
    return settled.matches('signedIn');
  };

  return { login, prepare, pending, error };
};
