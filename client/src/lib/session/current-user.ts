import type { Profile } from '@ai-coaching/contracts';

/**
 * The current user of spec section 3: `GET /v1/me`'s answer (`id` is not in the spec's list: the
 * API adds it so the profile screens can address `/v1/users/{id}`).
 */
export type CurrentUser = Profile;

/** Normalises a `GET /v1/me` answer: missing values default to '' (0 for credit_wallet, [] for permissions). */
export function toCurrentUser(raw: Partial<Record<keyof CurrentUser, unknown>> | null | undefined): CurrentUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
  const wallet = Number(raw?.credit_wallet);
  return {
    id: text(raw?.id),
    email: text(raw?.email),
    first_name: text(raw?.first_name),
    last_name: text(raw?.last_name),
    organization_id: text(raw?.organization_id),
    organization_role: text(raw?.organization_role),
    permissions: Array.isArray(raw?.permissions) ? raw.permissions.map(String) : [],
    credit_wallet: Number.isFinite(wallet) ? wallet : 0,
  };
}

/** First name plus last name; else whichever exists; else email; else 'User' (spec section 3). */
export function displayName(user: Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> | null | undefined): string {
  const fullName = [user?.first_name?.trim(), user?.last_name?.trim()].filter(Boolean).join(' ');
  return fullName || user?.email?.trim() || 'User';
}
