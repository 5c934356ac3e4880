/* global window, document */
// Before the first paint (a blocking script: the CSP forbids inline ones). docs/client.md, "How the client loads".
(function applyStoredTheme() {
  // The remembered theme, else the OS preference; as resolveTheme() in src/lib/theme/theme.ts.
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage blocked: the OS preference.
  }
  var prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', stored === 'dark' || (stored !== 'light' && prefersDark));
})();
(function preloadFirstScreen() {
  // The first screen's lazy chunks, listed by the build in #start-preload (tooling/start-preload-plugin.ts): with a
  // stored session (the keys of src/features/auth/storage.ts) the signed-in ones, else the landing page's.
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
    // No storage or no list: the app loads the chunks when it needs them.
  }
})();
