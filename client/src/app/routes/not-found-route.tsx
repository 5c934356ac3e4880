import { useLocation } from 'react-router';
import { ErrorView } from '../../features/errors/components/error-view';
import { describeError } from '../../features/errors/utils/describe-error';

const NOT_FOUND = describeError({ status: 404 });

export const NotFoundRoute = () => {
  const { pathname } = useLocation();
  return <ErrorView error={NOT_FOUND} path={pathname} />;
};
