import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/ui/query-state';
import { LayoutSwitch } from './layouts/layout-switch';
import { createNavigationGuard } from './navigation/navigation-guard';
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

  // A session that ends on its own (401 without refresh, failed profile reload) sends the user to login.
  let wasSignedIn = services.auth.getSnapshot().matches('signedIn');
  services.auth.subscribe((snapshot) => {
    const signedIn = snapshot.matches('signedIn');
    if (wasSignedIn && snapshot.matches('signedOut')) void router.revalidate();
    if (signedIn || snapshot.matches('signedOut')) wasSignedIn = signedIn;
  });
  return router;
};

export type AppRouter = ReturnType<typeof createAppRouter>;
