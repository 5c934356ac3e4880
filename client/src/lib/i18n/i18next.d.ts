import 'i18next';
import type { CatalogueShape, DEFAULT_NAMESPACE } from './resources';

// Makes `t()` keys compile-time checked against the en-GB catalogues.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: CatalogueShape;
  }
}
