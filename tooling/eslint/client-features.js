import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

/**
 * A client feature (`client/src/features/<name>/`) never imports another feature: what two features share moves to
 * `components/`, `hooks/` or `lib/`, so a feature can be changed or removed alone. Relative imports are resolved
 * to files (the client imports without extensions), or else to the path they name, so `../../users/api/users-api`
 * is caught however it is spelled.
 * Imports inside one feature are the plugin's "internal" dependencies, which it does not check.
 * A feature calls the API through the generated routes, never the contracts' operations (see the second object).
 */
export const clientFeatureConfigs = (rootPath) => [
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': rootPath,
      'boundaries/elements': [{ type: 'feature', pattern: 'client/src/features/*', capture: ['feature'] }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
        [fileURLToPath(new URL('relative-path-resolver.cjs', import.meta.url))]: {},
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'Feature `{{from.element.captured.feature}}` imports feature `{{to.element.captured.feature}}`: ' +
                'features never import each other; move what both need to `components/`, `hooks/` or `lib/`.',
            },
          ],
        },
      ],
    },
  },
  {
    // Requests go through lib/http/contract-routes.ts, which carries no zod; the contracts' operations (zod schemas
    // and all) are read only where a form needs a request's schema, in the feature's `api/*-schema(s).ts`.
    files: ['client/src/features/**/*.{ts,tsx}'],
    ignores: ['client/src/features/*/api/*-schema.ts', 'client/src/features/*/api/*-schemas.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='@ai-coaching/contracts'][importKind!='type'] > " +
            "ImportSpecifier[importKind!='type'][imported.name=/Operations$/]",
          message:
            'Call operations through `lib/http/contract-routes` (no zod); a form takes its request schema from the ' +
            "feature's `api/*-schemas.ts` (client/CONTEXT.md, API files).",
        },
      ],
    },
  },
];
