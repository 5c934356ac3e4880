import { APP_VERSION } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { createBuildId, createLatestBuildManifest, parseLatestBuildManifest } from './latest-build-manifest';

describe('createBuildId', () => {
  it('should start with a compact UTC timestamp and end with the random suffix', () => {
    expect(createBuildId(new Date('2026-11-21T18:45:07.123Z'), 'a1b2c3d4')).toBe('20261121T184507Z-a1b2c3d4');
  });
});

describe('createLatestBuildManifest', () => {
  it('should produce a manifest that parses back to itself', () => {
    const manifest = createLatestBuildManifest({
      id: 'x-1',
      version: '1.4.1',
      builtAt: new Date('2026-11-21T00:00:00Z'),
    });
    expect(manifest).toEqual({ id: 'x-1', version: '1.4.1', builtAt: '2026-11-21T00:00:00.000Z' });
    expect(parseLatestBuildManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
  });
});

describe('parseLatestBuildManifest', () => {
  it.each([
    null,
    'html',
    {},
    { id: '', version: '1', builtAt: '2026-01-01' },
    { id: 'a', version: '1', builtAt: 'soon' },
  ])('should reject %j', (value) => {
    expect(parseLatestBuildManifest(value)).toBeNull();
  });
});

describe('manifest version', () => {
  // vite.config.ts stamps the manifest with client/package.json's version while the UI shows the domain's APP_VERSION.
  const [clientPackageVersion] = Object.values(
    import.meta.glob<string>('../../../package.json', { eager: true, import: 'version' }),
  );

  it('should match the version the app displays', () => {
    expect(clientPackageVersion).toBe(APP_VERSION);
  });
});
