import { ComingSoonRoute } from '../../coming-soon-route';

// Placeholder until the screen is built.
export const OrganizationCreateRoute = () => <ComingSoonRoute feature="coaching" />;
