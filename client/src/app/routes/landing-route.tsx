import { LandingIntro } from '../../features/landing/components/landing-intro';

export const LandingRoute = () => <LandingIntro />;
