import { PreconnectPanel } from '../../../features/auth/components/preconnect-panel';

export const PreconnectRoute = () => <PreconnectPanel />;
