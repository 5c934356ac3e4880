/* global window, document */
// Runs before the first paint, loaded by a plain blocking <script src> in index.html because the server's
// Content-Security-Policy (script-src 'self') forbids inline scripts. Two jobs that cannot wait for the app:
(function applyStoredTheme() {
  // 1. The remembered colour theme, so a dark-mode user never sees a white flash.
  // Keep in step with resolveTheme() in src/lib/theme/theme.ts (same storage key and rules).
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked (privacy modes); fall back to the OS preference.
  }
  var prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var isDark = stored === 'dark' || (stored !== 'light' && prefersDark);
  document.documentElement.classList.toggle('dark', isDark);
})();
(function preloadFirstScreen() {
  // 2. The lazy chunks the first screen needs, fetched beside the entry instead of after it has run: with a stored
  // session (the keys of src/features/auth/storage.ts) the auth machine and the query client, without one the
  // landing page. The build lists them in #start-preload (tooling/start-preload-plugin.ts); the dev server does not.
  try {
    var list = JSON.parse(document.getElementById('start-preload').textContent);
    var signedIn = window.localStorage.getItem('accessToken') || window.localStorage.getItem('keycloakAccessToken');
    var files = (signedIn ? list.signedIn : list.signedOut) || [];
    for (var index = 0; index < files.length; index += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[index];
      document.head.appendChild(link);
    }
  } catch {
    // No storage, or no list: the app loads the chunks itself when it needs them.
  }
})();
