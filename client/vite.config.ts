import { randomBytes } from 'node:crypto';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { createBuildId, createLatestBuildManifest } from './src/lib/build/latest-build-manifest.ts';
import { latestBuildPlugin } from './tooling/latest-build-plugin.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// CI may pin the id (e.g. to the commit SHA) so a redeploy of the same build is not seen as new.
const builtAt = new Date();
const buildId = process.env.BUILD_ID || createBuildId(builtAt, randomBytes(4).toString('hex'));
const manifest = createLatestBuildManifest({ id: buildId, version: packageJson.version, builtAt });

const toApi: ProxyOptions = { target: apiTarget, changeOrigin: false };

// Mirror of the policy the server sends. Only `vite preview` uses it (the dev server needs inline scripts for
// React Fast Refresh), so a production build that would break under the real CSP fails the e2e smoke test early.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export default defineConfig({
  plugins: [react(), tailwindcss(), latestBuildPlugin(manifest)],
  resolve: {
    // Workspace packages export their TypeScript sources under "source", so the client never needs them prebuilt.
    conditions: ['source', ...defaultClientConditions],
  },
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(manifest.id),
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/v1': toApi,
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
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Every build bakes a new build id into the app chunk; keeping libraries in their own chunk means a deploy
        // only invalidates our code in browser caches, not React and friends.
        // React itself is split from the other libraries so neither chunk passes the 500 kB warning.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
