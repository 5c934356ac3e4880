import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * Adds `<link rel="modulepreload">` tags to index.html for lazy route modules a first visit usually needs (the
 * landing page and its login form), with the chunks they import.
 *
 * Without them the browser learns of the route's chunk only once the entry has run and the router has matched
 * the address: one more round trip before the page's main content can paint (a third of a second on Lighthouse's
 * mobile network). Preloading fetches them alongside the entry; it does not run them, so other pages pay only the
 * download of a few kilobytes, and a cache hit later.
 */
export const routePreloadPlugin = (routeModules: readonly string[]): Plugin => {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'ai-coaching:route-preload',
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
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const routeModule of routeModules) {
          const id = path.resolve(root, routeModule);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preload: no chunk has ${routeModule} as its entry module`);
          add(chunk.fileName);
        }
        // What the page loads anyway is left to the tags Vite wrote.
        const tags: HtmlTagDescriptor[] = [...wanted]
          .filter((fileName) => !html.includes(`${base}${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
};
