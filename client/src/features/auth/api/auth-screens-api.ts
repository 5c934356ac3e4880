import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export type AuthenticationMethods = { fau: boolean; keycloak: boolean; realms: { name: string }[] };

export const getAuthenticationMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['authentication-methods'],
    queryFn: () => api.get<AuthenticationMethods>('/v1/authentication_methods'),
    staleTime: 5 * 60_000,
  });

export const useAuthenticationMethods = () => useQuery(getAuthenticationMethodsQueryOptions());

/** POST /v1/reset_own_password: the same answer whether the account exists or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (accountEmail: string) =>
      api.post<void>('/v1/reset_own_password', { account_email: accountEmail }, { token: null, skipAuthRefresh: true }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { reset_code: string; new_password: string }) =>
      api.post<void>('/v1/change_password_after_reset', input, { token: null, skipAuthRefresh: true }),
  });

export type InviteCodeCheck = { status: 'valid' | 'expired' | 'used'; email?: string; first_name?: string };

export const getInviteCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['invite-code', code],
    queryFn: () =>
      api.get<InviteCodeCheck>(`/v1/check_invite_code/${encodeURIComponent(code)}`, undefined, {
        token: null,
        skipAuthRefresh: true,
      }),
    staleTime: Infinity,
  });

export const useInviteCode = (code: string) => useQuery({ ...getInviteCodeQueryOptions(code), enabled: code !== '' });

export const useActivateAccount = () =>
  useMutation({
    mutationFn: (input: { invite_code: string; password: string }) =>
      api.post<{ status: 'activated'; email: string }>('/v1/activate_account', input, {
        token: null,
        skipAuthRefresh: true,
      }),
  });

/** GET /v1/keycloak/get_login_url?realm= → the identity provider's authorization URL. */
export const getSsoLoginUrl = (realm: string) =>
  api.get<{ url?: string | null }>('/v1/keycloak/get_login_url', { realm }, { token: null, skipAuthRefresh: true });
