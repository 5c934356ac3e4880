import { NotFoundError } from '@ai-coaching/domain';
import type { List, ParsedRequest, Redirect, redirectOperations } from '@ai-coaching/contracts';
import {
  deletePathRedirect,
  listPathRedirects,
  resolvePathRedirect,
  upsertPathRedirect,
  type PathRedirect,
} from '@ai-coaching/platform';
import type { AppServices, Origin } from '../app-services.js';
import { checkNoRedirectLoop, checkRedirectTarget, normalizeRedirectPath, redirectSource } from './redirect-rules.js';

type Operations = typeof redirectOperations;

const toRedirect = (redirect: PathRedirect): Redirect => ({
  source_path: redirect.sourcePath,
  target: redirect.target,
  created_at: redirect.createdAt,
  updated_at: redirect.updatedAt,
});

/** Where a client path leads, or null; asked before every navigation, signed in or not. */
export const resolveRedirect = async (services: AppServices, path: string): Promise<{ target: string | null }> => ({
  target: await resolvePathRedirect(services.db, normalizeRedirectPath(path)),
});

export const listRedirects = async (services: AppServices): Promise<List<Redirect>> => {
  const items = (await listPathRedirects(services.db)).map(toRedirect);
  return { items, total: items.length };
};

/** Creates or changes the redirect of a source path, once its source, target and chain pass the rules. */
export const saveRedirect = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['save']>['body'],
): Promise<Redirect> => {
  const sourcePath = redirectSource(body.source_path);
  checkRedirectTarget(body.target);
  await checkNoRedirectLoop(
    { sourcePath, target: body.target, appOrigin: new URL(services.config.publicUrl).origin },
    (path) => resolvePathRedirect(services.db, path),
  );
  const by = origin.caller?.kind === 'user' ? origin.caller.userId : null;
  return toRedirect(await upsertPathRedirect(services.db, { sourcePath, target: body.target, by }));
};

export const removeRedirect = async (services: AppServices, sourcePath: string): Promise<void> => {
  if (!(await deletePathRedirect(services.db, normalizeRedirectPath(sourcePath)))) {
    throw new NotFoundError('redirect_not_found', `There is no redirect from ${sourcePath}.`);
  }
};
