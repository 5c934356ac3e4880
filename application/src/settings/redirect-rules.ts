import { REDIRECT_PATH_MAX } from '@ai-coaching/contracts';
import { ValidationError } from '@ai-coaching/domain';

// The rules of a redirect's source and target: pure, apart from the stored redirects a loop check walks.

/** Redirects a navigation may go through from a source; a longer chain is refused. */
export const REDIRECT_CHAIN_MAX = 10;

/**
 * Spaces, control characters and backslashes: browsers drop or rewrite them, and `/\evil.example` reads as
 * `//evil.example`, another site.
 */
const hasUnsafeCharacters = (value: string) =>
  /[\s\\]/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A path as the browser's `location.pathname` gives it (percent-encoded, dot segments resolved), which is
 * what the client asks for: `/café` is stored and looked up as `/caf%C3%A9`.
 */
export const normalizeRedirectPath = (path: string): string => new URL(`http://app.invalid${path}`).pathname;

const invalid = (code: string, field: 'source_path' | 'target', message: string) =>
  new ValidationError(code, message, { field });

const sourceInvalid = () =>
  invalid(
    'redirect_source_invalid',
    'source_path',
    'The source is an application path such as /old/page: it starts with "/", is not "/" itself, has no "?", "#", spaces or "\\", and is not an API path (/v1, /api).',
  );
const targetInvalid = (message = 'The target is a path such as /new/page or an http(s) address.') =>
  invalid('redirect_target_invalid', 'target', message);

/** The source path to store (normalized); throws `redirect_source_invalid`. */
export const redirectSource = (sourcePath: string): string => {
  if (!sourcePath.startsWith('/') || sourcePath.length > REDIRECT_PATH_MAX || /[?#]/.test(sourcePath)) {
    throw sourceInvalid();
  }
  if (hasUnsafeCharacters(sourcePath)) throw sourceInvalid();
  const path = normalizeRedirectPath(sourcePath);
  if (path === '/' || path.length > REDIRECT_PATH_MAX || /^\/(v1|api)(\/|$)/i.test(path)) throw sourceInvalid();
  return path;
};

/** Throws `redirect_target_invalid` unless the target is an internal path or an absolute http(s) address. */
export const checkRedirectTarget = (target: string): void => {
  if (target.length === 0 || target.length > REDIRECT_PATH_MAX || hasUnsafeCharacters(target)) throw targetInvalid();
  if (target.startsWith('/')) {
    if (target.startsWith('//')) throw targetInvalid('Write an external target with its protocol: https://….');
    return;
  }
  // Spec §5: only http and https leave the app; javascript:, data: and every other protocol are refused.
  if (!/^https?:\/\//i.test(target)) {
    throw targetInvalid('The target is a path such as /new/page, or an address starting with http:// or https://.');
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw targetInvalid();
  }
  if (!url.hostname) throw targetInvalid();
};

/** The path of this app a target leads to (an internal path, or an address on the app's origin), or null. */
export const redirectPathOnApp = (target: string, appOrigin: string): string | null => {
  if (target.startsWith('/')) return normalizeRedirectPath(target.split(/[?#]/)[0]!);
  try {
    const url = new URL(target);
    return url.origin === appOrigin ? url.pathname : null;
  } catch {
    return null;
  }
};

/**
 * Refuses a redirect whose target comes back to its source, directly or through the redirects already
 * stored (the client follows each one with a new navigation, so a cycle would never end), and one that
 * starts a chain of more than REDIRECT_CHAIN_MAX redirects (which also bounds this walk). `resolve` answers
 * the stored redirect of a path, or null.
 */
export const checkNoRedirectLoop = async (
  redirect: { sourcePath: string; target: string; appOrigin: string },
  resolve: (path: string) => Promise<string | null>,
): Promise<void> => {
  const { sourcePath, appOrigin } = redirect;
  let redirects = 1;
  let next = redirectPathOnApp(redirect.target, appOrigin);
  while (next !== null) {
    if (next === sourcePath) {
      throw invalid(
        'redirect_loop',
        'target',
        redirects === 1
          ? 'A path cannot redirect to itself.'
          : `This target leads back to ${sourcePath} through other redirects.`,
      );
    }
    const further = await resolve(next);
    if (further === null) return;
    redirects += 1;
    if (redirects > REDIRECT_CHAIN_MAX) {
      throw invalid(
        'redirect_loop',
        'target',
        `This target leads through more than ${REDIRECT_CHAIN_MAX} redirects; point the source at the final page.`,
      );
    }
    next = redirectPathOnApp(further, appOrigin);
  }
};
