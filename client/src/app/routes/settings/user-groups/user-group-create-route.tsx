import { ComingSoonRoute } from '../../coming-soon-route';

// Placeholder until the screen is built.
export const UserGroupCreateRoute = () => <ComingSoonRoute feature="coaching" />;
