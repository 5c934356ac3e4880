import { useEffect, useState } from 'react';
import { ssoOperations } from '../../../lib/http/contract-routes';
import { api } from '../../../lib/http/api';

type SignInMethods = Awaited<ReturnType<typeof fetchMethods>>;

const fetchMethods = () => api.call(ssoOperations.authenticationMethods, {});

/** As long as the query options of auth-screens-api.ts keep the answer. */
const FRESH_MS = 5 * 60_000;

/** Asks `fetch` once every few minutes at most; a failure is asked again next time. */
export const createSignInMethodsLoader = <T>(fetch: () => Promise<T>) => {
  let cached: { at: number; answer: Promise<T> } | null = null;
  return (now = Date.now()): Promise<T> => {
    if (cached && now - cached.at < FRESH_MS) return cached.answer;
    const answer = fetch();
    const entry = { at: now, answer };
    cached = entry;
    answer.catch(() => {
      if (cached === entry) cached = null;
    });
    return answer;
  };
};

const loadSignInMethods = createSignInMethodsLoader(fetchMethods);

/**
 * The sign-in methods for the login form, without TanStack Query: the form is a first visit's page (issue 9 §3.1),
 * and the query library is downloaded only by the pages that need its cache. Undefined until the answer comes, and
 * after a failure (the form then offers the password login alone, as it did before).
 */
export const useSignInMethods = (): SignInMethods | undefined => {
  const [methods, setMethods] = useState<SignInMethods>();
  useEffect(() => {
    let current = true;
    loadSignInMethods().then(
      (answer) => {
        if (current) setMethods(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return methods;
};
