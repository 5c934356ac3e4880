import { useLocation } from 'react-router';
import { AuthPanel, isAuthMarker } from '../../features/auth/components/auth-panel';
import { LandingIntro } from '../../features/landing/components/landing-intro';

/** `/`: the landing page; `#login`, `#forgot-password` and `#reset-password` open the forms (spec §2). */
export const LandingRoute = () => {
  const { hash } = useLocation();
  if (!isAuthMarker(hash)) return <LandingIntro />;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <AuthPanel />
    </div>
  );
};
