import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppServices } from './app/services';
import { CURRENT_BUILD_ID } from './lib/build/build-id';
import { detectLocale } from './lib/i18n/detect-locale';
import { bindDocumentLanguage } from './lib/i18n/document-language';
import { createI18n } from './lib/i18n/i18n';
import { SIGNED_OUT_NAMESPACES, START_NAMESPACES } from './lib/i18n/start-namespaces';
import { hasStoredSession } from './features/auth/storage';
import './styles/index.css';

// Lets support staff and e2e tests tell which deployment a page runs (compare with /build/latest.json).
document.documentElement.dataset.buildId = CURRENT_BUILD_ID;

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first screen's catalogues download while the router starts (navigation guard, the page's lazy module). With a
// stored session the first screen is most likely a signed-in page, which needs no sign-in words (the landing page
// loads them with its route when the session turns out to be over).
const i18nReady = createI18n(
  detectLocale({ cookie: document.cookie, languages: navigator.languages }),
  hasStoredSession(window.localStorage) ? START_NAMESPACES : [...START_NAMESPACES, ...SIGNED_OUT_NAMESPACES],
);
const services = createAppServices();
const router = createAppRouter(services);

void i18nReady.then((i18n) => {
  bindDocumentLanguage(i18n);
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} router={router} services={services} />
    </StrictMode>,
  );
});
