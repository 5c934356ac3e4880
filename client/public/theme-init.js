/* global window, document */
// Applies the remembered colour theme before the first paint, so a dark-mode user never sees a white flash.
// It is a separate file, loaded by a plain blocking <script src> in index.html, because the server's
// Content-Security-Policy (script-src 'self') forbids inline scripts.
// Keep in step with resolveTheme() in src/lib/theme/theme.ts (same storage key and rules).
(function applyStoredTheme() {
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
