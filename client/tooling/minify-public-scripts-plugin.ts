import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { minify, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Minifies scripts of public/ in the build output: they are copied as written, with the comments that say why, and
 * every first visit downloads them before the page can paint (theme-init.js: half its gzip size is comments).
 * writeBundle runs once public/ is copied and before closeBundle, where the precompress plugin compresses the result.
 */
export const minifyPublicScriptsPlugin = (files: readonly string[]): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'ai-coaching:minify-public-scripts',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of files) {
        const target = path.join(outDir, file);
        const result = await minify(file, await readFile(target, 'utf8'), {});
        if (result.errors.length > 0) throw new Error(`minify-public-scripts: ${file}: ${result.errors[0]!.message}`);
        await writeFile(target, result.code);
      }
    },
  };
};
