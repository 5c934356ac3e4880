import {} from '@ai-coaching/contracts';
import { invitationOperations, authOperations, ssoOperations } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';

// Signed-out screens: no token is sent, and a 401 is an answer, not a session to refresh.
const signedOut = { token: null, skipAuthRefresh: true } as const;

const methodKeys = queryKeys('authentication-methods');
const inviteCodeKeys = queryKeys('invite-codes');
const resetCodeKeys = queryKeys('reset-codes');

export const getAuthenticationMethodsQueryOptions = () =>
  queryOptions({
    queryKey: methodKeys.all,
    queryFn: () => api.call(ssoOperations.authenticationMethods, {}),
    staleTime: 5 * 60_000,
  });

export const useAuthenticationMethods = () => useQuery(getAuthenticationMethodsQueryOptions());

/** The same answer whether the account exists or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (accountEmail: string) =>
      api.call(authOperations.resetOwnPassword, { body: { account_email: accountEmail } }, signedOut),
  });

/** Whether a reset link still works (`valid`, `expired`, `used`; unknown or replaced: 404), asked when the form opens. */
export const useResetCode = (code: string) =>
  useQuery({
    queryKey: resetCodeKeys.detail(code),
    queryFn: () => api.call(authOperations.checkResetCode, { params: { reset_code: code } }, signedOut),
    enabled: code !== '',
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: RequestOf<typeof authOperations.changePasswordAfterReset>['body']) =>
      api.call(authOperations.changePasswordAfterReset, { body }, signedOut),
  });

export const getInviteCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: inviteCodeKeys.detail(code),
    queryFn: () => api.call(invitationOperations.checkInviteCode, { params: { invite_code: code } }, signedOut),
    staleTime: Infinity,
  });

export const useInviteCode = (code: string) => useQuery({ ...getInviteCodeQueryOptions(code), enabled: code !== '' });

export const useActivateAccount = () =>
  useMutation({
    mutationFn: (body: RequestOf<typeof invitationOperations.activateAccount>['body']) =>
      api.call(invitationOperations.activateAccount, { body }, signedOut),
  });

/** The identity provider's authorization URL for a new login of this realm. */
export const getSsoLoginUrl = (realm: string) => api.call(ssoOperations.loginUrl, { query: { realm } }, signedOut);

/** Leaves for the identity provider's login page of this realm: once it succeeds, the page is on its way out. */
export const useSsoLogin = () =>
  useMutation({
    mutationFn: async (realm: string) => {
      const { url } = await getSsoLoginUrl(realm);
      if (!url) throw new Error('No login URL received');
      window.location.assign(url);
    },
    // Spec §8: a login URL failure is logged and the user stays on preconnect.
    onError: (error) => console.error('Single sign-on login URL failed', error),
  });
