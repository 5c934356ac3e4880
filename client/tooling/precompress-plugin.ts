import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;

/**
 * Below this, the Content-Encoding header costs about what compression saves. Above it, compressing at build time
 * costs no server time, and small scripts on the first screen's path (theme-init.js, tiny shared chunks) are a few
 * hundred bytes each of what a first visit waits for. nginx's gzip_min_length (deploy/nginx.conf) uses the same
 * threshold for what it compresses on the fly.
 */
export const MIN_COMPRESS_BYTES = 256;

const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
};

export type PrecompressResult = { file: string; bytes: number; brotli?: number; gzip?: number };

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file of
 * `dir`, when that encoding is smaller. Done once at build time so the servers never compress a static file per
 * request, and at the highest levels, which would be too slow to run per request.
 */
export const precompressDirectory = async (dir: string): Promise<PrecompressResult[]> => {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const { size } = await stat(file);
      const result: PrecompressResult = { file: path.relative(dir, file), bytes: size };
      if (size < MIN_COMPRESS_BYTES) return result;
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A server picks the sibling whenever the browser accepts it: never let that be the larger file.
      if (br.length < size) {
        await writeFile(`${file}.br`, br);
        result.brotli = br.length;
      }
      if (gz.length < size) {
        await writeFile(`${file}.gz`, gz);
        result.gzip = gz.length;
      }
      return result;
    }),
  );
};

/** Precompresses the build output (vite build only) once every file, index.html included, is written. */
export const precompressPlugin = (): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'ai-coaching:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const results = await precompressDirectory(outDir);
      const compressed = results.filter((result) => result.brotli !== undefined || result.gzip !== undefined);
      config.logger.info(
        `precompressed ${compressed.length} files (.br and .gz) in ${path.relative(config.root, outDir) || '.'}`,
      );
    },
  };
};
