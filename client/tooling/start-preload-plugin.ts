import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** index.html's empty block (as Prettier lays it out), which public/theme-init.js reads the chunks to preload from. */
const START_PRELOAD_PLACEHOLDER = /<script type="application\/json" id="start-preload">\s*\{\}\s*<\/script>/;

/**
 * Lists, in index.html, the lazy modules a first screen usually needs, with the chunks they import, for
 * public/theme-init.js to preload:
 *
 * - `signedOut` (the landing page and its login form) when no session token is stored;
 * - `signedIn` (the auth machine, the query client: what every signed-in page starts with) when one is.
 *
 * Without them the browser learns of these chunks only once the entry has run: one more round trip before the
 * page's main content can paint (a third of a second on Lighthouse's mobile network). Preloading fetches them
 * alongside the entry; it does not run them. The list is a JSON block (data, so the CSP allows it) because only a
 * script can tell whether a session is stored.
 */
export const startPreloadPlugin = (modules: { signedOut: readonly string[]; signedIn: readonly string[] }): Plugin => {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'ai-coaching:start-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        if (!START_PRELOAD_PLACEHOLDER.test(html)) {
          throw new Error('start-preload: index.html lacks its empty #start-preload block before theme-init.js');
        }
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        /** The chunk of each module and every chunk it imports, minus what index.html loads anyway. */
        const filesOf = (entries: readonly string[]): string[] => {
          const wanted = new Set<string>();
          const add = (fileName: string) => {
            if (wanted.has(fileName)) return;
            wanted.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
          };
          for (const entry of entries) {
            const id = path.resolve(root, entry);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`start-preload: no chunk has ${entry} as its entry module`);
            add(chunk.fileName);
          }
          return [...wanted].map((fileName) => `${base}${fileName}`).filter((href) => !html.includes(`${href}"`));
        };
        const list = { signedOut: filesOf(modules.signedOut), signedIn: filesOf(modules.signedIn) };
        return html.replace(
          START_PRELOAD_PLACEHOLDER,
          `<script type="application/json" id="start-preload">${JSON.stringify(list)}</script>`,
        );
      },
    },
  };
};
