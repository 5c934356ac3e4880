import { existsSync } from 'node:fs';
import path from 'node:path';
import { send } from '@koa/send';
import type { Middleware } from 'koa';

/** Paths that belong to the server; the SPA fallback never answers them with index.html. */
const SERVER_PATHS = /^\/(v1|api|socket\.io)(\/|$)|^\/(healthz|readyz|openapi\.json)$/;

/** The encoding suffixes `@koa/send` appends when it picks a precompressed sibling. */
const ENCODED = /\.(br|gz)$/;

/**
 * Serves the built client. Hashed files under /assets are cached for a year; index.html and the
 * latest-build manifest are revalidated on every load, so a deployment is picked up at once.
 * Any other GET that accepts HTML falls back to index.html (client-side routing).
 *
 * The build writes `<file>.br` and `<file>.gz` next to every text file (client/tooling/precompress-plugin.ts);
 * `@koa/send` answers with the brotli one, else the gzip one, when the browser accepts it, with
 * `Content-Encoding` set and the `Content-Type` of the original file. Every answer varies on
 * `Accept-Encoding`, so no cache hands a compressed body to a browser that did not ask for one.
 */
export const staticClient = (distDir: string): Middleware => {
  const root = path.resolve(distDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return next();
    const isAsset = ctx.path.startsWith('/assets/');
    // Set before sending: it holds for the identity answer too, and stays on a 404 handed to `next`.
    ctx.vary('Accept-Encoding');
    try {
      const served = await send(ctx, ctx.path, {
        root,
        index: false,
        hidden: false,
        ...(isAsset ? { maxage: 365 * 24 * 3600 * 1000, immutable: true } : {}),
        setHeaders: (res, filePath) => {
          if (!isAsset) res.setHeader('Cache-Control', 'no-cache');
          if (filePath.replace(ENCODED, '').endsWith('.json')) {
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
          }
        },
      });
      if (served) return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
    }
    if (isAsset || path.extname(ctx.path) !== '' || !ctx.accepts('html')) return next();
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
};

export const clientDistDir = (): string | undefined => {
  const candidates = [
    path.resolve(import.meta.dirname, '../../../client/dist'),
    path.resolve(process.cwd(), 'client/dist'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
};
