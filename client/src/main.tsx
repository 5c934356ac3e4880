import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppServices } from './app/services';
import { CURRENT_BUILD_ID } from './lib/build/build-id';
import { detectLocale } from './lib/i18n/detect-locale';
import { bindDocumentLanguage } from './lib/i18n/document-language';
import { createI18n } from './lib/i18n/i18n';
import './styles/index.css';

const i18n = createI18n(detectLocale({ cookie: document.cookie, languages: navigator.languages }));
bindDocumentLanguage(i18n);
// Lets support staff and e2e tests tell which deployment a page runs (compare with /build/latest.json).
document.documentElement.dataset.buildId = CURRENT_BUILD_ID;

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const services = createAppServices();

createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} router={createAppRouter(services)} services={services} />
  </StrictMode>,
);
