import { createBrowserRouter, type RouteObject } from 'react-router';
import { WebLayout } from './layouts/web-layout';
import { ForbiddenRoute } from './routes/forbidden-route';
import { LandingRoute } from './routes/landing-route';
import { NotFoundRoute } from './routes/not-found-route';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/route-error-boundary';

export const routes: RouteObject[] = [
  {
    element: <WebLayout />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        // Pathless boundary: a failing page renders its error inside the layout instead of replacing it.
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <LandingRoute /> },
          { path: '403', element: <ForbiddenRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
