import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/ui/query-state';
import { LayoutSwitch } from './layouts/layout-switch';
import { SUCCESS_LOGIN_PATH, createNavigationGuard } from './navigation/navigation-guard';
import { pageRoutes } from './route-table';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/route-error-boundary';
import type { AppServices } from './services';

export const createAppRouter = (services: AppServices) => {
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <LayoutSwitch />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <Loading />,
      // Spec §4: the guard runs before every navigation, so the root loader always runs again.
      shouldRevalidate: () => true,
      children: [
        {
          // Pathless boundary: a failing page renders its error inside the layout instead of replacing it.
          errorElement: <RouteErrorBoundary />,
          children: pageRoutes,
        },
      ],
    },
  ];
  routes[0]!.loader = createNavigationGuard(routes, services.navigation);
  const router = createBrowserRouter(routes);

  // A session that ends on its own no longer reloads the page to the login form: the page stays under a sign-in
  // dialog (layouts/session-ended-gate.tsx). When someone else signs in instead, the page belonged to the previous
  // person: start again from the dashboard.
  services.onUserSwitched(() => void router.navigate(SUCCESS_LOGIN_PATH));
  return router;
};

export type AppRouter = ReturnType<typeof createAppRouter>;
