interface ImportMetaEnv {
  /** Set by vite.config.ts at build time; equals `id` in /build/latest.json. Undefined under Vitest. */
  readonly VITE_BUILD_ID?: string;
}
