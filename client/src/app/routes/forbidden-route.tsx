import { useLocation } from 'react-router';
import { ErrorView } from '../../features/errors/components/error-view';
import { describeError } from '../../features/errors/utils/describe-error';

const FORBIDDEN = describeError({ status: 403 });

/** Target of the permission and role guards (spec §4, step 6). */
export const ForbiddenRoute = () => {
  const { pathname } = useLocation();
  return <ErrorView error={FORBIDDEN} path={pathname} />;
};
