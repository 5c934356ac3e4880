import { Navigate } from 'react-router';

/** `/settings/webhooks` (the link of the mail about an endpoint turned off): the Integrations page's webhooks. */
export const WebhooksRedirectRoute = () => <Navigate to="/settings/integrations#webhooks" replace />;
