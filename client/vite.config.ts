import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { createBuildId, createLatestBuildManifest } from './src/lib/build/latest-build-manifest.ts';
import { SIGNED_OUT_NAMESPACES, START_NAMESPACES } from './src/lib/i18n/start-namespaces.ts';
import { latestBuildPlugin } from './tooling/latest-build-plugin.ts';
import { minifyPublicScriptsPlugin } from './tooling/minify-public-scripts-plugin.ts';
import { precompressPlugin } from './tooling/precompress-plugin.ts';
import { startPreloadPlugin } from './tooling/start-preload-plugin.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// CI may pin the id (e.g. to the commit SHA) so a redeploy of the same build is not seen as new.
const builtAt = new Date();
const buildId = process.env.BUILD_ID || createBuildId(builtAt, randomBytes(4).toString('hex'));
const manifest = createLatestBuildManifest({ id: buildId, version: packageJson.version, builtAt });

/**
 * `lib-<package>` for a library loaded lazily (`lib-xstate-react` for `@xstate/react`): one chunk per package, not per
 * scope, so that the auth machine's xstate does not bring @xstate/react, which only the play screens use, and the
 * React shim it imports. The initials avatars are drawn without a library (components/ui/avatar-generator.ts).
 */
const lazyLibraryChunk = (id: string): string | null => {
  const name = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
  return name ? `lib-${name.replace(/^@/, '').replace(/[\\/]/, '-')}` : null;
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const catalogueOf = (namespaces: readonly string[]) =>
  new RegExp(`[\\\\/]locales[\\\\/]([^\\\\/]+)[\\\\/](?:${namespaces.map(kebab).join('|')})\\.json$`);
const startCatalogue = catalogueOf(START_NAMESPACES);
const signedOutCatalogue = catalogueOf(SIGNED_OUT_NAMESPACES);
/**
 * `locale-<tag>`: the catalogues every first screen needs, in one file per language; `locale-<tag>-signed-out`: those
 * a signed-out one needs besides (lib/i18n/start-namespaces.ts).
 */
const startCatalogueChunk = (id: string): string | null => {
  const locale = startCatalogue.exec(id)?.[1];
  if (locale) return `locale-${locale}`;
  const signedOut = signedOutCatalogue.exec(id)?.[1];
  return signedOut ? `locale-${signedOut}-signed-out` : null;
};

/**
 * zod, and the domain modules that build zod schemas when they load. The domain barrel the start-up code imports
 * (permissions, the app's name) reaches them, so without this group they would count as start-up code: only forms
 * and the pages that use them need zod.
 */
const schemaModule = (id: string): boolean =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (/[\\/]domain[\\/]src[\\/].*\.ts$/.test(id) && /^import (?!type\b)[^;]*from 'zod'/m.test(readFileSync(id, 'utf8')));

/**
 * The app's own start-up code. Of the domain, only its barrel and the permissions: the barrel re-exports every domain
 * module, so each counts as part of the entry's dependency chain (`$initial`), and the rules only editors and session
 * screens use (persona greetings, content kinds, editable fields) would load with every first page.
 */
const startUpModule = (id: string): boolean =>
  /[\\/](client|contracts)[\\/]src[\\/]/.test(id) ||
  // Vite's helper for the dynamic imports' preloads: the entry's first lazy import needs it.
  id.includes('vite/preload-helper') ||
  /[\\/]domain[\\/]src[\\/](index\.ts$|permissions[\\/])/.test(id);

const toApi: ProxyOptions = { target: apiTarget, changeOrigin: false };

// Mirror of the policy the server sends. Only `vite preview` uses it (the dev server needs inline scripts for
// React Fast Refresh), so a production build that would break under the real CSP fails the e2e smoke test early.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    latestBuildPlugin(manifest),
    startPreloadPlugin({
      // The landing page and its #login form: where a first visit starts.
      signedOut: ['src/app/routes/landing-route.tsx'],
      // What every signed-in page starts with, its frame included.
      signedIn: [
        'src/features/auth/auth-runtime.ts',
        'src/lib/query/query-client-runtime.ts',
        'src/app/layouts/signed-in-layouts.tsx',
      ],
    }),
    minifyPublicScriptsPlugin(['theme-init.js']),
    // Last: it compresses what the other plugins wrote.
    precompressPlugin(),
  ],
  resolve: {
    // Workspace packages export their TypeScript sources under "source", so the client never needs them prebuilt.
    conditions: ['source', ...defaultClientConditions],
    // Compatibility layers @xstate/react brings for React before 18 and server rendering, which every signed-in page
    // would otherwise download (docs/performance.md, "Client"): React 19 in a browser has what they stand in for.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/lib/react-shims/use-sync-external-store-shim.ts', import.meta.url)),
      },
      {
        find: /^use-isomorphic-layout-effect$/,
        replacement: fileURLToPath(new URL('src/lib/react-shims/use-isomorphic-layout-effect.ts', import.meta.url)),
      },
    ],
  },
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(manifest.id),
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/v1': toApi,
      '/api': toApi,
      '/healthz': toApi,
      '/readyz': toApi,
      '/openapi.json': toApi,
      '/socket.io': { ...toApi, ws: true },
    },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
  },
  build: {
    outDir: 'dist',
    // Every browser the build targets preloads modules itself; the polyfill would only weigh on the entry.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      // The domain workspace is pure (domain/CONTEXT.md): none of its modules acts on import. Said here, importing
      // its barrel for a permission check does not run every module behind it (zod schemas among them).
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined) },
      output: {
        // What a first visit downloads, in four files beside the CSS: React (with its router and scheduler), the
        // other libraries every page starts with, the app's own start-up code, and the route's chunk (preloaded for
        // the landing page, see below). Few files matter on HTTP/1.1, where a browser opens six connections to a
        // server: a dozen small chunks would wait for each other. Libraries only some signed-in pages use (avatar
        // generators, query hooks) get a chunk per package, loaded with the first page that needs them.
        // Every build bakes a new build id into the app chunk; with the libraries in chunks of their own, a deploy
        // invalidates only our code in browser caches, not React and friends.
        codeSplitting: {
          groups: [
            {
              name: startCatalogueChunk,
              debugName: 'start catalogues',
              test: (id: string) => startCatalogue.test(id) || signedOutCatalogue.test(id),
              priority: 5,
            },
            { name: 'lib-zod', test: schemaModule, priority: 5 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            { name: lazyLibraryChunk, debugName: 'lazy libraries', test: /[\\/]node_modules[\\/]/, priority: 2 },
            {
              name: 'app',
              test: startUpModule,
              tags: ['$initial'],
              // Else the domain barrel would bring every module it re-exports.
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
