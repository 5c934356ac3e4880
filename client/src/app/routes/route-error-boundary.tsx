import { useLocation, useRouteError } from 'react-router';
import { ErrorView } from '../../features/errors/components/error-view';
import { describeError } from '../../features/errors/utils/describe-error';

/** errorElement inside the web layout, so the top bar and footer stay usable when a page fails. */
export const RouteErrorBoundary = () => {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <ErrorView error={describeError(error)} path={pathname} />;
};

/** Last resort when the layout itself fails: no chrome, but still a <main> landmark and a way home. */
export const RootErrorBoundary = () => {
  const error = useRouteError();
  const { pathname } = useLocation();
  return (
    <main className="min-h-dvh">
      <ErrorView error={describeError(error)} path={pathname} />
    </main>
  );
};
