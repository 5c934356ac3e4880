/**
 * The latest-build manifest is written by the Vite build (tooling/latest-build-plugin.ts) and will be polled by the
 * client to notice a new deployment. This module is shared by both sides so the file shape cannot drift.
 */

/** Served from the web root; the server must send it with `Cache-Control: no-cache` or polling sees stale ids. */
export const LATEST_BUILD_MANIFEST_PATH = '/build/latest.json';

export type LatestBuildManifest = {
  id: string;
  version: string;
  builtAt: string;
};

/** Sortable by time, unique thanks to the random suffix (two builds in the same second still differ). */
export const createBuildId = (builtAt: Date, randomSuffix: string): string => {
  const stamp = builtAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${stamp}-${randomSuffix}`;
};

export const createLatestBuildManifest = (input: {
  id: string;
  version: string;
  builtAt: Date;
}): LatestBuildManifest => ({
  id: input.id,
  version: input.version,
  builtAt: input.builtAt.toISOString(),
});

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Returns null for anything that is not a manifest, so a half-deployed or proxied error page never triggers a reload. */
export const parseLatestBuildManifest = (value: unknown): LatestBuildManifest | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { id, version, builtAt } = value as Record<string, unknown>;
  if (!isNonEmptyString(id) || !isNonEmptyString(version) || !isNonEmptyString(builtAt)) return null;
  if (Number.isNaN(Date.parse(builtAt))) return null;
  return { id, version, builtAt };
};
