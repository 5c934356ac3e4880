import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/app-providers';
import type { AppRouter } from './router';
import type { AppServices } from './services';

export type AppProps = {
  i18n: I18n;
  router: AppRouter;
  services: AppServices;
};

export const App = ({ i18n, router, services }: AppProps) => {
  useEffect(() => {
    // Spec §4 readiness flag: children's effects have run by now, so the first screen is mounted. E2E tests wait on it.
    document.documentElement.dataset.appReady = 'true';
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nextProvider>
  );
};
