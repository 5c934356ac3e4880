import { ComingSoonRoute } from './coming-soon-route';

// Placeholder until the screen is built.
export const Page2Route = () => <ComingSoonRoute feature="coaching" />;
