import { SessionGeneratorsPage } from '../../../features/session-generators/components/session-generators-page';

/** `/apps/ai-coaching/session-generator/list`: the organization's session generators and their runs. */
export const SessionGeneratorsRoute = () => <SessionGeneratorsPage />;
