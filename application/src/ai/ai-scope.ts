import { ForbiddenError, NotFoundError } from '@ai-coaching/domain';
import { findAiProvider, type AiProviderView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { isSuperAdmin, mayAccess, type UserCaller } from '../tenancy/scope.js';

// Who sees and who changes the AI catalogue. A platform-wide provider (organization null), with its
// models and voices, is seen by every organization, which may use it, and changed by super-admins
// only; an organization's own provider (bring your own key) is seen and changed inside it only.
// Keys are seen only by those who manage them: an operator never sees the platform's keys.

export const providerNotFound = () => new NotFoundError('ai_provider_not_found', 'This AI provider does not exist.');

export const platformOnly = () =>
  new ForbiddenError(
    'ai_provider_platform_only',
    'Platform-wide providers, and their keys, models and voices, are changed by super-admins only.',
  );

/** Whether the caller may see (and use) what belongs to this scope. */
export const mayUse = (caller: UserCaller, organizationId: string | null): boolean =>
  organizationId === null || mayAccess(caller, organizationId);

/** Whether the caller may change what belongs to this scope (the route has checked the permission). */
export const mayManage = (caller: UserCaller, organizationId: string | null): boolean =>
  organizationId === null ? isSuperAdmin(caller) : mayAccess(caller, organizationId);

/** Something of the catalogue the caller may see; another organization's answers as missing. */
export const visibleItem = <Item extends { organizationId: string | null }>(
  caller: UserCaller,
  item: Item | undefined,
  notFound: () => Error,
): Item => {
  if (!item || !mayUse(caller, item.organizationId)) throw notFound();
  return item;
};

/** Something the caller may see and change: 403 for a platform-wide one they only use. */
export const manageableItem = <Item extends { organizationId: string | null }>(
  caller: UserCaller,
  item: Item | undefined,
  notFound: () => Error,
): Item => {
  const visible = visibleItem(caller, item, notFound);
  if (!mayManage(caller, visible.organizationId)) throw platformOnly();
  return visible;
};

export const visibleProvider = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  providerId: string,
): Promise<AiProviderView> => visibleItem(caller, await findAiProvider(services.db, providerId), providerNotFound);

export const manageableProvider = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  providerId: string,
): Promise<AiProviderView> => manageableItem(caller, await findAiProvider(services.db, providerId), providerNotFound);

/**
 * Which rows of the catalogue a list shows: a super-admin everything, anyone else the platform-wide
 * ones and their organization's.
 */
export const catalogueScope = (caller: UserCaller): { visibleTo?: string } =>
  isSuperAdmin(caller) ? {} : { visibleTo: caller.organizationId };
