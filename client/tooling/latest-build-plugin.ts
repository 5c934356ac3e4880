import type { Plugin } from 'vite';
import { LATEST_BUILD_MANIFEST_PATH, type LatestBuildManifest } from '../src/lib/build/latest-build-manifest.ts';

/**
 * Emits `build/latest.json` next to the bundle and serves the same document in dev, so the client's future
 * new-deployment poller works identically in both.
 */
export const latestBuildPlugin = (manifest: LatestBuildManifest): Plugin => {
  const source = `${JSON.stringify(manifest, null, 2)}\n`;
  return {
    name: 'ai-coaching:latest-build-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: LATEST_BUILD_MANIFEST_PATH.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use(LATEST_BUILD_MANIFEST_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(source);
      });
    },
  };
};
