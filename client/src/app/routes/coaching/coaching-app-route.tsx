import { Outlet } from 'react-router';
import { ApplicationGate } from '../../../features/applications/components/application-gate';

/** Every page under `/apps/ai-coaching`: shown only while AI coaching is installed for the user's organization. */
export const CoachingAppRoute = () => (
  <ApplicationGate applicationId="ai-coaching">
    <Outlet />
  </ApplicationGate>
);
