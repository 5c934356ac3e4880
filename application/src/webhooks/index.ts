export * from './webhook-endpoints.js';
export * from './webhook-deliveries.js';
export * from './webhook-delivery-attempt.js';
export * from './webhook-dispatcher.js';
export { checkWebhookUrl, sealWebhookSecret, signingSecrets } from './webhook-secrets.js';
